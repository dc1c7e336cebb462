import Foundation
import Testing
import TestSupport
@testable import TrendCore

/// The hand-written reader and writer against Foundation's JSONDecoder and
/// JSONEncoder, over thousands of random stores.
@Suite("weights.json against Foundation's JSON coders")
struct FoundationAgreementTests {
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

    static func randomStore(_ generator: inout SeededGenerator) -> RecordStore {
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
        return RecordStore(entries: entries, goalKilograms: goal)
    }

    @Test("what we write, JSONDecoder reads back to the same values")
    func ourWriterTheirReader() throws {
        var generator = SeededGenerator(seed: 2026)
        for _ in 0..<1500 {
            let store = Self.randomStore(&generator)
            let decoded = try JSONDecoder().decode(CodableStore.self, from: Data(StoreDocument.encode(store)))
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
            let decoded = try StoreDocument.decode(Array(try encoder.encode(codable)), path: "d")
            #expect(decoded == store)
        }
    }

    @Test("an escaped spelling of a known key is the same key")
    func escapedKeys() throws {
        let text = #"{"\u0065ntries": [{"d\u0061te": "2026-01-01T07:00:00+00:00", "id": "3f2a0000-0000-4000-8000-000000000001", "kilogr\u0061ms": 80}], "version": 1}"#
        #expect(try StoreDocument.decode(Array(text.utf8), path: "d").entries.first?.kilograms == 80)
    }

    /// Every place an id can be met twice: within one kind, across two, at
    /// either end; the store's reader refuses each, naming the id.
    @Test(
        "an id met twice anywhere in the store is refused, and only then",
        arguments: ["none", "weigh-ins", "intake", "measurements", "weigh-in and intake", "intake and measurement", "first and last"])
    func repeatedIDs(planted: String) throws {
        let zero = Timestamp(epochSeconds: 0, utcOffsetSeconds: 0)
        var entries = (0..<30).map { _ in WeightEntry(timestamp: zero, kilograms: 1) }
        var intake = (0..<30).map { _ in IntakeEntry(timestamp: zero, kilocalories: 1) }
        var measurements = (0..<30).map { _ in MeasurementEntry(timestamp: zero, name: MeasurementName(uncheckedText: "waist"), centimetres: 80) }
        var repeated: UUID?
        switch planted {
        case "weigh-ins": entries[29] = WeightEntry(id: entries[0].id, timestamp: zero, kilograms: 2); repeated = entries[0].id
        case "intake": intake[15] = IntakeEntry(id: intake[0].id, timestamp: zero, kilocalories: 2); repeated = intake[0].id
        case "measurements":
            measurements[1] = MeasurementEntry(id: measurements[0].id, timestamp: zero, name: MeasurementName(uncheckedText: "hips"), centimetres: 90)
            repeated = measurements[0].id
        case "weigh-in and intake": intake[0] = IntakeEntry(id: entries[29].id, timestamp: zero, kilocalories: 2); repeated = entries[29].id
        case "intake and measurement":
            measurements[29] = MeasurementEntry(id: intake[0].id, timestamp: zero, name: MeasurementName(uncheckedText: "hips"), centimetres: 90)
            repeated = intake[0].id
        case "first and last":
            measurements[29] = MeasurementEntry(id: entries[0].id, timestamp: zero, name: MeasurementName(uncheckedText: "hips"), centimetres: 90)
            repeated = entries[0].id
        default: break
        }
        let found = StoreDocument.repeatedID(in: RecordStore(entries: entries, intake: intake, measurements: measurements))
        if let repeated {
            #expect(found?.contains(EntryID.withText(of: repeated) { String(decoding: $0, as: UTF8.self) }) == true, "\(found ?? "nothing found")")
        } else {
            #expect(found == nil)
        }
        // The document with it: refused as damaged, never read.
        let bytes = StoreDocument.encode(RecordStore(entries: entries, intake: intake, measurements: measurements))
        if repeated != nil {
            #expect(throws: DataFileError.self) { try StoreDocument.decode(bytes, path: "d") }
        } else {
            #expect(try StoreDocument.decode(bytes, path: "d").entries.count == 30)
        }
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
