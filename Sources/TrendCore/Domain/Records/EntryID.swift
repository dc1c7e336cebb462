#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How people name an entry: its full id or a unique prefix of at least 4
/// hex digits (the 8-digit short id is always enough in practice).
package enum EntryID {
    /// Runs `body` over the lowercase text of `id`.
    package static func withText<Result>(of id: UUID, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withText(of: RecordID(id), body)
    }

    /// `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`, formatted into a small stack
    /// buffer: every store write and export spells every id.
    package static func withText<Result>(of id: RecordID, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { text in
            // Each byte as two digits; the dashes where the text has them.
            func put(_ word: UInt64, bytes: Range<Int>, at start: Int) {
                var position = start
                for index in bytes {
                    let byte = UInt8(truncatingIfNeeded: word >> UInt64(56 - 8 * index))
                    text[position] = hexDigits[Int(byte >> 4)]
                    text[position + 1] = hexDigits[Int(byte & 0x0F)]
                    position += 2
                }
            }
            put(id.high, bytes: 0..<4, at: 0)
            put(id.high, bytes: 4..<6, at: 9)
            put(id.high, bytes: 6..<8, at: 14)
            put(id.low, bytes: 0..<2, at: 19)
            put(id.low, bytes: 2..<8, at: 24)
            (text[8], text[13], text[18], text[23]) = (dash, dash, dash, dash)
            return body(UnsafeBufferPointer(text))
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// The id spelt `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` (either case),
    /// or nil.
    package static func parse(_ text: UnsafeBufferPointer<UInt8>) -> RecordID? {
        guard text.count == 36, text[8] == dash, text[13] == dash, text[18] == dash, text[23] == dash else { return nil }
        return hexValues.withUnsafeBufferPointer { values in
            // Every digit's value or'ed into `all`: one check at the end.
            var all: UInt8 = 0
            func digits(_ range: Range<Int>, into word: inout UInt64) {
                for position in range {
                    let value = values[Int(text[position])]
                    all |= value
                    word = word << 4 | UInt64(value & 0x0F)
                }
            }
            var high: UInt64 = 0
            var low: UInt64 = 0
            digits(0..<8, into: &high)
            digits(9..<13, into: &high)
            digits(14..<18, into: &high)
            digits(19..<23, into: &low)
            digits(24..<36, into: &low)
            return all < 16 ? RecordID(high: high, low: low) : nil
        }
    }

    private static let dash = UInt8(ascii: "-")

    /// Each byte's value as a hex digit, 0xFF where it is none: a table,
    /// since a digit or a letter is a coin toss per character of an id.
    private static let hexValues: [UInt8] = (0...255).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt8(byte) - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt8(byte) - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt8(byte) - UInt8(ascii: "A") + 10
        default: 0xFF
        }
    }

    /// The first 8 hex digits of an id: what people type and lists show.
    public static func shortID(of id: UUID) -> String { shortID(of: RecordID(id)) }

    package static func shortID(of id: RecordID) -> String {
        withText(of: id) { String(decoding: UnsafeBufferPointer(rebasing: $0.prefix(8)), as: UTF8.self) }
    }

    /// The lowercase bytes to match; refuses text that cannot name an id.
    package static func prefix(parsing text: String) throws(LogError) -> [UInt8] {
        let input = text.lowercased()
        let hexDigits = input.filter(\.isHexDigit).count
        guard hexDigits >= 4, input.allSatisfy({ $0.isHexDigit || $0 == "-" }) else {
            throw .malformedID(input: text)
        }
        return Array(input.utf8)
    }

    /// True when `id` starts with `prefix` (lowercase hex, dashes where the
    /// id has them), compared without building the id's text.
    package static func hasPrefix(_ id: RecordID, _ prefix: [UInt8]) -> Bool {
        guard prefix.count <= 36 else { return false }
        var byteIndex = 0
        var high = true
        for (position, character) in prefix.enumerated() {
            if position == 8 || position == 13 || position == 18 || position == 23 {
                if character != UInt8(ascii: "-") { return false }
                continue
            }
            let byte = id.byte(byteIndex)
            let nibble = high ? byte >> 4 : byte & 0x0F
            let expected = nibble < 10 ? 48 + nibble : 87 + nibble
            if character != expected { return false }
            if !high { byteIndex += 1 }
            high.toggle()
        }
        return true
    }

    /// The one record `text` names among `records` (of one kind).
    package static func record<Record: StoredRecord>(matching text: String, in records: [Record]) throws(LogError) -> Record {
        let prefix = try prefix(parsing: text)
        let matches = records.filter { $0.idHasPrefix(prefix) }
        switch matches.count {
        case 0: throw .entryNotFound(id: text)
        case 1: return matches[0]
        default: throw .ambiguousID(prefix: text, candidates: matches.map { AnyRecord($0) })
        }
    }
}
