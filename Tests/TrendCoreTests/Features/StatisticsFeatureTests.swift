import Foundation
import Testing
import TestSupport
@testable import TrendCore

@MainActor
@Suite("StatisticsFeature")
struct StatisticsFeatureTests {
    /// Four full weeks from a Monday, a weigh-in a day, and meals in the second.
    static func history() -> RecordStore {
        let monday = CalendarDay(year: 2026, month: 3, day: 2)!
        let entries = dailyEntries((0..<28).map { 80 - Double($0) * 0.1 }, startingAt: monday)
        let intake = (7..<14).map { day in
            IntakeEntry(timestamp: Timestamp.local(2026, 3, 2).adding(days: day), kilocalories: 2000 + Double(day))
        }
        return RecordStore(entries: entries, intake: intake)
    }

    @Test("a row per week to the last day asked for, empty weeks included, and intake beside the week that has it")
    func weeks() async throws {
        let app = TestAppModelFactory.make(repository: InMemoryStoreRepository(store: Self.history()))
        await app.recordLogFeature.refresh()
        let statistics = try #require(await app.statisticsFeature.statistics(by: .week, until: CalendarDay(year: 2026, month: 4, day: 5)))
        #expect(statistics.rows.map(\.weighIns) == [7, 7, 7, 7, 0])
        #expect(statistics.rows.map { $0.averageIntake != nil } == [false, true, false, false, false])
        #expect(statistics.rows[1].averageIntake == 2010)
    }

    @Test("since and until choose the days; until before the first weigh-in gives nothing")
    func days() async throws {
        let app = TestAppModelFactory.make(repository: InMemoryStoreRepository(store: Self.history()))
        await app.recordLogFeature.refresh()
        let second = try #require(
            await app.statisticsFeature.statistics(by: .week, since: CalendarDay(year: 2026, month: 3, day: 9), until: CalendarDay(year: 2026, month: 3, day: 15)))
        #expect(second.rows.count == 1)
        #expect(second.rows[0].weighIns == 7)
        #expect(await app.statisticsFeature.statistics(by: .week, until: CalendarDay(year: 2026, month: 1, day: 1)) == nil)
    }

    @Test("no weigh-ins: no statistics")
    func empty() async {
        let app = TestAppModelFactory.make()
        await app.recordLogFeature.refresh()
        #expect(await app.statisticsFeature.statistics(by: .month) == nil)
    }
}
