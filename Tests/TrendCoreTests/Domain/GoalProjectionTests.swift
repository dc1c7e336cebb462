import Testing
import TestSupport
import TrendCore

@Suite("Goal projection")
struct GoalProjectionTests {
    let latest = CalendarDay(year: 2026, month: 11, day: 30)!

    @Test("losing toward a lower goal projects a date")
    func toward() {
        let goal = GoalProjection(goalKilograms: 75, trendKilograms: 80, dailySlopeKilograms: -0.1, latestDay: latest)
        #expect(goal.remainingKilograms == -5)
        #expect(goal.isMovingTowardGoal)
        #expect(goal.projectedDay == latest.adding(days: 50))
    }

    @Test("gaining toward a higher goal projects a date")
    func gaining() {
        let goal = GoalProjection(goalKilograms: 60, trendKilograms: 55, dailySlopeKilograms: 0.03, latestDay: latest)
        #expect(goal.projectedDay == latest.adding(days: 166))
    }

    @Test("moving away, flat, too slow or too far gives no date", arguments: [
        (75.0, 80.0, 0.1), (75, 80, 0), (75, 80, -0.00009), (75, 80, -0.0045), (60, 55, -0.2),
    ])
    func noDate(goal: Double, trend: Double, slope: Double) {
        let projection = GoalProjection(goalKilograms: goal, trendKilograms: trend, dailySlopeKilograms: slope, latestDay: latest)
        #expect(projection.projectedDay == nil)
        #expect(projection.remainingKilograms == goal - trend)
    }

    @Test("just inside three years still projects")
    func horizon() {
        let projection = GoalProjection(goalKilograms: 75, trendKilograms: 80, dailySlopeKilograms: -5.0 / 1094.5, latestDay: latest)
        #expect(projection.projectedDay == latest.adding(days: 1094))
    }
}
