import Foundation
import Testing
import TestSupport
@testable import TrendCore

@MainActor
@Suite("TrendFeature")
struct TrendFeatureTests {
    @Test("listing gives each entry its day's trend over the whole history")
    func listing() async throws {
        let entries = dailyEntries([70, 71, 69], startingAt: CalendarDay(year: 2026, month: 11, day: 28)!)
        let app = TestAppModelFactory.make(repository: InMemoryStoreRepository(store: RecordStore(entries: entries)))
        await app.recordLogFeature.refresh()
        let listed = await app.trendFeature.listing(EntrySelection(limit: 1), estimatedDays: false).points
        #expect(listed.count == 1)
        #expect(abs(listed[0].trendKilograms - 69.99) < 1e-9)
    }

    @Test("the estimated days between the listed weigh-ins carry the interpolated weight and its trend")
    func estimatedDays() async throws {
        let first = CalendarDay(year: 2026, month: 1, day: 1)!
        let entries = [
            WeightEntry(timestamp: Timestamp.local(2026, 1, 1), kilograms: 70), WeightEntry(timestamp: Timestamp.local(2026, 1, 4), kilograms: 73),
        ]
        let app = TestAppModelFactory.make(repository: InMemoryStoreRepository(store: RecordStore(entries: entries)))
        await app.recordLogFeature.refresh()
        let (points, estimated) = await app.trendFeature.listing(EntrySelection(), estimatedDays: true)
        #expect(points.count == 2)
        // SPEC §5's vector: 70 on Jan 1 and 73 on Jan 4 → estimated 71, 72, trends 70.1, 70.29.
        #expect(estimated.map(\.day) == [first.adding(days: 1), first.adding(days: 2)])
        #expect(estimated.map(\.kilograms) == [71, 72])
        #expect(zip(estimated.map(\.trendKilograms), [70.1, 70.29]).allSatisfy { abs($0 - $1) < 1e-9 })
    }

    @Test("the trend after a backfilled weigh-in names its own day's trend and the latest one")
    func loggedTrend() async throws {
        let entries = dailyEntries([80, 81, 79, 80], startingAt: CalendarDay(year: 2026, month: 3, day: 1)!)
        let app = TestAppModelFactory.make(repository: InMemoryStoreRepository(store: RecordStore(entries: entries)))
        await app.recordLogFeature.refresh()
        let series = TrendSeries(entries: entries)
        let backfilled = try #require(await app.trendFeature.trend(for: entries[1]))
        #expect(backfilled.isBackfill)
        #expect(backfilled.trendKilograms == series.trendKilograms(on: entries[1].calendarDay))
        #expect(backfilled.latestTrendKilograms == series.lastTrendKilograms)
        let latest = try #require(await app.trendFeature.trend(for: entries[3]))
        #expect(!latest.isBackfill)
    }

    @Test("the status line follows the method the settings choose for the session")
    func statusFollowsMethod() async throws {
        let entries = dailyEntries([70, 73, 72, 71, 70], startingAt: CalendarDay(year: 2026, month: 3, day: 1)!)
        let app = TestAppModelFactory.make(repository: InMemoryStoreRepository(store: RecordStore(entries: entries, goalKilograms: 65)))
        await app.recordLogFeature.refresh()
        let standard = try #require(await app.trendFeature.status())
        app.settingsFeature.useMethodForSession(.libra)
        let libra = try #require(await app.trendFeature.status())
        #expect(standard.trendKilograms == TrendSeries(entries: entries).lastTrendKilograms)
        #expect(libra.trendKilograms == TrendSeries(entries: entries, method: .libra).lastTrendKilograms)
        #expect(standard.trendKilograms != libra.trendKilograms)
        #expect(standard.remainingKilograms.map { $0 < 0 } == true)
    }

    @Test("without weigh-ins there is no status and no listing")
    func empty() async {
        let app = TestAppModelFactory.make()
        await app.recordLogFeature.refresh()
        #expect(await app.trendFeature.status() == nil)
        #expect(await app.trendFeature.listing(EntrySelection(), estimatedDays: true).points.isEmpty)
    }
}
