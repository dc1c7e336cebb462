#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One measurement's trend (SPEC §16). A tape is read weekly or less, so
/// a daily EMA over filled-in days lags weeks behind a falling waist; the
/// trend is smoothed on the measured days themselves instead: on each
/// measured day, the least-squares line through that day's and the
/// previous 27 days' readings (each day's first value), taken at the day.
/// A steady change shows without lag and a single odd reading is damped.
/// Days between two measured days take both lines linearly; nothing is
/// filled across a gap of more than 60 days (the trend starts again after
/// it); the weekly rate is the least-squares slope of the last 28 daily
/// trends × 7.
public struct MeasurementSeries: Sendable {
    public struct Day: Equatable, Sendable {
        public let day: CalendarDay
        public let isMeasured: Bool
        /// The day's first value (measured or filled), centimetres.
        public let centimetres: Double
        public let trend: Double
    }

    public static let gapDays = 60
    public static let windowDays = 28
    public static let rateWindowDays = 28

    /// Oldest first; contiguous within a segment, a new segment after each gap.
    public let days: [Day]
    private let segmentStarts: [Int]

    /// `entries` of one name, in store order.
    public init(_ entries: [MeasurementEntry]) {
        var first: [Int: (seconds: Int64, centimetres: Double)] = [:]
        for entry in entries {
            let day = entry.calendarDay.dayNumber
            if let known = first[day], known.seconds <= entry.timestamp.epochSeconds { continue }
            first[day] = (entry.timestamp.epochSeconds, entry.centimetres)
        }
        let measured = first.keys.sorted().map { (day: $0, value: first[$0]!.centimetres) }
        var days: [Day] = []
        var starts: [Int] = []
        var windowStart = 0
        var previous: (day: Int, value: Double, trend: Double)?
        for (i, reading) in measured.enumerated() {
            while measured[windowStart].day <= reading.day - Self.windowDays { windowStart += 1 }
            let trend = Self.lineValue(at: reading.day, through: measured[windowStart...i])
            if let previous, reading.day - previous.day <= Self.gapDays {
                let span = Double(reading.day - previous.day)
                for filled in (previous.day + 1)..<reading.day {
                    let share = Double(filled - previous.day) / span
                    days.append(
                        Day(
                            day: CalendarDay(dayNumber: filled), isMeasured: false, centimetres: previous.value + (reading.value - previous.value) * share,
                            trend: previous.trend + (trend - previous.trend) * share))
                }
            } else {
                starts.append(days.count)
            }
            days.append(Day(day: CalendarDay(dayNumber: reading.day), isMeasured: true, centimetres: reading.value, trend: trend))
            previous = (reading.day, reading.value, trend)
        }
        self.days = days
        segmentStarts = starts
    }

    /// The least-squares line through `readings` (unevenly spaced days), at `day`; the value itself when alone.
    static func lineValue(at day: Int, through readings: ArraySlice<(day: Int, value: Double)>) -> Double {
        guard readings.count >= 2 else { return readings.last!.value }
        // Days counted from `day`, so the line's value there is its intercept.
        return LeastSquares.fit(x: readings.map { Double($0.day - day) }, y: readings.map(\.value)).intercept
    }

    private func index(onOrBefore day: CalendarDay) -> Int? {
        var low = 0
        var high = days.count
        while low < high {
            let mid = (low + high) / 2
            if days[mid].day <= day { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? nil : low - 1
    }

    /// The latest day on or before `day`.
    public func latest(onOrBefore day: CalendarDay) -> Day? { index(onOrBefore: day).map { days[$0] } }

    /// The trend on `day` when the series covers it.
    public func trend(on day: CalendarDay) -> Double? {
        guard let i = index(onOrBefore: day), days[i].day == day else { return nil }
        return days[i].trend
    }

    /// Slope × 7 of the last 28 daily trends up to `day`, after the last gap; nil with fewer than 2.
    public func weeklyRate(upTo day: CalendarDay) -> Double? {
        guard let end = index(onOrBefore: day) else { return nil }
        let start = segmentStarts.last { $0 <= end } ?? 0
        let window = days[max(start, end - Self.rateWindowDays + 1)...end]
        guard window.count >= 2 else { return nil }
        return LeastSquares.weeklySlope(window.map(\.trend))
    }
}
