/// The smoothed trend of SPEC §5 and §7: one value per calendar day from the
/// first weigh-in day to the last.
///
/// Each day with weigh-ins takes its earliest one; days between are
/// estimated by linear interpolation; the trend is smoothed by the chosen
/// method (TrendWeight's EMA of α = 0.1 a day by default), seeded with the
/// first day's weight. It is always computed over the whole history, so a
/// range shows the same trend values as All.
public struct TrendSeries: Sendable {
    public let method: TrendMethod

    public struct Day: Equatable, Sendable {
        public let day: CalendarDay
        /// The day's earliest weigh-in, or the interpolated value.
        public let kilograms: Double
        public let trendKilograms: Double
        /// No weigh-in that day: an estimated day (SPEC §5).
        public let isInterpolated: Bool
    }

    /// Contiguous: `days[i].day == firstDay + i`.
    public let days: [Day]

    /// `entries` must be in `WeightEntry.isOrderedBefore` order.
    public init(entries: [WeightEntry], method: TrendMethod = .default) {
        self.init(firstWeights: Self.firstWeights(entries), method: method)
    }

    /// The series of `entries` without those at the indices `skipped`
    /// (ascending): a million entries less a few are not copied to leave
    /// those few out.
    public init(entries: [WeightEntry], skipping skipped: [Int], method: TrendMethod = .default) {
        self.init(firstWeights: Self.firstWeights(entries, skipping: skipped), method: method)
    }

    private init(firstWeights found: (low: Int, weights: [Double])?, method: TrendMethod) {
        self.method = method
        guard let (low, firstWeight) = found else {
            days = []
            return
        }
        var result: [Day] = []
        result.reserveCapacity(firstWeight.count)
        var smoother = TrendMethod.Smoother(method: method)
        var previous = 0
        for index in firstWeight.indices where !firstWeight[index].isNaN {
            let weight = firstWeight[index]
            // The estimated days since the previous weigh-in day, then this day.
            let gap = index - previous
            if gap > 1 {
                let previousWeight = firstWeight[previous]
                for step in 1..<gap {
                    let value = previousWeight + (weight - previousWeight) * Double(step) / Double(gap)
                    let trend = smoother.next(weight: method.fillsGaps ? value : nil, isWeighIn: false)
                    result.append(
                        Day(day: CalendarDay(dayNumber: low + previous + step), kilograms: value, trendKilograms: trend, isInterpolated: true))
                }
            }
            let trend = smoother.next(weight: weight, isWeighIn: true)
            result.append(Day(day: CalendarDay(dayNumber: low + index), kilograms: weight, trendKilograms: trend, isInterpolated: false))
            previous = index
        }
        days = result
    }

    /// The earliest weigh-in of each day from the first day to the last
    /// (NaN: none), and the first day's number. Entries come in instant
    /// order, so the first one met on a day is its earliest, even where two
    /// offsets put a later instant on an earlier day; and the first and
    /// last days are found near the ends (`calendarDayRange`). Entries in
    /// another order have their days found among all of them.
    static func firstWeights(_ entries: [WeightEntry]) -> (low: Int, weights: [Double])? {
        guard let range = entries.calendarDayRange else { return nil }
        if let weights = firstWeights(entries, from: range.lowerBound.dayNumber, through: range.upperBound.dayNumber) {
            return (range.lowerBound.dayNumber, weights)
        }
        let days = entries.map(\.calendarDay.dayNumber)
        guard let low = days.min(), let high = days.max(), let weights = firstWeights(entries, from: low, through: high) else { return nil }
        return (low, weights)
    }

    /// The earliest weigh-in of each day among the entries not at `skipped`.
    static func firstWeights(_ entries: [WeightEntry], skipping skipped: [Int]) -> (low: Int, weights: [Double])? {
        var low = Int.max
        var high = Int.min
        var next = 0
        for (index, entry) in entries.enumerated() {
            if next < skipped.count && skipped[next] == index {
                next += 1
                continue
            }
            let day = entry.calendarDay.dayNumber
            low = min(low, day)
            high = max(high, day)
        }
        guard low <= high else { return nil }
        var weights = [Double](repeating: .nan, count: high - low + 1)
        next = 0
        for (index, entry) in entries.enumerated() {
            if next < skipped.count && skipped[next] == index {
                next += 1
                continue
            }
            let day = entry.calendarDay.dayNumber - low
            if weights[day].isNaN { weights[day] = entry.kilograms }
        }
        return (low, weights)
    }

    /// Nil when an entry's day is outside `low...high`.
    private static func firstWeights(_ entries: [WeightEntry], from low: Int, through high: Int) -> [Double]? {
        var weights = [Double](repeating: .nan, count: high - low + 1)
        for entry in entries {
            let index = entry.calendarDay.dayNumber - low
            guard weights.indices.contains(index) else { return nil }
            if weights[index].isNaN { weights[index] = entry.kilograms }
        }
        return weights
    }

    public var firstDay: CalendarDay? { days.first?.day }
    /// The trend on the latest weigh-in day.
    public var lastTrendKilograms: Double? { days.last?.trendKilograms }
    public var lastDay: CalendarDay? { days.last?.day }

    public func trendKilograms(on day: CalendarDay) -> Double? {
        guard let first = days.first?.day.dayNumber else { return nil }
        let index = day.dayNumber - first
        return days.indices.contains(index) ? days[index].trendKilograms : nil
    }

    /// Least-squares slope of the last 14 daily trend values (8 for The
    /// Hacker's Diet; fewer when the history is shorter), in kilograms per
    /// day; nil with fewer than 2 days.
    public var dailySlopeKilograms: Double? {
        guard let last = days.last?.day else { return nil }
        return dailySlopeKilograms(endingOn: last)
    }

    /// The same slope as it was on `day`: the window of trend values ending then.
    public func dailySlopeKilograms(endingOn day: CalendarDay) -> Double? {
        guard let first = days.first?.day.dayNumber else { return nil }
        let end = min(days.count, day.dayNumber - first + 1)
        guard end >= 2 else { return nil }
        return LeastSquares.dailySlope(days[max(0, end - method.rateWindowDays)..<end].map(\.trendKilograms))
    }

    /// The weekly rate as it was on `day` (a weigh-in day), once the history
    /// up to then was a week of weigh-ins (`hasEnoughDataForRate`); else nil.
    public func weeklyRateKilograms(endingOn day: CalendarDay) -> Double? {
        guard let first = days.first?.day.dayNumber, day.dayNumber >= first else { return nil }
        let end = min(days.count, day.dayNumber - first + 1)
        let weighInDays = days[0..<end].count { !$0.isInterpolated }
        guard end >= Self.enoughDays, weighInDays >= Self.enoughWeighInDays else { return nil }
        return dailySlopeKilograms(endingOn: day).map { $0 * 7 }
    }

    public var weeklyRateKilograms: Double? { dailySlopeKilograms.map { $0 * 7 } }

    /// Days with a weigh-in.
    public var weighInDayCount: Int { days.count { !$0.isInterpolated } }

    /// A week of weigh-ins (SPEC §5): the history spans at least 7 days
    /// (first to latest weigh-in day, both counted) with at least 4 days
    /// of weigh-ins. Before that a rate is noise: two weigh-ins a day apart
    /// would "project" a goal date months away.
    public var hasEnoughDataForRate: Bool {
        guard let first = firstDay, let last = lastDay else { return false }
        return last.dayNumber - first.dayNumber + 1 >= Self.enoughDays && weighInDayCount >= Self.enoughWeighInDays
    }

    public static let enoughDays = 7
    public static let enoughWeighInDays = 4

    /// The weekly rate once there is enough data for one.
    public var reportedWeeklyRateKilograms: Double? { hasEnoughDataForRate ? weeklyRateKilograms : nil }

    /// Two weigh-in days more than this many days apart make a long gap
    /// (SPEC §5): the trend runs through it, but nothing is estimated or
    /// drawn inside it.
    public static let longGapDays = 30

    /// The estimated days from `first` to `last` outside long gaps, and the
    /// longest of those gaps as (last weigh-in day before it, first after).
    /// One walk for the report, the listing and the charts, so they agree.
    public func estimatedDays(from first: CalendarDay, through last: CalendarDay) -> (days: [Day], longestGap: (CalendarDay, CalendarDay)?) {
        guard let start = days.first?.day.dayNumber else { return ([], nil) }
        var estimated: [Day] = []
        var pending: [Day] = []
        var longest: (CalendarDay, CalendarDay)?
        var previous = lastWeighInDay(before: first)
        for day in days.dropFirst(max(0, first.dayNumber - start)) where day.day <= last {
            if day.isInterpolated {
                pending.append(day)
                continue
            }
            if let before = previous, day.day.dayNumber - before.dayNumber > Self.longGapDays {
                if day.day.dayNumber - before.dayNumber > (longest.map { $0.1.dayNumber - $0.0.dayNumber } ?? 0) { longest = (before, day.day) }
            } else {
                estimated += pending
            }
            pending = []
            previous = day.day
        }
        return (estimated, longest)
    }

    /// The last day with a weigh-in before `day`.
    public func lastWeighInDay(before day: CalendarDay) -> CalendarDay? {
        guard let first = days.first?.day.dayNumber else { return nil }
        var index = min(days.count, day.dayNumber - first) - 1
        while index >= 0 {
            if !days[index].isInterpolated { return days[index].day }
            index -= 1
        }
        return nil
    }
}
