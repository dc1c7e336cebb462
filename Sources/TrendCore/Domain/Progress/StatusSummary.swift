/// What a shell prompt or a status bar shows (SPEC §8, `trend status`):
/// the trend, the weekly rate once there is a week of weigh-ins, what is
/// left to the goal, and the trend of the last 14 days for a sparkline.
/// Cheap: one pass over the history.
public struct StatusSummary: Equatable, Sendable {
    public let asOf: CalendarDay
    public let trendKilograms: Double
    public let weeklyRateKilograms: Double?
    /// goal − trend (negative: to lose); nil without a goal, zero once reached.
    public let remainingKilograms: Double?
    public let goalReached: Bool?
    /// The trend on each of the last `sparklineDays` days up to `asOf`, oldest first (fewer in a short history).
    public let recentTrendKilograms: [Double]

    public static let sparklineDays = 14

    /// Nil without weigh-ins. `entries` in `WeightEntry.isOrderedBefore` order.
    public init?(entries: [WeightEntry], goalKilograms: Double?, method: TrendMethod = .default) {
        let series = TrendSeries(entries: entries, method: method)
        guard let asOf = series.lastDay, let trend = series.lastTrendKilograms else { return nil }
        self.asOf = asOf
        trendKilograms = trend
        weeklyRateKilograms = series.reportedWeeklyRateKilograms
        if let goalKilograms {
            let goal = GoalProjection(
                goalKilograms: goalKilograms, dailyTrends: series.days.lazy.map { $0.trendKilograms }, dailySlopeKilograms: nil, latestDay: asOf,
                projects: false)
            remainingKilograms = goal.remainingKilograms
            goalReached = goal.isReached
        } else {
            remainingKilograms = nil
            goalReached = nil
        }
        recentTrendKilograms = series.days.suffix(Self.sparklineDays).map { $0.trendKilograms }
    }
}
