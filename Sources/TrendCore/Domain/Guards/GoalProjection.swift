/// How far the trend is from the goal, whether it is reached, and, when it
/// is heading there, the day it would arrive at its current pace (SPEC §5).
public struct GoalProjection: Equatable, Sendable {
    /// Slower than this is "not moving".
    public static let minimumDailySlope = 0.0001
    /// Projections this far out (3 years) or farther are not worth showing.
    public static let horizonDays = 1095
    /// Within ±2.5 lb of the goal the goal can be reached, as TrendWeight
    /// says: daily swings are larger than that.
    public static let reachedWithinKilograms = 2.5 * WeightUnit.kilogramsPerPound

    public let goalKilograms: Double
    /// goal − trend, signed: negative is weight to lose. Zero when reached.
    public let remainingKilograms: Double
    public let isReached: Bool
    public let isMovingTowardGoal: Bool
    /// Counted from the latest weigh-in day, so an old history can give a
    /// past date; nil when reached, moving away, too slow or too far, or
    /// (`projects` false) before the history can tell a rate.
    public let projectedDay: CalendarDay?

    /// `dailyTrends`: the trend of every day up to the latest weigh-in day,
    /// oldest first (the last is the trend now): what decides "reached".
    public init(
        goalKilograms: Double, dailyTrends: some BidirectionalCollection<Double>, dailySlopeKilograms: Double?, latestDay: CalendarDay,
        projects: Bool = true
    ) {
        self.goalKilograms = goalKilograms
        let trend = dailyTrends.last ?? goalKilograms
        let difference = goalKilograms - trend
        isReached = Self.isReached(goalKilograms: goalKilograms, dailyTrends: dailyTrends)
        remainingKilograms = isReached ? 0 : difference
        let slope = dailySlopeKilograms ?? 0
        isMovingTowardGoal = !isReached && abs(slope) >= GoalProjection.minimumDailySlope && (difference > 0) == (slope > 0)
        if isMovingTowardGoal && projects {
            let days = (abs(difference) / abs(slope)).rounded(.down)
            projectedDay = days < Double(GoalProjection.horizonDays) ? latestDay.adding(days: Int(days)) : nil
        } else {
            projectedDay = nil
        }
    }

    /// TrendWeight's hysteresis over the band B = 2.5 lb: reached when the
    /// trend never left [goal − B, goal + B]; or when it last left it above
    /// and has been at or below the goal since; or last left it below and
    /// has been at or above the goal since. Approaching from above, 0.8 kg
    /// over the goal inside the band is not reached: it has not arrived.
    public static func isReached(goalKilograms goal: Double, dailyTrends: some Collection<Double>) -> Bool {
        let band = reachedWithinKilograms
        var lastOutsideAbove: Bool?
        var arrivedSince = false
        for trend in dailyTrends {
            if trend > goal + band {
                lastOutsideAbove = true
                arrivedSince = false
            } else if trend < goal - band {
                lastOutsideAbove = false
                arrivedSince = false
            } else if let above = lastOutsideAbove, above ? trend <= goal : trend >= goal {
                arrivedSince = true
            }
        }
        return lastOutsideAbove == nil ? !dailyTrends.isEmpty : arrivedSince
    }
}
