import Foundation
import Testing
import TestSupport
import TrendCore

@MainActor
@Suite("RecordLogFeature")
struct RecordLogFeatureTests {
    let now = TestAppModelFactory.now

    @Test("overlapping refreshes share one load")
    func sharedRefresh() async {
        let repository = InMemoryStoreRepository(delayTurns: 1_000)
        let feature = RecordLogFeature(repository: repository)
        feature.startLoading()
        #expect(feature.isLoading)
        async let first: Void = feature.refresh()
        async let second: Void = feature.refresh()
        _ = await (first, second)
        #expect(await repository.loadCallCount == 1)
        #expect(!feature.isLoading)
        await feature.refresh()
        #expect(await repository.loadCallCount == 2)
    }

    @Test("a second edit waits for the first, and both land in the order they were made")
    func editsQueued() async throws {
        let repository = InMemoryStoreRepository()
        let app = TestAppModelFactory.make(repository: repository)
        let log = app.weightLogFeature
        let records = app.recordLogFeature
        repository.gate.hold()
        let first = Task { try await log.add(kilograms: 80, at: .local(2026, 11, 29, 7)) }
        #expect(await repository.gate.waitUntilStarted(1))
        // Admitted second: made once the first is in the repository.
        let second = Task { try await log.add(kilograms: 79, at: .local(2026, 11, 28, 7)) }
        // The in-memory repository would take it at once: only the Feature's queue holds it back.
        #expect(await !repository.gate.waitUntilStarted(2, turns: 2_000))
        #expect(records.isSaving)
        repository.gate.release()
        #expect(await repository.gate.waitUntilStarted(2))
        repository.gate.release()
        let (a, b) = (try await first.value, try await second.value)
        #expect(repository.gate.finishedWhenStarted == [0, 1])
        #expect(await repository.insertOrder == [a.id, b.id])
        #expect(log.entries.map(\.id) == [b.id, a.id])
        #expect(!records.isSaving)
    }

    @Test("a failed edit does not stop the one queued after it")
    func failedEditQueued() async throws {
        let repository = InMemoryStoreRepository()
        let app = TestAppModelFactory.make(repository: repository)
        let log = app.weightLogFeature
        let records = app.recordLogFeature
        repository.gate.hold()
        await repository.failSaves(.saveFailed)
        let first = Task { try await log.add(kilograms: 80, at: .local(2026, 11, 29, 7)) }
        #expect(await repository.gate.waitUntilStarted(1))
        let second = Task { try await log.add(kilograms: 79, at: .local(2026, 11, 28, 7)) }
        #expect(await !repository.gate.waitUntilStarted(2, turns: 2_000))
        repository.gate.release()
        await #expect(throws: InMemoryStoreRepository.TestError.saveFailed) { try await first.value }
        await repository.failSaves(nil)
        #expect(await repository.gate.waitUntilStarted(2))
        repository.gate.release()
        let b = try await second.value
        #expect(log.entries.map(\.id) == [b.id])
        #expect(records.saveError == nil)
    }

    @Test("validates weight and date before touching storage")
    func validation() async throws {
        let repository = InMemoryStoreRepository()
        let app = TestAppModelFactory.make(repository: repository)
        let log = app.weightLogFeature
        await #expect(throws: LogError.weightOutOfRange(kilograms: 0)) { try await log.add(kilograms: 0, at: .local(2026, 11, 1)) }
        await #expect(throws: LogError.weightOutOfRange(kilograms: 1000.5)) { try await log.add(kilograms: 1000.5, at: .local(2026, 11, 1)) }
        let tooLate = Timestamp(epochSeconds: now + 24 * 3600 + 1, utcOffsetSeconds: 0)
        await #expect(throws: LogError.dateInFuture(timestamp: tooLate)) { try await log.add(kilograms: 80, at: tooLate) }
        // Up to 24 hours ahead is a clock or a time zone, not a typo.
        try await log.add(kilograms: 80, at: Timestamp(epochSeconds: now + 24 * 3600, utcOffsetSeconds: 0))
        await #expect(throws: LogError.goalOutOfRange(kilograms: -1)) { try await app.goalFeature.setGoal(kilograms: -1) }
        #expect(await repository.saveCallCount == 1)
    }

    @Test("a failing repository sets the error and keeps the previous data")
    func failures() async throws {
        let existing = WeightEntry(timestamp: .local(2026, 11, 1), kilograms: 80)
        let repository = InMemoryStoreRepository(store: RecordStore(entries: [existing], goalKilograms: 70))
        let app = TestAppModelFactory.make(repository: repository)
        let log = app.weightLogFeature
        let records = app.recordLogFeature
        await records.refresh()
        await repository.failSaves(.saveFailed)
        await #expect(throws: InMemoryStoreRepository.TestError.saveFailed) { try await log.add(kilograms: 81, at: .local(2026, 11, 2)) }
        #expect(records.saveError as? InMemoryStoreRepository.TestError == .saveFailed)
        #expect(log.entries == [existing])
        await repository.failLoads(.loadFailed)
        await records.refresh()
        #expect(records.loadError as? InMemoryStoreRepository.TestError == .loadFailed)
        #expect(log.entries == [existing])
        #expect(records.store.goalKilograms == 70)
        await repository.failSaves(nil)
        try await log.add(kilograms: 81, at: .local(2026, 11, 2))
        #expect(records.saveError == nil)
    }

    @Test("update and remove change one entry; the rest is untouched")
    func updateRemove() async throws {
        let a = WeightEntry(timestamp: .local(2026, 11, 1), kilograms: 80, note: "a")
        let b = WeightEntry(timestamp: .local(2026, 11, 2), kilograms: 81)
        let app = TestAppModelFactory.make(repository: InMemoryStoreRepository(store: RecordStore(entries: [a, b])))
        let log = app.weightLogFeature
        let records = app.recordLogFeature
        await records.refresh()
        let changed = try await log.update(matching: a.idText, kilograms: 79, timestamp: .local(2026, 11, 3), note: .clear)
        #expect(changed.note == nil)
        #expect(log.entries.map(\.id) == [b.id, a.id])
        #expect(log.entries.last?.kilograms == 79)
        try await records.remove(matching: [b.idText])
        #expect(log.entries.map(\.id) == [a.id])
        await #expect(throws: LogError.unresolvedIDs([.entryNotFound(id: b.idText)])) { try await records.remove(matching: [b.idText]) }
    }

    @Test("finds entries by a unique id prefix of at least 4 hex digits")
    func prefixes() async throws {
        let a = WeightEntry(id: UUID(uuidString: "3F2A1111-0000-4000-8000-000000000001")!, timestamp: .local(2026, 11, 1), kilograms: 80)
        let b = WeightEntry(id: UUID(uuidString: "3F2A2222-0000-4000-8000-000000000002")!, timestamp: .local(2026, 11, 2), kilograms: 81)
        let app = TestAppModelFactory.make(repository: InMemoryStoreRepository(store: RecordStore(entries: [a, b])))
        let log = app.weightLogFeature
        let records = app.recordLogFeature
        await records.refresh()
        #expect(try EntryID.record(matching: "3f2a1", in: log.entries).id == a.id)
        #expect(try EntryID.record(matching: "3F2A2222", in: log.entries).id == b.id)
        #expect(try EntryID.record(matching: a.id.uuidString, in: log.entries).id == a.id)
        #expect(throws: LogError.ambiguousID(prefix: "3f2a", candidates: [.weighIn(a), .weighIn(b)])) { try EntryID.record(matching: "3f2a", in: log.entries) }
        #expect(throws: LogError.malformedID(input: "3f2")) { try EntryID.record(matching: "3f2", in: log.entries) }
        #expect(throws: LogError.malformedID(input: "zzzz")) { try EntryID.record(matching: "zzzz", in: log.entries) }
        #expect(throws: LogError.entryNotFound(id: "ffff")) { try EntryID.record(matching: "ffff", in: log.entries) }
    }

    @Test("edits by id prefix resolve against what is stored, in one change, without loading first")
    func changesByPrefix() async throws {
        let a = WeightEntry(id: UUID(uuidString: "3F2A1111-0000-4000-8000-000000000001")!, timestamp: .local(2026, 11, 1), kilograms: 80, note: "a")
        let b = WeightEntry(id: UUID(uuidString: "3F2A2222-0000-4000-8000-000000000002")!, timestamp: .local(2026, 11, 2), kilograms: 81)
        let repository = InMemoryStoreRepository(store: RecordStore(entries: [a, b]))
        let app = TestAppModelFactory.make(repository: repository)
        let log = app.weightLogFeature
        let records = app.recordLogFeature
        #expect(log.entries.isEmpty)
        let changed = try await log.update(matching: "3f2a1", kilograms: 79.5, note: .clear)
        #expect(changed.id == a.id && changed.kilograms == 79.5 && changed.note == nil)
        #expect(await repository.loadCallCount == 0)
        #expect(log.entries.map(\.kilograms) == [79.5, 81])
        await #expect(throws: LogError.unresolvedIDs([.ambiguousID(prefix: "3f2a", candidates: [.weighIn(changed), .weighIn(b)])])) { try await records.remove(matching: ["3f2a"]) }
        let saves = await repository.saveCallCount
        await #expect(throws: LogError.malformedID(input: "3f")) { try await log.update(matching: "3f", kilograms: 70) }
        await #expect(throws: LogError.weightOutOfRange(kilograms: 0)) { try await log.update(matching: "3f2a1", kilograms: 0) }
        #expect(await repository.saveCallCount == saves)
        await #expect(throws: LogError.unresolvedIDs([.entryNotFound(id: "ffff")])) { try await records.remove(matching: ["ffff"]) }
        #expect(try await records.remove(matching: ["3F2A2"]).map(\.id) == [b.id])
        #expect(await repository.store.entries.map(\.id) == [a.id])
    }

    @Test("the latest weigh-in's age is measured in elapsed time, strictly")
    func age() async throws {
        let latest = WeightEntry(timestamp: Timestamp(epochSeconds: now - 36 * 3600, utcOffsetSeconds: 3600), kilograms: 80)
        let app = TestAppModelFactory.make(repository: InMemoryStoreRepository(store: RecordStore(entries: [latest])))
        let log = app.weightLogFeature
        let records = app.recordLogFeature
        await records.refresh()
        #expect(!log.isLatestEntry(olderThanSeconds: 36 * 3600))
        #expect(log.isLatestEntry(olderThanSeconds: 36 * 3600 - 1))
    }
}

@MainActor
@Suite("RecordLogFeature changes")
struct RecordLogFeatureChangeTests {
    @Test("every change written is kept for the front end to tell a hook; one that changes nothing is not")
    func changesKept() async throws {
        let repository = InMemoryStoreRepository()
        let app = TestAppModelFactory.make(repository: repository)
        let log = app.weightLogFeature
        let records = app.recordLogFeature
        let now = Timestamp(epochSeconds: TestAppModelFactory.now - 3600, utcOffsetSeconds: 0)
        let entry = try await log.add(kilograms: 80, at: now)
        try await log.update(matching: entry.idText, kilograms: 80.4)
        try await log.update(matching: entry.idText, kilograms: 80.4)
        try await log.update(matching: entry.idText, kilograms: 80)
        #expect(records.changes.map(\.summary) == [
            ChangeSummary(added: 1, removed: 0, changed: 0, goalChanged: false),
            ChangeSummary(added: 0, removed: 0, changed: 1, goalChanged: false),
            ChangeSummary(added: 0, removed: 0, changed: 1, goalChanged: false),
        ])
        #expect(records.changes.map { $0.written.map(\.kilograms) } == [[80], [80.4], [80]])
        await repository.failSaves(.saveFailed)
        await #expect(throws: InMemoryStoreRepository.TestError.saveFailed) { try await log.add(kilograms: 81, at: now) }
        #expect(records.changes.count == 3)
    }
}
