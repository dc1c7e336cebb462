import Foundation
import Testing
import TestSupport
@testable import TrendCore

/// The store's memory of removed records (SPEC §18): written one a line in
/// order, only when there is any, as version 4; read back exactly and
/// strictly; matched to a row by its kind's duplicate rule.
@Suite("The memory of removed records")
struct RemovedRecordsTests {
    static let weighIn = WeightEntry(timestamp: .local(2026, 11, 3, 7, 3), kilograms: 83.5)
    static let waist = MeasurementEntry(timestamp: .local(2026, 11, 1, 7, 5), name: .waist, centimetres: 84.25)
    static let mark = DayMark(day: CalendarDay(year: 2026, month: 11, day: 2)!, name: MarkName("travel")!)

    @Test("written after the goal in instant order, read back exactly, version 4; a store without any keeps its version")
    func roundTrip() throws {
        var store = RecordStore(entries: [], goalKilograms: 75)
        for record in [Self.weighIn] { store.remember(record) }
        store.remember(Self.waist)
        store.remember(Self.mark)
        store.remember(Self.weighIn)
        #expect(store.removed.count == 3, "a memory is kept once")
        let text = String(decoding: StoreDocument.encode(store), as: UTF8.self)
        #expect(text.contains("""
              "removed": [
                {"date": "2026-11-01T07:05:00+00:00", "kind": "measurement", "name": "waist", "value": 84.25},
                {"date": "2026-11-02T12:00:00+00:00", "kind": "mark", "name": "travel"},
                {"date": "2026-11-03T07:03:00+00:00", "kind": "weigh-in", "value": 83.5}
              ],
              "version": 4
            """), "\(text)")
        #expect(try StoreDocument.decode(Array(text.utf8), path: "w") == store)
        store.forget(Set(store.removed))
        #expect(String(decoding: StoreDocument.encode(store), as: UTF8.self).hasSuffix("\"version\": 1\n}\n"))
    }

    @Test("a memory the file cannot hold exactly is damage, named with its place", arguments: [
        (#"{"entries": [], "removed": [{"date": "2026-11-01T07:00:00+00:00", "kind": "weigh-in", "value": 80, "id": "x"}], "version": 4}"#, "unknown key \"id\""),
        (#"{"entries": [], "removed": [{"date": "2026-11-01T07:00:00+00:00", "kind": "sleep", "value": 8}], "version": 4}"#, "is not a kind of record"),
        (#"{"entries": [], "removed": [{"date": "2026-11-01T07:00:00+00:00", "kind": "weigh-in"}], "version": 4}"#, "no weigh-in has that value and name"),
        (#"{"entries": [], "removed": [{"kind": "weigh-in", "value": 80}], "version": 4}"#, "needs a \"date\""),
        (#"{"entries": [], "removed": [{"date": "2026-11-01T07:00:00+00:00", "kind": "weigh-in", "value": -1}], "version": 4}"#, "must be more than 0"),
    ])
    func strict(_ document: String, _ says: String) {
        #expect(throws: DataFileError.self) { try StoreDocument.decode(Array(document.utf8), path: "w") }
        do {
            _ = try StoreDocument.decode(Array(document.utf8), path: "w")
        } catch {
            #expect("\(error)".contains(says), "\(error)")
        }
    }

    @Test("a memory remembers the row its kind's duplicate rule calls the same: the minute and the value, the name, a mark's day")
    func matching() {
        let memory = RemovedRecord(Self.weighIn)
        let seconds = Timestamp.local(2026, 11, 3, 7, 3).epochSeconds + 41
        #expect(memory.remembers(WeightEntry(timestamp: Timestamp(epochSeconds: seconds, utcOffsetSeconds: 0), kilograms: 83.502)))
        #expect(!memory.remembers(WeightEntry(timestamp: .local(2026, 11, 3, 7, 4), kilograms: 83.5)))
        #expect(!memory.remembers(WeightEntry(timestamp: .local(2026, 11, 3, 7, 3), kilograms: 83.6)))
        #expect(!memory.remembers(IntakeEntry(timestamp: .local(2026, 11, 3, 7, 3), kilocalories: 83.5)))
        #expect(RemovedRecord(Self.waist).remembers(MeasurementEntry(timestamp: .local(2026, 11, 1, 7, 5), name: .waist, centimetres: 84.27)))
        #expect(!RemovedRecord(Self.waist).remembers(MeasurementEntry(timestamp: .local(2026, 11, 1, 7, 5), name: .hips, centimetres: 84.25)))
        #expect(RemovedRecord(Self.mark).remembers(DayMark(day: Self.mark.day, name: Self.mark.name)))
    }
}
