import Foundation
import Testing
import TestSupport
@testable import TrendCore

@Suite("WeightEntry")
struct WeightEntryTests {
    static let id = UUID(uuidString: "00000000-0000-4000-8000-000000000001")!
    static let when = Timestamp(epochSeconds: 1_790_000_000, utcOffsetSeconds: 3600)

    @Test("body fat reads back as given, and nil as nil")
    func fat() {
        var entry = WeightEntry(id: Self.id, timestamp: Self.when, kilograms: 80)
        #expect(entry.fatPercent == nil)
        entry.fatPercent = 22.4
        #expect(entry.fatPercent == 22.4)
        entry.fatPercent = nil
        #expect(entry.fatPercent == nil)
        #expect(WeightEntry(id: Self.id, timestamp: Self.when, kilograms: 80, fatPercent: 0.5).fatPercent == 0.5)
    }

    @Test("entries without body fat are equal and hash alike; body fat, a note or a weight tells them apart")
    func equality() {
        let plain = WeightEntry(id: Self.id, timestamp: Self.when, kilograms: 80)
        let same = WeightEntry(id: Self.id, timestamp: Self.when, kilograms: 80)
        #expect(plain == same)
        #expect(plain.hashValue == same.hashValue)
        #expect(Set([plain, same]).count == 1)
        #expect(plain != WeightEntry(id: Self.id, timestamp: Self.when, kilograms: 80, fatPercent: 20))
        #expect(WeightEntry(id: Self.id, timestamp: Self.when, kilograms: 80, fatPercent: 20) == WeightEntry(id: Self.id, timestamp: Self.when, kilograms: 80, fatPercent: 20))
        #expect(plain != WeightEntry(id: Self.id, timestamp: Self.when, kilograms: 80, note: "n"))
        #expect(plain != WeightEntry(id: Self.id, timestamp: Self.when, kilograms: 80.1))
        #expect(plain != WeightEntry(id: Self.id, timestamp: Timestamp(epochSeconds: 1_790_000_000, utcOffsetSeconds: 0), kilograms: 80))
    }

    /// "No note" has one spelling, whichever initialiser made the record:
    /// both kinds end in their memberwise initialiser, which does not check.
    @Test("an empty note is stored as no note, by every initialiser of a weigh-in and of an intake entry", arguments: [nil, "", "n", " "] as [String?])
    func emptyNoteIsNoNote(note: String?) {
        let kept: String? = (note ?? "").isEmpty ? nil : note
        let recordID = RecordID(Self.id)
        #expect(WeightEntry(id: Self.id, timestamp: Self.when, kilograms: 80, note: note).note == kept)
        #expect(WeightEntry(recordID: recordID, timestamp: Self.when, kilograms: 80, note: note, fatPercent: 20).note == kept)
        #expect(IntakeEntry(id: Self.id, timestamp: Self.when, kilocalories: 500, note: note).note == kept)
        #expect(IntakeEntry(recordID: recordID, timestamp: Self.when, kilocalories: 500, note: note).note == kept)
        let entry = WeightEntry(recordID: recordID, timestamp: Self.when, kilograms: 80, note: note, fatPercent: 20)
        #expect(entry.recordID == recordID && entry.timestamp == Self.when && entry.kilograms == 80 && entry.fatPercent == 20)
        let intake = IntakeEntry(recordID: recordID, timestamp: Self.when, kilocalories: 500, note: note)
        #expect(intake.recordID == recordID && intake.timestamp == Self.when && intake.kilocalories == 500)
    }

    /// Runs of one second among ordered ones, as imports give them: in order,
    /// one pair swapped inside a second, or out of order across seconds; an
    /// hour written twice (local times where a clock is set back), a row
    /// that belongs first written last (moved back past every other), and
    /// orders too far from sorted to mend row by row (reversed, shuffled).
    @Test(
        "a store puts its entries in the one order, whatever order they come in",
        arguments: ["ordered", "same second", "across seconds", "hour written twice", "first row last", "reversed", "shuffled"])
    func sortInOrder(shape: String) throws {
        var generator = SeededGenerator(seed: 7)
        var seconds: [Int64] = []
        var second: Int64 = 1_700_000_000
        for _ in 0..<2_000 {
            second += Int64.random(in: 0...2, using: &generator)
            seconds.append(second)
        }
        var entries = seconds.map { WeightEntry(timestamp: Timestamp(epochSeconds: $0, utcOffsetSeconds: 0), kilograms: 80) }
        let expected = entries.sorted(by: WeightEntry.isOrderedBefore)
        switch shape {
        case "ordered": entries = expected
        case "same second":
            entries = expected
            let tie = try #require(entries.indices.dropFirst().first { entries[$0].timestamp == entries[$0 - 1].timestamp && $0 > 1_000 })
            entries.swapAt(tie, tie - 1)
        case "across seconds": entries.swapAt(10, 1_500)
        case "hour written twice":
            entries = expected
            let later = Array(entries[500..<540])
            entries.removeSubrange(500..<540)
            entries.insert(contentsOf: later, at: 520)
        case "first row last":
            entries = Array(expected.dropFirst()) + [expected[0]]
        case "shuffled": entries = expected.shuffled(using: &generator)
        default: entries = expected.reversed()
        }
        #expect(RecordStore(entries: entries).entries == expected)
    }
}
