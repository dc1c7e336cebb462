/// How far the trend is from the goal and, when it is heading there, the day
/// it would arrive at its current pace (SPEC §5).
public struct GoalProjection: Equatable, Sendable {
    /// Slower than this is "not moving".
    public static let minimumDailySlope = 0.0001
    /// Projections this far out (3 years) or farther are not worth showing.
    public static let horizonDays = 1095
    /// Within ±2.5 lb of the goal the goal is reached, as TrendWeight says:
    /// daily swings are larger than that.
    public static let reachedWithinKilograms = 2.5 * WeightUnit.kilogramsPerPound

    public let goalKilograms: Double
    /// goal − trend, signed: negative is weight to lose. Zero when reached.
    public let remainingKilograms: Double
    public let isReached: Bool
    public let isMovingTowardGoal: Bool
    /// Counted from the latest weigh-in day, so an old history can give a
    /// past date; nil when reached, moving away, too slow or too far.
    public let projectedDay: CalendarDay?

    public init(goalKilograms: Double, trendKilograms: Double, dailySlopeKilograms: Double?, latestDay: CalendarDay) {
        self.goalKilograms = goalKilograms
        let difference = goalKilograms - trendKilograms
        isReached = abs(difference) <= GoalProjection.reachedWithinKilograms
        remainingKilograms = isReached ? 0 : difference
        let slope = dailySlopeKilograms ?? 0
        isMovingTowardGoal = !isReached && abs(slope) >= GoalProjection.minimumDailySlope && (difference > 0) == (slope > 0)
        if isMovingTowardGoal {
            let days = (abs(difference) / abs(slope)).rounded(.down)
            projectedDay = days < Double(GoalProjection.horizonDays) ? latestDay.adding(days: Int(days)) : nil
        } else {
            projectedDay = nil
        }
    }
}
