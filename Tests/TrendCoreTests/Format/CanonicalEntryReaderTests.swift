import Foundation
import Testing
import TestSupport
@testable import TrendCore

/// The fixed-offset reader of trend's own entry lines must read exactly what
/// the key-by-key reader reads, or decline: it is a shortcut, never a second
/// grammar.
@Suite("canonical entry lines")
struct CanonicalEntryReaderTests {
    /// What follows the last entry of a document: the reader looks ahead.
    static let documentEnd = Array("\n  ],\n  \"version\": 1\n}\n".utf8)

    /// The key-by-key reader's entry and where it stopped; nil when it refuses.
    static func byKeys(_ bytes: [UInt8]) -> (WeightEntry, Int)? {
        bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(bytes: buffer)
            guard let entry = try? WeightsDocument.decodeEntryByKeys(&scanner, number: 1, allowUnknownKeys: false) else { return nil }
            return (entry, scanner.index)
        }
    }

    /// The fixed-offset reader's entry and where it stopped; nil when it
    /// declines, which must leave the scanner where it was.
    static func canonical(_ bytes: [UInt8]) -> (WeightEntry, Int)? {
        bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(bytes: buffer)
            var entries: [WeightEntry] = []
            guard WeightsDocument.appendCanonical(&scanner, to: &entries) else {
                #expect(scanner.index == 0, "declining consumed bytes")
                #expect(entries.isEmpty, "declining appended an entry")
                return nil
            }
            #expect(entries.count == 1)
            return (entries[0], scanner.index)
        }
    }

    static func line(_ entry: WeightEntry) -> [UInt8] {
        var bytes: [UInt8] = []
        WeightsDocument.encode(entry, into: &bytes)
        return bytes
    }

    /// Checks one input: whatever the shortcut accepts, the full reader
    /// accepts as the same entry, ending at the same byte. True when accepted.
    @discardableResult
    static func agree(_ bytes: [UInt8], _ context: @autoclosure () -> String) -> Bool {
        guard let fast = canonical(bytes) else { return false }
        guard let full = byKeys(bytes) else {
            Issue.record("accepted what the full reader refuses: \(context())")
            return true
        }
        #expect(fast.0 == full.0, "\(context())")
        #expect(fast.1 == full.1, "\(context())")
        return true
    }

    /// Entries as people and imports make them: typed weights (at most 15
    /// significant digits) and, now and then, converted ones (17).
    static func randomEntry(_ generator: inout SeededGenerator, typedNumbers: Bool) -> WeightEntry {
        func number(_ range: ClosedRange<Double>) -> Double {
            let value = Double.random(in: range, using: &generator)
            guard typedNumbers else { return value }
            let places = [0, 1, 1, 2, 3, 9].randomElement(using: &generator)!
            let scale = pow(10, Double(places))
            return min(max((value * scale).rounded() / scale, range.lowerBound), range.upperBound)
        }
        let year = [1, 4, 1900, 2000, 2024, 2026, 9999, Int.random(in: 1...9999, using: &generator)].randomElement(using: &generator)!
        let month = Int.random(in: 1...12, using: &generator)
        let day = Int.random(in: 1...CalendarDay.daysInMonth(year: year, month: month), using: &generator)
        let offset = [0, 0, 60, -300, 330, 1080, -1080, Int.random(in: -1080...1080, using: &generator)].randomElement(using: &generator)! * 60
        let local = Int64(CalendarDay(year: year, month: month, day: day)!.dayNumber) * 86_400 + Int64.random(in: 0..<86_400, using: &generator)
        let notes: [String?] = [nil, nil, nil, "after run", "travel, hotel scale", "sick \"flu\"", "two\nlines\\", "ü é ✓ 🏃", "\u{01}\u{1F}\u{7F}"]
        return WeightEntry(
            id: WeightEntry.newID(), timestamp: Timestamp(epochSeconds: local - Int64(offset), utcOffsetSeconds: offset),
            kilograms: number(0.1...WeightInput.maximumKilograms), note: notes.randomElement(using: &generator)!,
            fatPercent: Bool.random(using: &generator) ? nil : number(0.1...74.9))
    }

    @Test("reads every line trend writes with typed numbers, as the full reader reads it")
    func writerOutput() {
        var generator = SeededGenerator(seed: 7)
        for round in 0..<3000 {
            let entry = Self.randomEntry(&generator, typedNumbers: true)
            let bytes = Self.line(entry) + Self.documentEnd
            #expect(Self.agree(bytes, "round \(round): \(String(decoding: bytes, as: UTF8.self))"), "declined: \(String(decoding: bytes, as: UTF8.self))")
            #expect(Self.canonical(bytes)?.0 == entry)
        }
    }

    @Test("converted weights with 17 digits are left to the full reader, or read the same")
    func longNumbers() {
        var generator = SeededGenerator(seed: 8)
        var declined = 0
        for round in 0..<500 {
            let bytes = Self.line(Self.randomEntry(&generator, typedNumbers: false)) + Self.documentEnd
            if !Self.agree(bytes, "round \(round)") { declined += 1 }
            #expect(Self.byKeys(bytes) != nil)
        }
        #expect(declined > 400)
    }

    /// Every byte of a few lines replaced by bytes that matter to the
    /// grammar, deleted, or preceded by a space: the shortcut may decline
    /// any of them, but what it accepts the full reader reads the same.
    @Test("a changed, missing or extra byte anywhere is read as the full reader reads it, or declined")
    func mutations() throws {
        let id = try #require(UUID(uuidString: "3F2A0000-0000-4000-8000-00000000000A"))
        let lines = [
            WeightEntry(id: id, timestamp: Timestamp(epochSeconds: 1_796_000_000, utcOffsetSeconds: 3600), kilograms: 80.5),
            WeightEntry(
                id: id, timestamp: Timestamp(epochSeconds: 951_782_400, utcOffsetSeconds: -18 * 3600), kilograms: 102,
                note: "after run", fatPercent: 22.4),
            WeightEntry(id: id, timestamp: Timestamp(epochSeconds: -62_135_596_800, utcOffsetSeconds: 0), kilograms: 0.45, note: "ü \"q\""),
        ].map { Self.line($0) }
        let interesting = Array("0123456789+-:TZ\".,{}[] \\eEabcdefABCFgx".utf8) + [0x00, 0x09, 0x0A, 0x1F, 0x7F, 0x80, 0xC3, 0xFF]
        var accepted = 0
        var tried = 0
        for line in lines {
            for position in line.indices {
                var replacements = interesting
                replacements.append(line[position] &+ 1)
                replacements.append(line[position] &- 1)
                for byte in replacements where byte != line[position] {
                    var changed = line
                    changed[position] = byte
                    if Self.agree(changed + Self.documentEnd, "byte \(byte) at \(position) of \(String(decoding: line, as: UTF8.self))") { accepted += 1 }
                    tried += 1
                }
                var shorter = line
                shorter.remove(at: position)
                Self.agree(shorter + Self.documentEnd, "byte \(position) removed")
                var longer = line
                longer.insert(UInt8(ascii: " "), at: position)
                Self.agree(longer + Self.documentEnd, "space before \(position)")
            }
        }
        // Digits changed into other digits are still entries: some are read here.
        #expect(accepted > 100)
        #expect(tried > 10_000)
    }

    @Test(
        "near misses are refused by both readers or read the same by both",
        arguments: [
            (#"{"date": "2024-02-29T07:30:00+01:00", "id": "3f2a0000-0000-4000-8000-000000000001", "kilograms": 80.5}"#, true),
            (#"{"date": "2026-02-29T07:30:00+01:00", "id": "3f2a0000-0000-4000-8000-000000000001", "kilograms": 80.5}"#, false),
            (#"{"date": "0000-01-01T07:30:00+01:00", "id": "3f2a0000-0000-4000-8000-000000000001", "kilograms": 80.5}"#, false),
            (#"{"date": "2026-11-29T24:00:00+01:00", "id": "3f2a0000-0000-4000-8000-000000000001", "kilograms": 80.5}"#, false),
            (#"{"date": "2026-11-29T07:30:00+18:00", "id": "3f2a0000-0000-4000-8000-000000000001", "kilograms": 80.5}"#, true),
            (#"{"date": "2026-11-29T07:30:00+18:01", "id": "3f2a0000-0000-4000-8000-000000000001", "kilograms": 80.5}"#, false),
            (#"{"date": "2026-11-29T07:30:00-00:00", "id": "3f2a0000-0000-4000-8000-000000000001", "kilograms": 80.5}"#, true),
            (#"{"date": "2026-11-29T07:30:00+01:60", "id": "3f2a0000-0000-4000-8000-000000000001", "kilograms": 80.5}"#, false),
            (#"{"date": "2026-11-29T07:30:00+01:00", "id": "3F2A0000-0000-4000-8000-00000000000A", "kilograms": 80.5}"#, true),
            (#"{"date": "2026-11-29T07:30:00+01:00", "id": "3f2a0000-0000-4000-8000-000000000001", "kilograms": 0}"#, false),
            (#"{"date": "2026-11-29T07:30:00+01:00", "id": "3f2a0000-0000-4000-8000-000000000001", "kilograms": 01.5}"#, false),
            (#"{"date": "2026-11-29T07:30:00+01:00", "id": "3f2a0000-0000-4000-8000-000000000001", "kilograms": 80.}"#, false),
            (#"{"date": "2026-11-29T07:30:00+01:00", "id": "3f2a0000-0000-4000-8000-000000000001", "kilograms": 0.000000000000001}"#, true),
            (#"{"date": "2026-11-29T07:30:00+01:00", "id": "3f2a0000-0000-4000-8000-000000000001", "kilograms": 1e2}"#, true),
            (#"{"date": "2026-11-29T07:30:00+01:00", "id": "3f2a0000-0000-4000-8000-000000000001", "kilograms": 80.5 }"#, true),
            (#"{"date": "2026-11-29T07:30:00+01:00", "fatPercent": 75, "id": "3f2a0000-0000-4000-8000-000000000001", "kilograms": 80.5}"#, false),
            (#"{"date": "2026-11-29T07:30:00+01:00", "fatPercent": null, "id": "3f2a0000-0000-4000-8000-000000000001", "kilograms": 80.5}"#, true),
            (#"{"date": "2026-11-29T07:30:00+01:00", "id": "3f2a0000-0000-4000-8000-000000000001", "kilograms": 80.5, "note": ""}"#, true),
            (#"{"date": "2026-11-29T07:30:00+01:00", "id": "3f2a0000-0000-4000-8000-000000000001", "kilograms": 80.5, "note": "\u00fc\ud83c\udfc3"}"#, true),
            (#"{"date": "2026-11-29T07:30:00+01:00", "id": "3f2a0000-0000-4000-8000-000000000001", "kilograms": 80.5, "note": "\udfc3"}"#, false),
            (#"{"date": "2026-11-29T07:30:00+01:00", "id": "3f2a0000-0000-4000-8000-000000000001", "kilograms": 80.5, "note": "a", "note": "b"}"#, false),
            (#"{"date": "2026-11-29T07:30:00Z", "id": "3f2a0000-0000-4000-8000-000000000001", "kilograms": 80.5}"#, true),
            (#"{"id": "3f2a0000-0000-4000-8000-000000000001", "date": "2026-11-29T07:30:00+01:00", "kilograms": 80.5}"#, true),
        ])
    func nearMisses(text: String, readable: Bool) {
        let bytes = Array(text.utf8) + Self.documentEnd
        #expect((Self.byKeys(bytes) != nil) == readable)
        Self.agree(bytes, text)
    }

    @Test("invalid UTF-8 in a note with escapes is refused where it ends, as before")
    func invalidUTF8AroundEscapes() {
        for (raw, offset) in [([0x61, 0xC3, 0x5C, 0x6E], 3), ([0x5C, 0x6E, 0xFF], 5), ([0xC3, 0xBC, 0x5C, 0x74, 0xE2, 0x9C, 0x93], nil)] as [([UInt8], Int?)] {
            let bytes = [0x22] + raw + [0x22]
            let result: Result<String, JSONScanner.Failure> = bytes.withUnsafeBufferPointer { buffer in
                var scanner = JSONScanner(bytes: buffer)
                do throws(JSONScanner.Failure) { return .success(try scanner.readString()) } catch { return .failure(error) }
            }
            switch result {
            case .success(let text):
                #expect(offset == nil, "read \(text)")
                #expect(text == "ü\t✓")
            case .failure(let failure):
                #expect(failure == JSONScanner.Failure(offset: offset ?? -1, reason: "invalid UTF-8 in a string"))
            }
        }
    }
}

/// The intake lines' shortcut, held to the same rule.
@Suite("canonical intake lines")
struct CanonicalIntakeReaderTests {
    static func byKeys(_ bytes: [UInt8]) -> (IntakeEntry, Int)? {
        bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(bytes: buffer)
            guard let entry = try? WeightsDocument.decodeIntake(&scanner, number: 1, allowUnknownKeys: false) else { return nil }
            return (entry, scanner.index)
        }
    }

    static func canonical(_ bytes: [UInt8]) -> (IntakeEntry, Int)? {
        bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(bytes: buffer)
            var records: [IntakeEntry] = []
            guard WeightsDocument.appendCanonical(&scanner, to: &records) else {
                #expect(scanner.index == 0, "declining consumed bytes")
                #expect(records.isEmpty, "declining appended an entry")
                return nil
            }
            #expect(records.count == 1)
            return (records[0], scanner.index)
        }
    }

    static func line(_ entry: IntakeEntry) -> [UInt8] {
        var bytes: [UInt8] = []
        WeightsDocument.encode(entry, into: &bytes)
        return bytes + CanonicalEntryReaderTests.documentEnd
    }

    @Test("reads every meal line trend writes, as the full reader reads it")
    func writerOutput() {
        var generator = SeededGenerator(seed: 17)
        let notes: [String?] = [nil, nil, "lunch", "pizza, \"large\"", "two\nlines\\", "ü ✓"]
        for round in 0..<2000 {
            let weighIn = CanonicalEntryReaderTests.randomEntry(&generator, typedNumbers: true)
            let places = [0, 1, 2].randomElement(using: &generator)!
            let scale = pow(10, Double(places))
            let kilocalories = max((Double.random(in: 1...20_000, using: &generator) * scale).rounded() / scale, 1)
            let entry = IntakeEntry(id: weighIn.id, timestamp: weighIn.timestamp, kilocalories: kilocalories, note: notes.randomElement(using: &generator)!)
            let bytes = Self.line(entry)
            let fast = Self.canonical(bytes)
            #expect(fast?.0 == entry, "round \(round): \(String(decoding: bytes, as: UTF8.self))")
            #expect(fast?.1 == Self.byKeys(bytes)?.1)
        }
    }

    @Test("a changed, missing or extra byte anywhere is read as the full reader reads it, or declined")
    func mutations() throws {
        let id = try #require(UUID(uuidString: "3F2A0000-0000-4000-8000-00000000000A"))
        let lines = [
            IntakeEntry(id: id, timestamp: Timestamp(epochSeconds: 1_796_000_000, utcOffsetSeconds: 3600), kilocalories: 650),
            IntakeEntry(id: id, timestamp: Timestamp(epochSeconds: 951_782_400, utcOffsetSeconds: -18 * 3600), kilocalories: 12.5, note: "ü \"q\""),
        ].map { Self.line($0) }
        let interesting = Array("0123456789+-:TZ\".,{}[] \\eEabcdefgx".utf8) + [0x00, 0x0A, 0x80, 0xFF]
        var accepted = 0
        for line in lines {
            for position in 0..<(line.count - CanonicalEntryReaderTests.documentEnd.count) {
                var variants = interesting.map { byte -> [UInt8] in
                    var changed = line
                    changed[position] = byte
                    return changed
                }
                var deleted = line
                deleted.remove(at: position)
                variants.append(deleted)
                for variant in variants {
                    guard let fast = Self.canonical(variant) else { continue }
                    accepted += 1
                    let full = Self.byKeys(variant)
                    #expect(full?.0 == fast.0, "\(String(decoding: variant, as: UTF8.self))")
                    #expect(full?.1 == fast.1)
                }
            }
        }
        #expect(accepted > 100)
    }
}
