import Foundation
import Testing
import TestSupport
@testable import TrendCore

/// Day marks as values (SPEC §21): names, runs, the file, and the merge rule.
@Suite("Day marks")
struct DayMarkTests {
    static let day = CalendarDay(year: 2026, month: 11, day: 2)!

    @Test("a mark's name", arguments: [
        ("period", true), ("sick", true), ("after-party-2", true), ("a", true), (String(repeating: "x", count: 32), true),
        ("", false), (String(repeating: "x", count: 33), false), ("Sick", false), ("salty meal", false), ("née", false),
        ("fat", false), ("intake", false), ("waist", false), ("arm-left", false),
    ])
    func names(text: String, valid: Bool) {
        #expect((MarkName(text) != nil) == valid)
    }

    @Test("runs take consecutive days of one name; a gap or another name starts another")
    func runs() {
        let marks = [0, 1, 2, 4, 5].map { DayMark(day: Self.day.adding(days: $0), name: .period, note: $0 == 1 ? "heavy" : nil) }
            + [DayMark(day: Self.day.adding(days: 1), name: MarkName("sick")!, note: "flu"), DayMark(day: Self.day.adding(days: 2), name: MarkName("sick")!, note: "flu")]
        var generator = SeededGenerator(seed: 21)
        let runs = MarkRun.runs(of: marks.shuffled(using: &generator))
        #expect(runs.map(\.name.text) == ["period", "sick", "period"])
        #expect(runs.map(\.days) == [3, 2, 2])
        #expect(runs[0].notes == ["heavy"] && runs[1].notes == ["flu"] && runs[2].notes.isEmpty)
    }

    @Test("the store's marks array reads back exactly, and its version is 4 only when it holds marks")
    func roundTrip() throws {
        var store = RecordStore(entries: [WeightEntry(timestamp: .local(2026, 11, 1, 7), kilograms: 80)])
        let plain = String(decoding: StoreDocument.encode(store), as: UTF8.self)
        #expect(plain.contains("\"version\": 1") && !plain.contains("marks"))
        store.insert(contentsOf: [DayMark(day: Self.day, name: .period, note: "light \"day\""), DayMark(day: Self.day.adding(days: 1), name: .period)])
        let bytes = StoreDocument.encode(store)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("\"version\": 4"))
        #expect(text.contains("{\"day\": \"2026-11-02\", \"id\": \"\(store.marks[0].idText)\", \"name\": \"period\", \"note\": \"light \\\"day\\\"\"}"))
        let read = try StoreDocument.decode(bytes, path: "w")
        #expect(read == store && read.marks == store.marks)
        #expect(StoreDocument.encode(read) == bytes)
    }

    @Test("a mark that is not one is refused with its place", arguments: [
        (#"{"entries": [], "marks": [{"day": "2026-13-01", "id": "11111111-0000-4000-8000-000000000001", "name": "period"}], "version": 4}"#, "is not a day"),
        (#"{"entries": [], "marks": [{"day": "2026-11-01", "id": "11111111-0000-4000-8000-000000000001", "name": "Period"}], "version": 4}"#, "is not a mark's name"),
        (#"{"entries": [], "marks": [{"date": "2026-11-01T12:00:00+00:00", "day": "2026-11-01", "id": "11111111-0000-4000-8000-000000000001", "name": "sick"}], "version": 4}"#, "unknown key \"date\""),
        (#"{"entries": [], "marks": [{"id": "11111111-0000-4000-8000-000000000001", "name": "sick"}], "version": 4}"#, "\"day\" field is missing"),
        (#"{"entries": [{"date": "2026-11-01T07:00:00+00:00", "id": "11111111-0000-4000-8000-000000000001", "kilograms": 80}], "marks": [{"day": "2026-11-01", "id": "11111111-0000-4000-8000-000000000001", "name": "sick"}], "version": 4}"#, "appears twice"),
    ])
    func refused(text: String, message: String) {
        #expect {
            _ = try StoreDocument.decode(Array(text.utf8), path: "w")
        } throws: { error in
            "\(error)".contains(message) && "\(error)".contains("mark")
        }
    }

    @Test("merge: their marks come in by id, and one a day and name is kept")
    func merge() {
        var ours = RecordStore()
        ours.insert(DayMark(day: Self.day, name: .period))
        var theirs = ours
        theirs.insert(DayMark(day: Self.day, name: .period))
        theirs.insert(DayMark(day: Self.day.adding(days: 1), name: .period))
        let outcome = StoreMerge.merge(theirs, into: &ours, prefer: .ours)
        #expect(outcome.added == 1 && outcome.same == 2 && ours.marks.count == 2)
        // Three ways: both sides marked the same day apart; one is kept.
        let base = RecordStore()
        var left = RecordStore()
        left.insert(DayMark(day: Self.day, name: .period))
        var right = RecordStore()
        right.insert(DayMark(day: Self.day, name: .period))
        right.insert(DayMark(day: Self.day.adding(days: 3), name: MarkName("sick")!))
        let merged = StoreMerge.merge(base: base, ours: left, theirs: right)
        #expect(merged.isClean && merged.store.marks.map(\.day) == [Self.day, Self.day.adding(days: 3)])
        #expect(merged.store.marks.first?.id == left.marks[0].id, "ours is the one kept")
    }
}
