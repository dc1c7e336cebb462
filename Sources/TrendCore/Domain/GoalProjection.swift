/// How far the trend is from the goal and, when it is heading there, the day
/// it would arrive at its current pace (SPEC §5).
public struct GoalProjection: Equatable, Sendable {
    /// Slower than this is "not moving".
    public static let minimumDailySlope = 0.0001
    /// Projections this far out (3 years) or farther are not worth showing.
    public static let horizonDays = 1095
    /// Closer than this to the goal counts as there.
    public static let reachedWithinKilograms = 0.05

    public let goalKilograms: Double
    /// |trend − goal|.
    public let remainingKilograms: Double
    public let isMovingTowardGoal: Bool
    /// Counted from the latest weigh-in day, so an old history can give a past date.
    public let projectedDay: CalendarDay?

    public var isReached: Bool { remainingKilograms < GoalProjection.reachedWithinKilograms }

    public init(goalKilograms: Double, trendKilograms: Double, dailySlopeKilograms: Double?, latestDay: CalendarDay) {
        self.goalKilograms = goalKilograms
        let difference = goalKilograms - trendKilograms
        remainingKilograms = abs(difference)
        let slope = dailySlopeKilograms ?? 0
        isMovingTowardGoal = difference != 0 && abs(slope) >= GoalProjection.minimumDailySlope
            && (difference > 0) == (slope > 0)
        if isMovingTowardGoal {
            let days = (remainingKilograms / abs(slope)).rounded(.down)
            projectedDay = days < Double(GoalProjection.horizonDays) ? latestDay.adding(days: Int(days)) : nil
        } else {
            projectedDay = nil
        }
    }
}
