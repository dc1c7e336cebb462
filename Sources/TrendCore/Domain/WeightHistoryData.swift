/// The prepared progress report for one range (SPEC §5). All weights are in
/// kilograms; front ends convert for display through `WeightUnit`.
public struct WeightHistoryData: Equatable, Sendable {
    public struct Point: Equatable, Sendable {
        public let entry: WeightEntry
        /// The trend of the entry's calendar day.
        public let trendKilograms: Double

        public var kilograms: Double { entry.kilograms }
        public var timestamp: Timestamp { entry.timestamp }
    }

    public let range: ProgressRange
    /// First day of the range (All: the first weigh-in's day); nil with no data.
    public let from: CalendarDay?
    public let to: CalendarDay
    /// One per weigh-in in range, oldest first.
    public let points: [Point]
    public let goalKilograms: Double?
    /// Nil when the range holds no weigh-ins.
    public let trendKilograms: Double?
    public let weeklyRateKilograms: Double?
    public let goal: GoalProjection?

    public var count: Int { points.count }
    public var start: WeightEntry? { points.first?.entry }
    public var latest: WeightEntry? { points.last?.entry }
    public var isEmpty: Bool { points.isEmpty }

    public var changeKilograms: Double? {
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

    /// Nothing prepared yet.
    public static func empty(range: ProgressRange, today: CalendarDay) -> WeightHistoryData {
        WeightHistoryData(
            range: range, from: nil, to: today, points: [], goalKilograms: nil, trendKilograms: nil,
            weeklyRateKilograms: nil, goal: nil)
    }

    /// The report for `range` on `today`. Pure, so it runs off the main actor.
    public static func prepare(
        entries: [WeightEntry], goalKilograms: Double?, range: ProgressRange, today: CalendarDay
    ) -> WeightHistoryData {
        let series = TrendSeries(entries: entries)
        let from = range.firstDay(today: today) ?? entries.first.map(\.calendarDay)
        var points: [Point] = []
        if let from, let firstSeriesDay = series.firstDay?.dayNumber {
            // Only the tail of the history can be in range: walk back from the
            // end so the work is proportional to the range, not the history.
            var start = entries.count
            var index = entries.count - 1
            while index >= 0 {
                if entries[index].calendarDay < from.adding(days: -2) { break }
                start = index
                index -= 1
            }
            for entry in entries[start...] {
                let day = entry.calendarDay
                guard day >= from, day <= today else { continue }
                points.append(Point(entry: entry, trendKilograms: series.days[day.dayNumber - firstSeriesDay].trendKilograms))
            }
        }
        let trend = points.last?.trendKilograms
        let slope = series.dailySlopeKilograms
        var goal: GoalProjection?
        if let goalKilograms, let trend, let latestDay = points.last?.entry.calendarDay {
            goal = GoalProjection(
                goalKilograms: goalKilograms, trendKilograms: trend, dailySlopeKilograms: slope, latestDay: latestDay)
        }
        return WeightHistoryData(
            range: range, from: points.isEmpty && range == .all ? nil : from, to: today, points: points,
            goalKilograms: goalKilograms, trendKilograms: trend,
            weeklyRateKilograms: points.isEmpty ? nil : slope.map { $0 * 7 }, goal: goal)
    }
}
