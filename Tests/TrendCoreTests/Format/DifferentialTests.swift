import Foundation
import Testing
import TestSupport
@testable import TrendCore

/// The hand-written reader and writer against Foundation's JSONDecoder and
/// JSONEncoder, over thousands of random stores.
@Suite("weights.json against Foundation's JSON coders")
struct DifferentialTests {
    struct CodableEntry: Codable, Equatable {
        var date: String
        var id: String
        var kilograms: Double
        var note: String?
    }

    struct CodableStore: Codable, Equatable {
        var entries: [CodableEntry]
        var goalKilograms: Double?
        var version: Int
    }

    static func randomStore(_ generator: inout SeededGenerator) -> WeightStore {
        let notes = ["", "after run", "quote \" backslash \\ tab \t", "line\nbreak", "ü 😀 日本", "\u{01}control", "/slash"]
        let entries = (0..<Int.random(in: 0...40, using: &generator)).map { _ -> WeightEntry in
            let digits = Int.random(in: 0...12, using: &generator)
            let scale = pow(10.0, Double(digits))
            let kilograms = max(0.01, (Double.random(in: 1...999, using: &generator) * scale).rounded() / scale)
            return WeightEntry(
                id: UUID(), timestamp: Timestamp(
                    epochSeconds: Int64.random(in: -2_000_000_000...4_000_000_000, using: &generator),
                    utcOffsetSeconds: Int.random(in: -56...56, using: &generator) * 900),
                kilograms: kilograms, note: notes.randomElement(using: &generator))
        }
        let goal: Double? = Bool.random(using: &generator) ? Double.random(in: 40...120, using: &generator) : nil
        return WeightStore(entries: entries, goalKilograms: goal)
    }

    @Test("what we write, JSONDecoder reads back to the same values")
    func ourWriterTheirReader() throws {
        var generator = SeededGenerator(seed: 2026)
        for _ in 0..<1500 {
            let store = Self.randomStore(&generator)
            let decoded = try JSONDecoder().decode(CodableStore.self, from: Data(WeightsDocument.encode(store)))
            #expect(decoded.version == 1)
            #expect(decoded.goalKilograms == store.goalKilograms)
            #expect(decoded.entries.map(\.id) == store.entries.map(\.idText))
            #expect(decoded.entries.map(\.date) == store.entries.map(\.timestamp.iso8601))
            #expect(decoded.entries.map(\.kilograms) == store.entries.map(\.kilograms))
            #expect(decoded.entries.map(\.note) == store.entries.map(\.note))
        }
    }

    @Test("what JSONEncoder writes, we read to the same values")
    func theirWriterOurReader() throws {
        var generator = SeededGenerator(seed: 7)
        let encoder = JSONEncoder()
        for round in 0..<1500 {
            let store = Self.randomStore(&generator)
            let codable = CodableStore(
                entries: store.entries.map {
                    CodableEntry(date: $0.timestamp.iso8601, id: round % 2 == 0 ? $0.id.uuidString : $0.idText, kilograms: $0.kilograms, note: $0.note)
                }, goalKilograms: store.goalKilograms, version: 1)
            encoder.outputFormatting = round % 3 == 0 ? [.sortedKeys] : [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let decoded = try WeightsDocument.decode(Array(try encoder.encode(codable)), path: "d")
            #expect(decoded == store)
        }
    }

    @Test("an escaped spelling of a known key is the same key")
    func escapedKeys() throws {
        let text = #"{"\u0065ntries": [{"d\u0061te": "2026-01-01T07:00:00+00:00", "id": "3f2a0000-0000-4000-8000-000000000001", "kilogr\u0061ms": 80}], "version": 1}"#
        #expect(try WeightsDocument.decode(Array(text.utf8), path: "d").entries.first?.kilograms == 80)
    }

    /// Random ids, and numbered ones that differ in their last bytes only.
    @Test(
        "the duplicate check agrees with a Set, below and above the size where it partitions",
        arguments: [0, 1, 2, 1000, DuplicateIDs.smallCount, DuplicateIDs.smallCount + 1, 70_000], [false, true])
    func duplicates(count: Int, numbered: Bool) {
        var generator = SeededGenerator(seed: UInt64(count) + 1)
        func id(_ i: Int) -> UUID {
            guard numbered else { return WeightEntry.newID() }
            let text = String(i, radix: 16)
            return UUID(uuidString: "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - text.count) + text)!
        }
        var entries = (0..<count).map { WeightEntry(id: id($0), timestamp: Timestamp(epochSeconds: 0, utcOffsetSeconds: 0), kilograms: 1) }
        #expect(WeightsDocument.firstDuplicateID(entries) == nil)
        guard count > 2 else { return }
        let a = Int.random(in: 0..<(count / 2), using: &generator)
        let b = Int.random(in: (count / 2)..<count, using: &generator)
        entries[b] = WeightEntry(id: entries[a].id, timestamp: entries[b].timestamp, kilograms: 2)
        entries[count - 1] = WeightEntry(id: entries[0].id, timestamp: entries[0].timestamp, kilograms: 3)
        var seen = Set<UUID>()
        let expected = entries.indices.first { !seen.insert(entries[$0].id).inserted }
        #expect(WeightsDocument.firstDuplicateID(entries) == expected)
    }

    /// Every place an id can be met twice: within one kind, across two,
    /// at either end; and numbered ids, whose hashes must still spread. In
    /// one table, past `splitCount` in two, and from the hashes the
    /// parallel reader's parts compute.
    @Test(
        "the parallel reader's yes-or-no check finds an id met twice wherever it is, and only then",
        arguments: [2, 3, 100, 30_000, 70_000, DuplicateIDs.splitCount + 3], ["none", "weigh-ins", "intake", "measurements", "weigh-in and intake", "intake and measurement", "first and last"])
    func anyRepeated(count: Int, planted: String) async throws {
        let zero = Timestamp(epochSeconds: 0, utcOffsetSeconds: 0)
        func id(_ i: Int) -> UUID {
            guard count != 30_000 else { return WeightEntry.newID() }
            let text = String(i, radix: 16)
            return UUID(uuidString: "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - text.count) + text)!
        }
        let thirds = (count / 3, count / 3, count - 2 * (count / 3))
        var entries = (0..<thirds.0).map { WeightEntry(id: id($0), timestamp: zero, kilograms: 1) }
        var intake = (0..<thirds.1).map { IntakeEntry(id: id(thirds.0 + $0), timestamp: zero, kilocalories: 1) }
        var measurements = (0..<thirds.2).map { MeasurementEntry(id: id(thirds.0 + thirds.1 + $0), timestamp: zero, name: MeasurementName(uncheckedText: "waist"), centimetres: 80) }
        switch planted {
        case "weigh-ins" where entries.count > 1: entries[entries.count - 1] = WeightEntry(id: entries[0].id, timestamp: zero, kilograms: 2)
        case "intake" where intake.count > 1: intake[intake.count / 2] = IntakeEntry(id: intake[0].id, timestamp: zero, kilocalories: 2)
        case "measurements" where measurements.count > 1:
            measurements[1] = MeasurementEntry(id: measurements[0].id, timestamp: zero, name: MeasurementName(uncheckedText: "hips"), centimetres: 90)
        case "weigh-in and intake" where !entries.isEmpty && !intake.isEmpty: intake[0] = IntakeEntry(id: entries[entries.count - 1].id, timestamp: zero, kilocalories: 2)
        case "intake and measurement" where !intake.isEmpty: measurements[measurements.count - 1] = MeasurementEntry(id: intake[0].id, timestamp: zero, name: MeasurementName(uncheckedText: "hips"), centimetres: 90)
        case "first and last" where !entries.isEmpty: measurements[measurements.count - 1] = MeasurementEntry(id: entries[0].id, timestamp: zero, name: MeasurementName(uncheckedText: "hips"), centimetres: 90)
        default: break
        }
        var seen = Set<UUID>()
        let expected = !(entries.map(\.id) + intake.map(\.id) + measurements.map(\.id)).allSatisfy { seen.insert($0).inserted }
        #expect(DuplicateIDs.anyRepeated(entries: entries, intake: intake, measurements: measurements) == expected)
        #expect(ParallelEntries.anyRepeatedID(entries: entries, intake: intake, measurements: measurements) == expected)
        // As the parallel reader's parts hash them, split between the two:
        // the first part's in a table, then the second part's put in it.
        let hashes = entries.map { DuplicateIDs.hash($0.recordID, DuplicateIDs.seeds) } + intake.map { DuplicateIDs.hash($0.recordID, DuplicateIDs.seeds) } + measurements.map { DuplicateIDs.hash($0.recordID, DuplicateIDs.seeds) }
        let split = min(count / 3 + 1, hashes.count)
        var table = try #require(DuplicateIDs.HashTable(capacity: count, holding: Array(hashes[..<split])))
        let secondFits = table.insert(contentsOf: Array(hashes[split...]))
        #expect(secondFits)
        #expect(table.hasRepeat == expected)
    }

    @Test("a table of hashes given more than it has room for refuses them, and never loops looking for a slot")
    func fullTable() {
        func hashes(_ count: Int, from start: Int = 0) -> [UInt64] {
            (start..<start + count).map { DuplicateIDs.hash(RecordID(high: UInt64($0), low: 7), DuplicateIDs.seeds) }
        }
        // Room for 4 at most a quarter full: 16 slots, of which it fills up to seven eighths.
        var table = DuplicateIDs.HashTable(capacity: 4)
        let eight = table.insert(contentsOf: hashes(8))
        let six = table.insert(contentsOf: hashes(6, from: 8))
        let five = table.insert(contentsOf: hashes(5, from: 8))
        let oneMore = table.insert(contentsOf: hashes(1, from: 20))
        #expect(eight && !six && five && !oneMore)
        #expect(!table.hasRepeat)
        #expect(DuplicateIDs.HashTable(capacity: 4, holding: hashes(14)) == nil)
        #expect(DuplicateIDs.HashTable(capacity: 4, holding: hashes(13))?.hasRepeat == false)
        var other = DuplicateIDs.HashTable(capacity: 4)
        let twenty = other.insert(contentsOf: Array(repeating: 5, count: 20))
        #expect(!twenty && !other.hasRepeat)
    }

    @Test("new ids are random version 4 UUIDs, never repeated")
    func newIDs() {
        var seen = Set<UUID>()
        for _ in 0..<20_000 {
            let id = WeightEntry.newID()
            let text = id.uuidString.lowercased()
            #expect(text[text.index(text.startIndex, offsetBy: 14)] == "4")
            #expect("89ab".contains(text[text.index(text.startIndex, offsetBy: 19)]))
            #expect(seen.insert(id).inserted)
        }
    }

    @Test("id prefixes are matched on the raw bytes as on the text")
    func prefixes() {
        for _ in 0..<200 {
            let entry = WeightEntry(timestamp: Timestamp(epochSeconds: 0, utcOffsetSeconds: 0), kilograms: 1)
            let text = entry.idText
            for length in [0, 1, 4, 8, 9, 13, 20, 36] {
                #expect(entry.idHasPrefix(Array(text.prefix(length).utf8)))
            }
            #expect(!entry.idHasPrefix(Array((text.prefix(7) + (text.dropFirst(7).first == "0" ? "1" : "0")).utf8)))
        }
    }
}
