import Testing
import TestSupport
import TrendCore

@Suite("Goal projection")
struct GoalProjectionTests {
    let latest = CalendarDay(year: 2026, month: 11, day: 30)!

    func projection(_ goal: Double, _ trend: Double, slope: Double?) -> GoalProjection {
        GoalProjection(goalKilograms: goal, dailyTrends: [trend], dailySlopeKilograms: slope, latestDay: latest)
    }

    @Test("losing toward a lower goal projects a date")
    func toward() {
        let goal = projection(75, 80, slope: -0.1)
        #expect(goal.remainingKilograms == -5)
        #expect(goal.isMovingTowardGoal)
        #expect(goal.projectedDay == latest.adding(days: 50))
    }

    @Test("gaining toward a higher goal projects a date")
    func gaining() {
        #expect(projection(60, 55, slope: 0.03).projectedDay == latest.adding(days: 166))
    }

    @Test("moving away, flat, too slow or too far gives no date", arguments: [
        (75.0, 80.0, 0.1), (75, 80, 0), (75, 80, -0.00009), (75, 80, -0.0045), (60, 55, -0.2),
    ])
    func noDate(goal: Double, trend: Double, slope: Double) {
        let projection = projection(goal, trend, slope: slope)
        #expect(projection.projectedDay == nil)
        #expect(projection.remainingKilograms == goal - trend)
    }

    @Test("just inside three years still projects")
    func horizon() {
        #expect(projection(75, 80, slope: -5.0 / 1094.5).projectedDay == latest.adding(days: 1094))
    }

    @Test("before a week of weigh-ins nothing is projected")
    func notEnoughData() {
        let early = GoalProjection(goalKilograms: 75, dailyTrends: [80, 79.9], dailySlopeKilograms: -0.1, latestDay: latest, projects: false)
        #expect(early.projectedDay == nil)
        #expect(abs(early.remainingKilograms + 4.9) < 1e-9)
    }

    /// B = 2.5 lb = 1.134 kg around a goal of 75: the band is [73.866, 76.134].
    @Test("TrendWeight's hysteresis: reached once arrived, not merely inside the band", arguments: [
        // Approaching from above, inside the band but not yet at the goal: 0.8 kg to lose.
        ([80.0, 78, 76.5, 75.8], false),
        // Arrived from above (at or below the goal), then drifting up inside the band: still reached.
        ([80.0, 77, 75.5, 74.9, 75.6, 76.0], true),
        // Arrived, then left the band above: not reached any more.
        ([80.0, 75, 76.5], false),
        // From below: reached only once at or above the goal.
        ([70.0, 72, 74.5], false),
        ([70.0, 72, 75.1, 74.2], true),
        // Never outside the band: reached from the first day.
        ([75.5, 75.9, 74.1], true),
    ])
    func hysteresis(trends: [Double], reached: Bool) {
        let goal = GoalProjection(goalKilograms: 75, dailyTrends: trends, dailySlopeKilograms: -0.01, latestDay: latest)
        #expect(goal.isReached == reached, "\(trends)")
        #expect(goal.remainingKilograms == (reached ? 0 : 75 - trends.last!))
        if reached { #expect(goal.projectedDay == nil) }
    }
}
