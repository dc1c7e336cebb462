import Foundation
import Testing
import TestSupport
import TrendCore

/// The intake capability (SPEC §15) on an in-memory store: logging,
/// repeats, the kJ guard, edits, and removal by id across kinds.
@MainActor
@Suite("IntakeFeature")
struct IntakeFeatureTests {
    @Test("logs food energy; the same amount within two minutes is one entry, unless forced")
    func log() async throws {
        let repository = InMemoryStoreRepository()
        let app = TestAppModelFactory.make(repository: repository)
        let noon = Timestamp.local(2026, 11, 30, 12)
        let first = try await app.intakeFeature.log(kilocalories: 650, at: noon, note: "lunch")
        #expect(!first.isRepeat)
        let again = try await app.intakeFeature.log(kilocalories: 650.2, at: noon.adding(seconds: 90))
        #expect(again.isRepeat && again.entry.id == first.entry.id)
        try await app.intakeFeature.log(kilocalories: 650, at: noon.adding(seconds: 90), force: true)
        #expect(app.intakeFeature.entries.count == 2)
        #expect(await repository.store.intake.count == 2)
        #expect(await repository.store.versionNeeded == 3)
    }

    @Test("more than 5,000 kcal at once is refused as a likely kJ figure unless forced; beyond 20,000 or nothing is never an entry")
    func bounds() async throws {
        let app = TestAppModelFactory.make()
        let noon = Timestamp.local(2026, 11, 30, 12)
        await #expect(throws: LogError.unlikelyIntake(kilocalories: 8400)) { try await app.intakeFeature.log(kilocalories: 8400, at: noon) }
        try await app.intakeFeature.log(kilocalories: 8400, at: noon, force: true)
        await #expect(throws: LogError.intakeOutOfRange(kilocalories: 25_000)) { try await app.intakeFeature.log(kilocalories: 25_000, at: noon, force: true) }
        await #expect(throws: LogError.intakeOutOfRange(kilocalories: 0)) { try await app.intakeFeature.log(kilocalories: 0, at: noon) }
        await #expect(throws: LogError.self) { try await app.intakeFeature.log(kilocalories: 500, at: noon.adding(days: 3)) }
        #expect(app.intakeFeature.entries.count == 1)
    }

    @Test("an edit resolves the id among the intake; rm takes ids of any kind, and a prefix two kinds share is ambiguous")
    func editAndRemove() async throws {
        let weighIn = WeightEntry(id: UUID(uuidString: "3F2A1111-0000-4000-8000-000000000001")!, timestamp: .local(2026, 11, 1), kilograms: 80)
        let meal = IntakeEntry(id: UUID(uuidString: "3F2A2222-0000-4000-8000-000000000002")!, timestamp: .local(2026, 11, 1, 13), kilocalories: 700)
        let waist = MeasurementEntry(id: UUID(uuidString: "9C011111-0000-4000-8000-000000000003")!, timestamp: .local(2026, 11, 1, 7), name: .waist, centimetres: 84)
        let repository = InMemoryStoreRepository(store: RecordStore(entries: [weighIn], intake: [meal], measurements: [waist]))
        let app = TestAppModelFactory.make(repository: repository)
        await app.recordLogFeature.refresh()
        let edited = try await app.intakeFeature.update(matching: "3f2a2", kilocalories: 720, note: .set("soup"))
        #expect(edited.kilocalories == 720 && edited.note == "soup" && edited.id == meal.id)
        await #expect(throws: LogError.entryNotFound(id: "3f2a1")) { try await app.intakeFeature.update(matching: "3f2a1", kilocalories: 1) }
        await #expect(throws: LogError.unresolvedIDs([.ambiguousID(prefix: "3f2a", candidates: [.weighIn(weighIn), .intake(edited)])])) {
            try await app.recordLogFeature.remove(matching: ["3f2a"])
        }
        let removed = try await app.recordLogFeature.remove(matching: ["3f2a2", "9c01"])
        #expect(removed.map(\.id) == [meal.id, waist.id])
        let store = await repository.store
        #expect(store.intake.isEmpty && store.measurements.isEmpty && store.entries == [weighIn])
        // What rm took out is remembered (SPEC §18): the memory is version 4; without it, an older trend's version.
        #expect(store.removed.count == 2 && store.versionNeeded == 4)
        var forgotten = store
        forgotten.forget(Set(store.removed))
        #expect(forgotten.versionNeeded == 1, "without intake, measurements or memories the file goes back to the version an older trend reads")
    }
}
