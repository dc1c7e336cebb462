import Foundation
import Testing
import TestSupport
@testable import TrendCore

@MainActor
@Suite("ProgressFeature")
struct ProgressFeatureTests {
    @Test("exposes snapshot, goal, unit and loading state (the CFA reference test)")
    func exposesSnapshotGoalUnitAndLoadingState() async {
        let now = TestAppModelFactory.now
        let entries = [
            WeightEntry(timestamp: Timestamp(epochSeconds: now - 86_400, utcOffsetSeconds: 0), kilograms: 82),
            WeightEntry(timestamp: Timestamp(epochSeconds: now, utcOffsetSeconds: 0), kilograms: 80),
        ]
        let repository = InMemoryStoreRepository(store: RecordStore(entries: entries, goalKilograms: 75))
        let appModel = TestAppModelFactory.make(repository: repository, unit: .pounds)
        await appModel.recordLogFeature.refresh()
        await appModel.settingsFeature.refresh()
        let progress = appModel.progressFeature
        progress.select(.month)
        await progress.prepared()
        #expect(progress.snapshot.points.map(\.kilograms) == [82, 80])
        #expect(progress.snapshot.weightChangeKilograms == -2)
        #expect(abs((progress.snapshot.changeKilograms ?? 0) + 0.2) < 1e-9)
        #expect(progress.goalKilograms == 75)
        #expect(progress.unit == .pounds)
        #expect(!progress.isPreparing)
    }

    @Test("reads entries through the weight log, so a new weigh-in shows after preparing again")
    func noCopy() async throws {
        let app = TestAppModelFactory.make()
        app.progressFeature.select(.all)
        await app.progressFeature.prepared()
        #expect(app.progressFeature.snapshot.isEmpty)
        try await app.weightLogFeature.add(kilograms: 80, at: app.clock.now)
        app.progressFeature.startPreparing()
        await app.progressFeature.prepared()
        #expect(app.progressFeature.snapshot.count == 1)
        #expect(app.progressFeature.range == .all)
    }

    @Test("only the latest selection is published, even when an earlier one finishes after it")
    func latestSelectionWins() async throws {
        let entries = dailyEntries([80, 79, 78, 77], startingAt: CalendarDay(year: 2026, month: 1, day: 1)!)
        let repository = InMemoryStoreRepository(store: RecordStore(entries: entries))
        let app = TestAppModelFactory.make(repository: repository)
        await app.recordLogFeature.refresh()
        let worker = HeldReportWorker()
        let progress = ProgressFeature(records: app.recordLogFeature, settings: app.settingsFeature, clock: app.clock, worker: worker)
        progress.select(.all)
        #expect(await worker.waitUntilHolding(1))
        progress.select(.month)
        #expect(await worker.waitUntilHolding(2))
        #expect(progress.isPreparing)
        // The month (asked last) is ready first, then the earlier All.
        worker.release(2)
        await progress.prepared()
        #expect(progress.snapshot.range == .month)
        #expect(progress.isPreparing == false)
        worker.release(1)
        #expect(await worker.waitUntilFinished(2))
        #expect(progress.range == .month)
        #expect(progress.snapshot.range == .month)
        #expect(progress.snapshot.count == 0)
        #expect(!progress.isPreparing)
    }

    /// Small histories are worked on in place, large ones off the main
    /// actor: both give what the domain computes directly.
    @Test("a history on either side of the in-place limit gives the domain's report", arguments: [1000, StandardReportWorker.inlineEntryLimit + 1])
    func inPlaceAndOffMainActor(count: Int) async throws {
        var generator = SeededGenerator(seed: UInt64(count))
        let weights = (0..<count).map { _ in Double.random(in: 70...90, using: &generator) }
        let entries = dailyEntries(weights, startingAt: CalendarDay(year: 1880, month: 1, day: 1)!)
        let app = TestAppModelFactory.make(repository: InMemoryStoreRepository(store: RecordStore(entries: entries, goalKilograms: 70)))
        await app.recordLogFeature.refresh()
        app.progressFeature.select(.all)
        await app.progressFeature.prepared()
        let expected = ProgressReport.prepare(entries: entries, goalKilograms: 70, range: .all, today: app.clock.today)
        #expect(app.progressFeature.snapshot == expected)
    }
}
