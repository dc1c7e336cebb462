import Foundation
import Testing
import TestSupport
@testable import TrendCore

@MainActor
@Suite("GoalFeature")
struct GoalFeatureTests {
    static func app() async -> AppModel {
        let entries = dailyEntries((0..<20).map { 82 - Double($0) / 10 }, startingAt: CalendarDay(year: 2026, month: 11, day: 11)!)
        let app = TestAppModelFactory.make(repository: InMemoryStoreRepository(store: RecordStore(entries: entries)))
        await app.recordLogFeature.refresh()
        return app
    }

    @Test("a goal with a date gets a plan that starts today from today's trend")
    func plan() async throws {
        let app = await Self.app()
        let outcome = try await app.goalFeature.setGoal(kilograms: 76, plan: .by(CalendarDay(year: 2027, month: 6, day: 1)!))
        #expect(app.goalFeature.goalKilograms == 76)
        #expect(app.goalFeature.plan?.start == app.clock.today)
        #expect(outcome.trendKilograms == TrendSeries(entries: app.weightLogFeature.entries).lastTrendKilograms)
    }

    @Test("a plan date that is not ahead, or a rate of nothing, is refused and nothing is set", arguments: [
        GoalFeature.PlanRequest.by(CalendarDay(year: 2026, month: 11, day: 30)!), .weeklyRate(kilograms: 0),
    ])
    func refused(plan: GoalFeature.PlanRequest) async {
        let app = await Self.app()
        await #expect(throws: LogError.self) { try await app.goalFeature.setGoal(kilograms: 76, plan: plan) }
        #expect(app.goalFeature.goalKilograms == nil)
    }

    @Test("a goal far off in one unit but close in another is refused as a typo unless the check is skipped")
    func wrongUnit() async throws {
        let app = await Self.app()
        await #expect(throws: LogError.self) { try await app.goalFeature.setGoal(kilograms: 170, check: .typedIn(.kilograms)) }
        try await app.goalFeature.setGoal(kilograms: 170, check: .skipped)
        #expect(app.goalFeature.goalKilograms == 170)
    }

    @Test("a fast plan is set, and its rate is said")
    func fast() async throws {
        let app = await Self.app()
        let outcome = try await app.goalFeature.setGoal(kilograms: 70, plan: .weeklyRate(kilograms: 2))
        #expect(outcome.fastWeeklyRateKilograms == -2)
        try await app.goalFeature.clearGoal()
        #expect(app.goalFeature.goalKilograms == nil && app.goalFeature.plan == nil)
    }
}
