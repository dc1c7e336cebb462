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

/// The measurements part of the report (SPEC §16): each name's latest
/// value, trend, weekly rate and change, and what they mean together:
/// waist-to-height with Ashwell's classes, waist-to-hip with WHO's flag,
/// and the U.S. Navy body-fat estimate.
public struct MeasurementsReport: Equatable, Sendable {
    public struct Summary: Equatable, Sendable {
        public let name: MeasurementName
        /// The latest measurement up to the report's day.
        public let latest: MeasurementEntry
        /// The trend as of the latest measured day.
        public let trend: Double
        public let weeklyRate: Double?
        /// Trend change from the first day in range the series covers to its latest.
        public let change: Double?
        /// The trend 28 days before the latest measured day, when the series reaches it.
        public let changeOverFourWeeks: Double?
    }

    public enum WaistToHeightClass: String, Sendable {
        case low, healthy, increased, high

        /// Ashwell's boundaries: below 0.4 low, to 0.49 healthy, to 0.59 increased, from 0.6 high.
        public init(ratio: Double) {
            self = ratio < 0.4 ? .low : ratio < 0.5 ? .healthy : ratio < 0.6 ? .increased : .high
        }
    }

    /// By name, sorted.
    public let summaries: [Summary]
    public let waistToHeight: Double?
    public let waistToHeightClass: WaistToHeightClass?
    public let waistToHip: Double?
    /// WHO: from 0.90 for men, 0.85 for women; nil without a sex.
    public let waistToHipIncreased: Bool?
    public let navyBodyFat: Double?
    /// The scale's body fat (trend), shown beside the Navy estimate.
    public let scaleFatPercent: Double?

    /// Nil when nothing was measured by `through`.
    public init?(
        _ entries: [MeasurementEntry], from: CalendarDay, through: CalendarDay, heightCentimetres: Double?, sex: Sex?, scaleFatPercent: Double?
    ) {
        var byName: [MeasurementName: [MeasurementEntry]] = [:]
        for entry in entries where entry.calendarDay <= through { byName[entry.name, default: []].append(entry) }
        guard !byName.isEmpty else { return nil }
        var summaries: [Summary] = []
        var trends: [MeasurementName: Double] = [:]
        for name in byName.keys.sorted() {
            let named = byName[name]!
            let series = MeasurementSeries(named)
            guard let latestDay = series.latest(onOrBefore: through) else { continue }
            let latest = named.last { $0.calendarDay == latestDay.day } ?? named.last!
            let firstInRange = series.days.first { $0.day >= from && $0.day <= latestDay.day }
            let change = firstInRange.flatMap { $0.day < latestDay.day ? latestDay.trend - $0.trend : nil }
            let fourWeeks = series.trend(on: latestDay.day.adding(days: -28)).map { latestDay.trend - $0 }
            summaries.append(
                Summary(name: name, latest: latest, trend: latestDay.trend, weeklyRate: series.weeklyRate(upTo: latestDay.day), change: change, changeOverFourWeeks: fourWeeks))
            trends[name] = latestDay.trend
        }
        self.summaries = summaries
        let waist = trends[.waist]
        let hips = trends[.hips]
        let neck = trends[.neck]
        waistToHeight = zip(waist, heightCentimetres).map { $0 / $1 }
        waistToHeightClass = waistToHeight.map(WaistToHeightClass.init(ratio:))
        waistToHip = zip(waist, hips).map { $0 / $1 }
        waistToHipIncreased = zip(waistToHip, sex).map { ratio, sex in ratio >= (sex == .male ? 0.90 : 0.85) }
        if let sex, let height = heightCentimetres, let waist, let neck {
            navyBodyFat = NavyBodyFat.percent(sex: sex, heightCentimetres: height, waistCentimetres: waist, neckCentimetres: neck, hipsCentimetres: hips)
        } else {
            navyBodyFat = nil
        }
        self.scaleFatPercent = scaleFatPercent
    }
}

private func zip<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
    guard let a, let b else { return nil }
    return (a, b)
}

/// The U.S. Navy's circumference body-fat estimate (Hodgdon and Beckett,
/// 1984, as the DoD Instruction 1308.3 writes it), lengths in inches:
/// men 86.010 log10(waist − neck) − 70.041 log10(height) + 36.76; women
/// 163.205 log10(waist + hips − neck) − 97.684 log10(height) − 78.387.
public enum NavyBodyFat {
    /// In percent; nil when an input is missing (hips for women) or the
    /// lengths give no logarithm (a neck as wide as the waist).
    public static func percent(sex: Sex, heightCentimetres: Double, waistCentimetres: Double, neckCentimetres: Double, hipsCentimetres: Double?) -> Double? {
        let inch = MeasurementEntry.centimetresPerInch
        let height = heightCentimetres / inch
        let waist = waistCentimetres / inch
        let neck = neckCentimetres / inch
        switch sex {
        case .male:
            guard waist - neck > 0 else { return nil }
            return 86.010 * log10(waist - neck) - 70.041 * log10(height) + 36.76
        case .female:
            guard let hipsCentimetres else { return nil }
            let girth = waist + hipsCentimetres / inch - neck
            guard girth > 0 else { return nil }
            return 163.205 * log10(girth) - 97.684 * log10(height) - 78.387
        }
    }
}
