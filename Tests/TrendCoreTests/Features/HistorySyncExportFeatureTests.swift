import Foundation
import Testing
import TestSupport
@testable import TrendCore

@MainActor
@Suite("HistoryFeature")
struct HistoryFeatureTests {
    @Test("undo puts the store back as it was before the change, and the weight log shows it; redo re-applies it")
    func undoRedo() async throws {
        let clock = AppClock.fixed(epochSeconds: TestAppModelFactory.now, timeZone: FixedOffsetTimeZone(offsetSeconds: 0))
        let repository = InMemoryRecordRepository(clock: clock)
        let app = TestAppModelFactory.make(weights: repository)
        try await app.weightLogFeature.add(kilograms: 80, at: clock.now)
        let undone = try await app.historyFeature.undo()
        #expect(undone.direction == .undo && undone.effect.removed == 1)
        #expect(app.weightLogFeature.entries.isEmpty)
        #expect(try await app.historyFeature.refreshJournal().canRedo)
        _ = try await app.historyFeature.redo()
        #expect(app.weightLogFeature.entries.count == 1)
        await #expect(throws: StorageError.self) { try await app.historyFeature.redo() }
    }

    @Test("a change made inside naming is journalled under that name; one made outside, under the process's command")
    func naming() async throws {
        let clock = AppClock.fixed(epochSeconds: TestAppModelFactory.now, timeZone: FixedOffsetTimeZone(offsetSeconds: 0))
        let repository = InMemoryRecordRepository(clock: clock, command: "ui")
        let app = TestAppModelFactory.make(weights: repository)
        try await app.historyFeature.naming("log 80") { try await app.weightLogFeature.add(kilograms: 80, at: clock.now) }
        try await app.weightLogFeature.add(kilograms: 81, at: clock.now.adding(days: 1))
        let steps = try await app.historyFeature.refreshJournal().steps
        #expect(steps.map(\.command) == ["log 80", "ui"])
    }
}

@MainActor
@Suite("SyncFeature")
struct SyncFeatureTests {
    @Test("merging adds the copy's records by id and keeps ours where the same id differs; a dry run writes nothing")
    func merge() async throws {
        let clock = AppClock.fixed(epochSeconds: TestAppModelFactory.now, timeZone: FixedOffsetTimeZone(offsetSeconds: 0))
        let ours = RecordStore(entries: dailyEntries([80, 81], startingAt: CalendarDay(year: 2026, month: 11, day: 1)!))
        var theirs = ours
        theirs.insert(WeightEntry(timestamp: Timestamp.local(2026, 11, 5), kilograms: 79))
        var edited = ours.entries[0]
        edited.kilograms = 85
        theirs.replace(edited)
        let repository = InMemoryRecordRepository(store: ours, copies: ["copy.json": theirs], clock: clock)
        let app = TestAppModelFactory.make(weights: repository)
        let dry = try await app.syncFeature.merge(copies: ["copy.json"], prefer: .ours, dryRun: true, deleteMerged: false)
        #expect(dry.first?.outcome?.added == 1)
        #expect(await repository.store == ours)
        let reports = try await app.syncFeature.merge(copies: ["copy.json"], prefer: .ours, dryRun: false, deleteMerged: false)
        #expect(reports.first?.outcome?.conflicts.count == 1)
        #expect(await repository.store.entries.map(\.kilograms) == [80, 81, 79])
    }
}

@MainActor
@Suite("ExportFeature")
struct ExportFeatureTests {
    @Test("the CSV is in exact kilograms, or rounded in the unit chosen for the run")
    func units() async throws {
        let entries = [WeightEntry(timestamp: Timestamp.local(2026, 11, 1), kilograms: 80.123456)]
        let app = TestAppModelFactory.make(repository: InMemoryStoreRepository(store: RecordStore(entries: entries)))
        await app.recordLogFeature.refresh()
        var exact: [UInt8] = []
        app.exportFeature.export(.csv, method: nil) { exact += $0 }
        #expect(String(decoding: exact, as: UTF8.self).contains(",80.123456,kg,"))
        app.settingsFeature.useForSession(.pounds)
        var pounds: [UInt8] = []
        app.exportFeature.export(.csv, method: nil) { pounds += $0 }
        #expect(String(decoding: pounds, as: UTF8.self).contains(",176.64,lb,"))
    }
}
