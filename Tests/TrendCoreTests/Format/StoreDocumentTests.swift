import Foundation
import Testing
import TestSupport
@testable import TrendCore

@Suite("weights.json format")
struct StoreDocumentTests {
    static let sample = RecordStore(
        entries: [
            WeightEntry(
                id: UUID(uuidString: "3F2A0000-0000-4000-8000-000000000001")!, timestamp: .local(2026, 11, 29, 7, 30, offsetHours: 1),
                kilograms: 80.5, note: "after run, \"easy\"\n2nd line ü"),
            WeightEntry(
                id: UUID(uuidString: "3F2B0000-0000-4000-8000-000000000002")!, timestamp: .local(2026, 11, 30, 7, 0),
                kilograms: 0.45359237 * 177.4),
        ], goalKilograms: 75)

    @Test("writes sorted keys, one entry per line, offsets and shortest numbers")
    func layout() {
        let text = String(decoding: StoreDocument.encode(Self.sample), as: UTF8.self)
        #expect(
            text == """
                {
                  "entries": [
                    {"date": "2026-11-29T07:30:00+01:00", "id": "3f2a0000-0000-4000-8000-000000000001", "kilograms": 80.5, "note": "after run, \\"easy\\"\\n2nd line ü"},
                    {"date": "2026-11-30T07:00:00+00:00", "id": "3f2b0000-0000-4000-8000-000000000002", "kilograms": 80.467286438}
                  ],
                  "goalKilograms": 75,
                  "version": 1
                }

                """)
    }

    @Test("round-trips exactly, and rewriting gives the same bytes")
    func roundTrip() throws {
        let bytes = StoreDocument.encode(Self.sample)
        let decoded = try StoreDocument.decode(bytes, path: "w.json")
        #expect(decoded == Self.sample)
        #expect(StoreDocument.encode(decoded) == bytes)
    }

    @Test("a long history is read back entry for entry, in order, with its notes and body fat")
    func longHistory() throws {
        var generator = SeededGenerator(seed: 9)
        var entries: [WeightEntry] = []
        for i in 0..<20_000 {
            let when = Timestamp(epochSeconds: 1_600_000_000 + Int64(i) * 600, utcOffsetSeconds: 3600 * (i % 5))
            let note: String? = i % 97 == 0 ? "note \(i)" : nil
            let fat: Double? = i % 3 == 0 ? Double(i % 400) / 10 + 5 : nil
            entries.append(WeightEntry(timestamp: when, kilograms: Double.random(in: 40...150, using: &generator), note: note, fatPercent: fat))
        }
        let decoded = try StoreDocument.decode(StoreDocument.encode(RecordStore(entries: entries)), path: "w.json")
        #expect(decoded.entries == entries)
    }

    @Test("the same data gives the same bytes whatever order it came in")
    func canonical() {
        let reversed = RecordStore(entries: Self.sample.entries.reversed(), goalKilograms: 75)
        #expect(StoreDocument.encode(reversed) == StoreDocument.encode(Self.sample))
    }

    @Test("reads what JSONDecoder-style writers produce: 75.0, Z, reordered keys, escapes")
    func lenientWhereHarmless() throws {
        let text = #"{"version": 1, "goalKilograms": 75.0, "entries": [{"kilograms": 8.05e1, "id": "3F2A0000-0000-4000-8000-000000000001", "date": "2026-11-29T06:30:00Z", "note": "a\u00e9\ud83d\ude00"}]}"#
        let store = try StoreDocument.decode(Array(text.utf8), path: "w.json")
        #expect(store.goalKilograms == 75)
        #expect(store.entries[0].kilograms == 80.5)
        #expect(store.entries[0].timestamp.iso8601 == "2026-11-29T06:30:00+00:00")
        #expect(store.entries[0].note == "aé😀")
    }

    static let damaged: [(String, String)] = [
        ("", "the file is empty"),
        ("[]", "the top level must be an object"),
        (#"{"entries": [], "version": 1} x"#, "unexpected data after the end"),
        ("{\"entries\": [], \"version\": 1}\0", "unexpected data after the end"),
        (#"{"entries": [], "version": 1"#, "unexpected end of file"),
        (#"{"entries": []}"#, "\"version\" field is missing"),
        (#"{"version": 1}"#, "\"entries\" field is missing"),
        (#"{"entries": [], "version": true}"#, "must be a number, not a boolean"),
        (#"{"entries": [], "version": "1"}"#, "must be a number, not a string"),
        (#"{"entries": [], "version": 1, "version": 1}"#, "duplicate key \"version\""),
        (#"{"entries": [], "version": 1, "colour": "red"}"#, "unknown key \"colour\""),
        (#"{"entries": [{"date": "2026-11-29T07:30:00+01:00", "id": "x", "kilograms": 80}], "version": 1}"#, "is not a UUID"),
        (#"{"entries": [{"date": "2026-11-29", "id": "3f2a0000-0000-4000-8000-000000000001", "kilograms": 80}], "version": 1}"#, "is not a date"),
        (#"{"entries": [{"date": "2026-11-29T07:30:00+01:00", "id": "3f2a0000-0000-4000-8000-000000000001", "kilograms": "80"}], "version": 1}"#, "must be a number, not a string"),
        (#"{"entries": [{"date": "2026-11-29T07:30:00+01:00", "id": "3f2a0000-0000-4000-8000-000000000001"}], "version": 1}"#, "\"kilograms\" field is missing"),
        (#"{"entries": [{"date": "2026-11-29T07:30:00+01:00", "id": "3f2a0000-0000-4000-8000-000000000001", "kilograms": -3}], "version": 1}"#, "more than 0"),
        (#"{"entries": [{"date": "2026-11-29T07:30:00+01:00", "id": "3f2a0000-0000-4000-8000-000000000001", "kilograms": 80, "tag": 1}], "version": 1}"#, "unknown key \"tag\""),
        (#"{"entries": [{"date": "2026-11-29T07:30:00+01:00", "id": "3f2a0000-0000-4000-8000-000000000001", "kilograms": 80}, {"date": "2026-11-30T07:30:00+01:00", "id": "3F2A0000-0000-4000-8000-000000000001", "kilograms": 81}], "version": 1}"#, "appears twice"),
        (#"{"entries": [], "version": 1, "goalKilograms": NaN}"#, "must be a number"),
    ]

    @Test("refuses damaged documents with a reason", arguments: damaged)
    func refusesDamage(text: String, reason: String) {
        do {
            _ = try StoreDocument.decode(Array(text.utf8), path: "/data/weights.json")
            Issue.record("accepted: \(text)")
        } catch {
            guard case .damaged(let path, _, _, let message) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(path == "/data/weights.json")
            #expect(message.contains(reason), "\(message)")
        }
    }

    @Test("names the line and column of a fault")
    func position() {
        let text = "{\n  \"entries\": [\n    {\"date\": 5}\n  ],\n  \"version\": 1\n}\n"
        #expect(throws: DataFileError.damaged(path: "w", line: 3, column: 14, reason: "entry 1: \"date\" must be a string, not a number")) {
            try StoreDocument.decode(Array(text.utf8), path: "w")
        }
    }

    @Test("a newer version is read when it can be and blamed when it cannot")
    func newerVersion() throws {
        let readable = #"{"entries": [], "version": 5, "favouriteColour": "blue"}"#
        let store = try StoreDocument.decode(Array(readable.utf8), path: "w")
        #expect(store.version == 5)
        let unreadable = #"{"entries": {"new": "layout"}, "version": 6}"#
        #expect(throws: DataFileError.newerVersion(path: "w", version: 6)) {
            try StoreDocument.decode(Array(unreadable.utf8), path: "w")
        }
    }

    /// Foundation's UUID(uuidString:) is the reference for valid ids only: it
    /// also takes some that are not canonical (a tab for a leading digit).
    @Test("reads an id as Foundation does, and refuses every non-hex byte at every digit position")
    func uuidDigits() {
        let template = Array("0123abcd-4567-89EF-aBcD-eF0123456789".utf8)
        let digitPositions = (0..<36).filter { ![8, 13, 18, 23].contains($0) }
        var checked = 0
        for position in digitPositions {
            for byte in UInt8.min...UInt8.max {
                var text = template
                text[position] = byte
                let parsed = text.withUnsafeBufferPointer { EntryID.parse($0)?.uuid }
                let isHex = (48...57).contains(byte) || (65...70).contains(byte) || (97...102).contains(byte)
                let expected = isHex ? UUID(uuidString: String(decoding: text, as: UTF8.self)) : nil
                if isHex { #expect(expected != nil) }
                #expect(parsed == expected, "byte \(byte) at \(position)")
                checked += 1
            }
        }
        #expect(checked == 32 * 256)
        // A dash out of place, or a short or long id.
        let short = Array("0123abcd-4567-89ef-abcd-ef012345678".utf8)
        #expect(short.withUnsafeBufferPointer { EntryID.parse($0) } == nil)
        var moved = template
        moved.swapAt(8, 9)
        #expect(moved.withUnsafeBufferPointer { EntryID.parse($0) } == nil)
    }

    @Test("decoding arbitrary bytes never crashes")
    func fuzz() {
        var generator = SeededGenerator(seed: 42)
        let valid = StoreDocument.encode(Self.sample)
        for round in 0..<3000 {
            var bytes = valid
            let mutations = Int.random(in: 1...4, using: &generator)
            for _ in 0..<mutations where !bytes.isEmpty {
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[index] = UInt8.random(in: 0...255, using: &generator)
                case 1: bytes.remove(at: index)
                default: bytes.insert(bytes[Int.random(in: 0..<bytes.count, using: &generator)], at: index)
                }
            }
            if round % 10 == 0 { bytes = (0..<Int.random(in: 0..<64, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) } }
            _ = try? StoreDocument.decode(bytes, path: "fuzz")
        }
    }
}

/// SplitMix64: a fixed seed makes random tests repeatable.
