/// The prepared progress report for one range (SPEC §5). All weights are in
/// kilograms; front ends convert for display through `WeightUnit`.
///
/// The headline numbers (trend, weekly rate, energy balance, deltas, goal)
/// come from the whole history as of the latest weigh-in, whatever the range:
/// the range only selects what is listed, charted and summarised.
public struct ProgressReport: Equatable, Sendable {
    public struct Point: Equatable, Sendable {
        public let entry: WeightEntry
        /// The trend of the entry's calendar day.
        public let trendKilograms: Double

        public var kilograms: Double { entry.kilograms }
        public var timestamp: Timestamp { entry.timestamp }
    }

    /// A day without a weigh-in inside the history: its weight is the
    /// linear interpolation between its neighbours (SPEC §5).
    public struct EstimatedDay: Equatable, Sendable {
        public let day: CalendarDay
        public let kilograms: Double
        public let trendKilograms: Double
    }

    /// Trend on the latest weigh-in day minus the trend 1, 7, 14 and 28 days
    /// earlier; nil where the history does not reach back that far.
    public struct Deltas: Equatable, Sendable {
        public let day: Double?
        public let week: Double?
        public let twoWeeks: Double?
        public let fourWeeks: Double?
    }

    public let range: ProgressRange
    /// Chosen with since/until rather than a named range.
    public let isCustomPeriod: Bool
    /// First day of the range (All: the first weigh-in's day); nil with no data.
    public let from: CalendarDay?
    public let to: CalendarDay
    public let method: TrendMethod
    /// One per weigh-in in range, oldest first.
    public let points: [Point]
    /// The estimated days in range, oldest first.
    public let estimatedDays: [EstimatedDay]
    public let goalKilograms: Double?
    /// The latest weigh-in day: what the headline numbers are "as of".
    public let asOf: CalendarDay?
    /// The first weigh-in day.
    public let trackingSince: CalendarDay?
    public let trendKilograms: Double?
    public let weeklyRateKilograms: Double?
    public let deltas: Deltas
    public let goal: GoalProjection?

    public var count: Int { points.count }
    public var start: WeightEntry? { points.first?.entry }
    public var latest: WeightEntry? { points.last?.entry }
    /// No weigh-ins in the range (the history may still have some).
    public var isEmpty: Bool { points.isEmpty }
    /// No weigh-ins at all.
    public var hasNoHistory: Bool { asOf == nil }

    /// The trend change over the range (TrendWeight's "change").
    public var changeKilograms: Double? {
        guard let first = points.first, let last = points.last else { return nil }
        return last.trendKilograms - first.trendKilograms
    }

    /// Latest minus start weight: the raw change.
    public var weightChangeKilograms: Double? {
        guard let start, let latest else { return nil }
        return latest.kilograms - start.kilograms
    }

    public var minimumKilograms: Double? { points.lazy.map(\.kilograms).min() }
    public var maximumKilograms: Double? { points.lazy.map(\.kilograms).max() }

    public var averageKilograms: Double? {
        points.isEmpty ? nil : points.reduce(0) { $0 + $1.kilograms } / Double(points.count)
    }

    public var remainingKilograms: Double? { goal?.remainingKilograms }
    public var projectedGoalDate: CalendarDay? { goal?.projectedDay }

    /// kcal a day: 3500 kcal a pound of fat, as TrendWeight and The Hacker's
    /// Diet say; negative is a deficit (eating less than you burn).
    public static let kilocaloriesPerKilogram = 3500 / WeightUnit.kilogramsPerPound

    public var energyBalanceKilocaloriesPerDay: Int? {
        weeklyRateKilograms.map { Int(($0 * Self.kilocaloriesPerKilogram / 7).rounded()) }
    }

    /// Days from the latest weigh-in to `to`; a report says so when it is more than 2.
    public var daysSinceLatestWeighIn: Int? { asOf.map { to.dayNumber - $0.dayNumber } }

    /// After this many days without a weigh-in, the figures are said to be old.
    public static let staleAfterDays = 2

    /// The latest weigh-in is older than `staleAfterDays`: the report says
    /// its figures are as of that day.
    public var isLatestWeighInStale: Bool { (daysSinceLatestWeighIn ?? 0) > Self.staleAfterDays }

    /// The projected goal date lies before `to`: the pace would have reached
    /// the goal already ("would have reached it on …", not "on track").
    public var projectedGoalDateIsPast: Bool { projectedGoalDate.map { $0 < to } ?? false }

    /// Nothing prepared yet.
    public static func empty(range: ProgressRange, today: CalendarDay, method: TrendMethod = .default) -> ProgressReport {
        ProgressReport(
            range: range, isCustomPeriod: false, from: nil, to: today, method: method, points: [], estimatedDays: [], goalKilograms: nil, asOf: nil,
            trackingSince: nil, trendKilograms: nil, weeklyRateKilograms: nil,
            deltas: Deltas(day: nil, week: nil, twoWeeks: nil, fourWeeks: nil), goal: nil)
    }

    /// The report for `range` on `today`, or for the days from `since` to
    /// `until` (a report as it was then: later weigh-ins are left out).
    /// Pure, so it runs off the main actor.
    public static func prepare(
        entries allEntries: [WeightEntry], goalKilograms: Double?, range: ProgressRange, today realToday: CalendarDay,
        method: TrendMethod = .default, since: CalendarDay? = nil, until: CalendarDay? = nil
    ) -> ProgressReport {
        let today = until ?? realToday
        let entries = until == nil ? allEntries : allEntries.filter { $0.calendarDay <= today }
        let series = TrendSeries(entries: entries, method: method)
        guard let firstSeriesDay = series.firstDay, let asOf = series.lastDay else {
            return .empty(range: range, today: today, method: method)
        }
        let from = since ?? range.firstDay(today: today) ?? firstSeriesDay
        func trend(_ day: CalendarDay) -> Double? { series.trendKilograms(on: day) }
        // Only the tail of the history can be in range: walk back from the
        // end so the work is proportional to the range, not the history.
        var startIndex = entries.count
        var index = entries.count - 1
        while index >= 0 {
            if entries[index].calendarDay < from.adding(days: -2) { break }
            startIndex = index
            index -= 1
        }
        var points: [Point] = []
        for entry in entries[startIndex...] {
            let day = entry.calendarDay
            guard day >= from, day <= today else { continue }
            points.append(Point(entry: entry, trendKilograms: series.days[day.dayNumber - firstSeriesDay.dayNumber].trendKilograms))
        }
        let firstEstimated = max(from.dayNumber, firstSeriesDay.dayNumber) - firstSeriesDay.dayNumber
        let estimatedDays = series.days.dropFirst(firstEstimated).lazy.filter { $0.isInterpolated && $0.day <= today }
            .map { EstimatedDay(day: $0.day, kilograms: $0.kilograms, trendKilograms: $0.trendKilograms) }
        let latestTrend = trend(asOf)
        func delta(_ days: Int) -> Double? {
            guard let latestTrend, let earlier = trend(asOf.adding(days: -days)) else { return nil }
            return latestTrend - earlier
        }
        let slope = series.dailySlopeKilograms
        var goal: GoalProjection?
        if let goalKilograms, let latestTrend {
            goal = GoalProjection(goalKilograms: goalKilograms, trendKilograms: latestTrend, dailySlopeKilograms: slope, latestDay: asOf)
        }
        return ProgressReport(
            range: range, isCustomPeriod: since != nil || until != nil, from: from, to: today, method: method, points: points, estimatedDays: Array(estimatedDays),
            goalKilograms: goalKilograms, asOf: asOf, trackingSince: firstSeriesDay, trendKilograms: latestTrend,
            weeklyRateKilograms: series.weeklyRateKilograms,
            deltas: Deltas(day: delta(1), week: delta(7), twoWeeks: delta(14), fourWeeks: delta(28)), goal: goal)
    }
}

extension ProgressReport {
    /// A weigh-in or an estimated day: one row of a listing or one step of a
    /// chart's trend line.
    public enum Row: Equatable, Sendable {
        case weighIn(Point)
        case estimated(EstimatedDay)

        public var day: CalendarDay {
            switch self {
            case .weighIn(let point): point.entry.calendarDay
            case .estimated(let day): day.day
            }
        }

        public var trendKilograms: Double {
            switch self {
            case .weighIn(let point): point.trendKilograms
            case .estimated(let day): day.trendKilograms
            }
        }

        public var isEstimated: Bool {
            if case .estimated = self { return true }
            return false
        }
    }

    /// Weigh-ins and estimated days, oldest day first; weigh-ins of one day
    /// keep their order (an estimated day never shares a day with one).
    public static func rows(points: [Point], estimatedDays: [EstimatedDay]) -> [Row] {
        let rows = points.map(Row.weighIn) + estimatedDays.map(Row.estimated)
        return rows.enumerated().sorted { ($0.element.day, $0.offset) < ($1.element.day, $1.offset) }.map(\.element)
    }

    /// The report's weigh-ins and estimated days in day order.
    public var rows: [Row] { Self.rows(points: points, estimatedDays: estimatedDays) }
}
