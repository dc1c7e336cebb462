import Foundation
import Testing
import TestSupport
@testable import TrendCore

@Suite("Import merging")
struct ImportBatchTests {
    @Test("skips rows matching a stored entry or an earlier row: same minute, within 0.005 kg")
    func duplicates() throws {
        let stored = WeightEntry(timestamp: Timestamp(epochSeconds: 1_000_020, utcOffsetSeconds: 0), kilograms: 80)
        var store = RecordStore(entries: [stored])
        let batch = ImportBatch(entries: [
            WeightEntry(timestamp: Timestamp(epochSeconds: 1_000_050, utcOffsetSeconds: 3600), kilograms: 80.004),  // same minute
            WeightEntry(timestamp: Timestamp(epochSeconds: 1_000_020, utcOffsetSeconds: 0), kilograms: 80.01),  // other weight
            WeightEntry(timestamp: Timestamp(epochSeconds: 1_000_080, utcOffsetSeconds: 0), kilograms: 80),  // next minute
            WeightEntry(timestamp: Timestamp(epochSeconds: 1_000_081, utcOffsetSeconds: 0), kilograms: 80.001),  // repeats the row above
        ])
        let outcome = try batch.merge(into: &store)
        #expect(outcome == ImportBatch.Outcome(added: 2, duplicates: 2))
        #expect(store.entries.count == 3)
        #expect(zip(store.entries, store.entries.dropFirst()).allSatisfy { WeightEntry.isOrderedBefore($0, $1) })
    }

    @Test("rows out of time order are matched by minute all the same, and the store stays in order")
    func unordered() throws {
        let stored = (0..<5).map { WeightEntry(timestamp: Timestamp(epochSeconds: 1_000_000 + 600 * Int64($0), utcOffsetSeconds: 0), kilograms: 80) }
        var store = RecordStore(entries: stored)
        let batch = ImportBatch(entries: [
            WeightEntry(timestamp: Timestamp(epochSeconds: 1_002_410, utcOffsetSeconds: 0), kilograms: 80),  // stored[4]'s minute
            WeightEntry(timestamp: Timestamp(epochSeconds: 999_000, utcOffsetSeconds: 0), kilograms: 81),  // before everything
            WeightEntry(timestamp: Timestamp(epochSeconds: 1_000_610, utcOffsetSeconds: 0), kilograms: 80.003),  // stored[1]'s minute
            WeightEntry(timestamp: Timestamp(epochSeconds: 1_000_900, utcOffsetSeconds: 0), kilograms: 79),  // between
            WeightEntry(timestamp: Timestamp(epochSeconds: 999_010, utcOffsetSeconds: 0), kilograms: 81.004),  // repeats the earlier row
        ])
        let outcome = try batch.merge(into: &store)
        #expect(outcome == ImportBatch.Outcome(added: 2, duplicates: 3))
        #expect(store.entries.map(\.kilograms) == [81, 80, 80, 79, 80, 80, 80])
        #expect(zip(store.entries, store.entries.dropFirst()).allSatisfy { WeightEntry.isOrderedBefore($0, $1) })
    }

    @Test("trend's JSON export: the id alone decides, whatever the time")
    func ids() throws {
        let stored = WeightEntry(timestamp: Timestamp(epochSeconds: 1_000_020, utcOffsetSeconds: 0), kilograms: 80)
        var store = RecordStore(entries: [stored])
        let other = WeightEntry(timestamp: Timestamp(epochSeconds: 1_000_020, utcOffsetSeconds: 0), kilograms: 80)
        let batch = ImportBatch(entries: [
            WeightEntry(id: stored.id, timestamp: Timestamp(epochSeconds: 5_000_000, utcOffsetSeconds: 0), kilograms: 70),  // same id
            other,  // same minute and weight, another id: kept
            other,  // the same id again
        ], idsDecide: true)
        let outcome = try batch.merge(into: &store)
        #expect(outcome == ImportBatch.Outcome(added: 1, duplicates: 2))
        #expect(store.entries.count == 2)
    }

    @Test("sets the goal only when there is none")
    func goal() throws {
        var empty = RecordStore()
        #expect(try ImportBatch(entries: [], goalKilograms: 70).merge(into: &empty).goalSet)
        #expect(empty.goalKilograms == 70)
        var withGoal = RecordStore(goalKilograms: 60)
        #expect(try !ImportBatch(entries: [], goalKilograms: 70).merge(into: &withGoal).goalSet)
        #expect(withGoal.goalKilograms == 60)
    }

    @Test("export and import round-trip random histories exactly")
    func roundTrip() throws {
        var generator = SeededGenerator(seed: 7)
        let settings = ImportSettings(clock: .fixed(epochSeconds: TestAppModelFactory.now, timeZone: FixedOffsetTimeZone(offsetSeconds: 0)), configuredUnit: .pounds)
        for _ in 0..<40 {
            let entries = (0..<Int.random(in: 0...60, using: &generator)).map { _ in
                WeightEntry(
                    timestamp: Timestamp(
                        epochSeconds: Int64.random(in: 1_500_000_000...1_790_000_000, using: &generator),
                        utcOffsetSeconds: Int.random(in: -48...56, using: &generator) * 900),
                    kilograms: Double.random(in: 30...250, using: &generator),
                    note: Bool.random(using: &generator) ? nil : ["a, b", "quote \"q\"", "line\nbreak", "ü 😀", " spaced "].randomElement(using: &generator))
            }
            let store = RecordStore(entries: entries, goalKilograms: Bool.random(using: &generator) ? 70.25 : nil)
            let fromCSV = try FileImporter.parse(ExportDocument.csv(store), format: nil, settings: settings, path: "e")
            #expect(fromCSV.format == .csv)
            #expect(fromCSV.invalidRows.isEmpty)
            #expect(fromCSV.entries.map(\.timestamp) == store.entries.map(\.timestamp))
            #expect(fromCSV.entries.map(\.kilograms) == store.entries.map(\.kilograms))
            #expect(fromCSV.entries.map(\.note) == store.entries.map(\.note))
            var imported = RecordStore()
            _ = try ImportBatch(entries: try FileImporter.parse(ExportDocument.json(store), format: nil, settings: settings, path: "e").entries, goalKilograms: store.goalKilograms).merge(into: &imported)
            #expect(imported == store)
        }
    }
}
