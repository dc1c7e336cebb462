/// The smoothed trend of SPEC §5 (TrendWeight and The Hacker's Diet): one value
/// per calendar day from the first weigh-in day to the last.
///
/// Each day with weigh-ins takes its earliest one; days between are filled by
/// linear interpolation; the trend is an exponential moving average with
/// α = 0.1 per day, seeded with the first day's weight. It is always computed
/// over the whole history, so a range shows the same trend values as All.
public struct TrendSeries: Sendable {
    public static let smoothing = 0.1
    /// How many daily trend values the weekly rate is fitted to.
    public static let rateWindowDays = 14

    public struct Day: Equatable, Sendable {
        public let day: CalendarDay
        /// The day's earliest weigh-in, or the interpolated value.
        public let kilograms: Double
        public let trendKilograms: Double
        public let isInterpolated: Bool
    }

    /// Contiguous: `days[i].day == firstDay + i`.
    public let days: [Day]

    /// `entries` must be in `WeightEntry.isOrderedBefore` order.
    public init(entries: [WeightEntry]) {
        // Earliest weigh-in per day. Entries are in instant order, but two
        // offsets can put a later instant on an earlier day, so compare.
        var firstOfDay: [Int: (seconds: Int64, kilograms: Double)] = [:]
        var low = Int.max
        var high = Int.min
        for entry in entries {
            let day = entry.calendarDay.dayNumber
            low = min(low, day)
            high = max(high, day)
            if let existing = firstOfDay[day], existing.seconds <= entry.timestamp.epochSeconds { continue }
            firstOfDay[day] = (entry.timestamp.epochSeconds, entry.kilograms)
        }
        guard low <= high else {
            days = []
            return
        }
        var result: [Day] = []
        result.reserveCapacity(high - low + 1)
        var trend = firstOfDay[low]!.kilograms
        var previousDay = low
        var previousWeight = trend
        var dayNumber = low
        while dayNumber <= high {
            guard let weight = firstOfDay[dayNumber]?.kilograms else {
                dayNumber += 1
                continue
            }
            // Fill the gap since the previous weigh-in day, then this day.
            let gap = dayNumber - previousDay
            if gap > 1 {
                for step in 1..<gap {
                    let value = previousWeight + (weight - previousWeight) * Double(step) / Double(gap)
                    trend += TrendSeries.smoothing * (value - trend)
                    result.append(
                        Day(day: CalendarDay(dayNumber: previousDay + step), kilograms: value, trendKilograms: trend,
                            isInterpolated: true))
                }
            }
            if !result.isEmpty { trend += TrendSeries.smoothing * (weight - trend) }
            result.append(Day(day: CalendarDay(dayNumber: dayNumber), kilograms: weight, trendKilograms: trend, isInterpolated: false))
            previousDay = dayNumber
            previousWeight = weight
            dayNumber += 1
        }
        days = result
    }

    public var firstDay: CalendarDay? { days.first?.day }
    public var lastDay: CalendarDay? { days.last?.day }

    public func trendKilograms(on day: CalendarDay) -> Double? {
        guard let first = days.first?.day.dayNumber else { return nil }
        let index = day.dayNumber - first
        return days.indices.contains(index) ? days[index].trendKilograms : nil
    }

    /// Least-squares slope of the last 14 daily trend values (fewer when the
    /// history is shorter), in kilograms per day; nil with fewer than 2 days.
    public var dailySlopeKilograms: Double? {
        let window = days.suffix(TrendSeries.rateWindowDays)
        guard window.count >= 2 else { return nil }
        let n = Double(window.count)
        let meanX = (n - 1) / 2
        let meanY = window.reduce(0) { $0 + $1.trendKilograms } / n
        var numerator = 0.0
        var denominator = 0.0
        for (i, day) in window.enumerated() {
            let dx = Double(i) - meanX
            numerator += dx * (day.trendKilograms - meanY)
            denominator += dx * dx
        }
        return numerator / denominator
    }

    public var weeklyRateKilograms: Double? { dailySlopeKilograms.map { $0 * 7 } }
}
