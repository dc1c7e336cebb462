import Foundation
import Testing
import TestSupport
@testable import TrendCore

/// The store's intake and measurements (SPEC §1): one file, written
/// canonically and only when there is any (so older files keep their
/// version), read strictly, ids unique across all three kinds; and the
/// merges, two-way and three-way, covering them like weigh-ins.
@Suite("Intake and measurements in the store")
struct RecordArraysTests {
    static let weighIn = WeightEntry(id: UUID(uuidString: "11111111-0000-4000-8000-000000000001")!, timestamp: .local(2026, 11, 1, 7), kilograms: 80)
    static let meal = IntakeEntry(id: UUID(uuidString: "22222222-0000-4000-8000-000000000002")!, timestamp: .local(2026, 11, 1, 13, offsetHours: 1), kilocalories: 650.5, note: "lunch \"soup\"")
    static let waist = MeasurementEntry(
        id: UUID(uuidString: "33333333-0000-4000-8000-000000000003")!, timestamp: .local(2026, 11, 1, 7, 5), name: MeasurementName("waist")!, centimetres: 84.25)

    @Test("written canonically after the goal, read back exactly; version 3 only when there is any")
    func roundTrip() throws {
        let store = RecordStore(entries: [Self.weighIn], goalKilograms: 75, intake: [Self.meal], measurements: [Self.waist])
        let text = String(decoding: StoreDocument.encode(store), as: UTF8.self)
        #expect(text.contains("""
              "goalKilograms": 75,
              "intake": [
                {"date": "2026-11-01T13:00:00+01:00", "id": "22222222-0000-4000-8000-000000000002", "kilocalories": 650.5, "note": "lunch \\"soup\\""}
              ],
              "measurements": [
                {"centimetres": 84.25, "date": "2026-11-01T07:05:00+00:00", "id": "33333333-0000-4000-8000-000000000003", "name": "waist"}
              ],
              "version": 3
            """), "\(text)")
        let read = try StoreDocument.decode(Array(text.utf8), path: "w")
        #expect(read == store)
        let plain = RecordStore(entries: [Self.weighIn], goalKilograms: 75)
        let plainText = String(decoding: StoreDocument.encode(plain), as: UTF8.self)
        #expect(!plainText.contains("intake") && plainText.hasSuffix("\"version\": 1\n}\n"))
    }

    @Test("anything the arrays cannot hold exactly is damage, named with its place", arguments: [
        (#"{"entries": [], "intake": [{"date": "2026-11-01T13:00:00+01:00", "id": "22222222-0000-4000-8000-000000000002", "kilocalories": 650, "colour": 1}], "version": 3}"#, "unknown key \"colour\""),
        (#"{"entries": [], "intake": [{"date": "2026-11-01T13:00:00+01:00", "id": "22222222-0000-4000-8000-000000000002", "kilocalories": 0}], "version": 3}"#, "\"kilocalories\" must be"),
        (#"{"entries": [], "intake": [{"date": "2026-11-01T13:00:00+01:00", "id": "22222222-0000-4000-8000-000000000002"}], "version": 3}"#, "the \"kilocalories\" field is missing"),
        (#"{"entries": [], "measurements": [{"centimetres": 84, "date": "2026-11-01T13:00:00+01:00", "id": "22222222-0000-4000-8000-000000000002", "name": "Waist"}], "version": 3}"#, "is not a measurement name"),
        (#"{"entries": [], "measurements": [{"centimetres": 400, "date": "2026-11-01T13:00:00+01:00", "id": "22222222-0000-4000-8000-000000000002", "name": "waist"}], "version": 3}"#, "\"centimetres\" must be 1 to 300"),
        (#"{"entries": [{"date": "2026-11-01T07:00:00+00:00", "id": "22222222-0000-4000-8000-000000000002", "kilograms": 80}], "intake": [{"date": "2026-11-01T13:00:00+01:00", "id": "22222222-0000-4000-8000-000000000002", "kilocalories": 650}], "version": 3}"#, "appears twice"),
        (#"{"entries": [], "intake": [{"date": "2026-11-01T13:00:00+01:00", "id": "22222222-0000-4000-8000-00000000000a", "kilocalories": 650}, {"date": "2026-11-01T19:00:00+01:00", "id": "22222222-0000-4000-8000-00000000000A", "kilocalories": 700}], "version": 3}"#, "appears twice"),
        (#"{"entries": [], "intake": [{"date": "2026-11-01T13:00:00+01:00", "id": "22222222-0000-4000-8000-000000000002", "kilocalories": 650}], "measurements": [{"centimetres": 84, "date": "2026-11-01T13:00:00+01:00", "id": "22222222-0000-4000-8000-000000000002", "name": "waist"}], "version": 3}"#, "appears twice"),
        (#"{"entries": [], "intake": {"a": 1}, "version": 3}"#, "\"intake\" must be an array"),
    ])
    func strict(text: String, reason: String) {
        do {
            _ = try StoreDocument.decode(Array(text.utf8), path: "w")
            Issue.record("read: \(text)")
        } catch {
            #expect("\(error)".contains(reason), "\(error)")
        }
    }

    @Test("a two-way merge adds what only the copy has, of every kind, and a conflict follows --prefer")
    func twoWay() {
        var ours = RecordStore(entries: [Self.weighIn], intake: [Self.meal])
        var changed = Self.meal
        changed.kilocalories = 700
        let theirs = RecordStore(entries: [Self.weighIn], intake: [changed], measurements: [Self.waist])
        let kept = StoreMerge.merge(theirs, into: &ours, prefer: .ours)
        #expect(kept.added == 1 && kept.same == 1 && kept.conflicts.map(\.id) == [Self.meal.id])
        #expect(ours.intake == [Self.meal] && ours.measurements == [Self.waist])
        var preferring = RecordStore(entries: [Self.weighIn], intake: [Self.meal])
        _ = StoreMerge.merge(theirs, into: &preferring, prefer: .theirs)
        #expect(preferring.intake == [changed])
    }

    @Test("git's three-way merge: a change on one side is taken, a deletion honoured, two different changes a conflict kept as ours")
    func threeWay() {
        var eaten = Self.meal
        eaten.kilocalories = 700
        var measured = Self.waist
        measured.centimetres = 84
        let base = RecordStore(entries: [Self.weighIn], intake: [Self.meal], measurements: [Self.waist])
        let ours = RecordStore(entries: [Self.weighIn], intake: [eaten], measurements: [Self.waist])
        let theirs = RecordStore(entries: [Self.weighIn], intake: [Self.meal], measurements: [])
        let clean = StoreMerge.merge(base: base, ours: ours, theirs: theirs)
        #expect(clean.isClean && clean.store.intake == [eaten] && clean.store.measurements.isEmpty)
        let both = RecordStore(entries: [Self.weighIn], intake: [Self.meal], measurements: [measured])
        var otherMeasured = Self.waist
        otherMeasured.centimetres = 85
        let clash = StoreMerge.merge(base: base, ours: both, theirs: RecordStore(entries: [Self.weighIn], intake: [Self.meal], measurements: [otherMeasured]))
        #expect(!clash.isClean && clash.conflicts.map(\.id) == [Self.waist.id] && clash.store.measurements == [measured])
    }

    @Test("a write says what it did to each kind: what the hook is told and undo counts")
    func change() {
        let before = RecordStore(entries: [Self.weighIn], intake: [Self.meal])
        var after = before
        after.insert(Self.waist)
        var eaten = Self.meal
        eaten.kilocalories = 720
        after.replace(eaten)
        let change = StoreChange(from: before, to: after)
        #expect(change.summary.intake == ChangeSummary.Counts(added: 0, removed: 0, changed: 1))
        #expect(change.summary.measurements == ChangeSummary.Counts(added: 1, removed: 0, changed: 0))
        #expect(change.summary.description == "1 intake entry changed, 1 measurement added")
        #expect(change.summary.reversed.measurements.removed == 1)
        let payload = String(decoding: ChangeDocument.json(change, context: .init(command: "eat", commandLine: "trend eat", dataFile: "/d/w.json")), as: UTF8.self)
        #expect(payload.contains("\"intake\": [{\"date\"") && payload.contains("\"kilocalories\": 720") && payload.contains("\"removedIntake\": []"))
    }
}
