#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How people name an entry: its full id or a unique prefix of at least 4
/// hex digits (the 8-digit short id is always enough in practice).
package enum EntryID {
    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Runs `body` over the lowercase text of `id`, formatted into a small
    /// stack buffer: appending byte by byte cost a uniqueness check per byte.
    package static func withText<Result>(of id: UUID, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withText(of: RecordID(id), body)
    }

    package static func withText<Result>(of id: RecordID, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { text in
            hexDigits.withUnsafeBufferPointer { hex in
                var o = 0
                for i in 0..<16 {
                    if i == 4 || i == 6 || i == 8 || i == 10 {
                        text[o] = UInt8(ascii: "-")
                        o += 1
                    }
                    let byte = id.byte(i)
                    text[o] = hex[Int(byte >> 4)]
                    text[o + 1] = hex[Int(byte & 0x0F)]
                    o += 2
                }
            }
            return body(UnsafeBufferPointer(text))
        }
    }

    /// The first 8 hex digits of an id: what people type and lists show.
    public static func shortID(of id: UUID) -> String { shortID(of: RecordID(id)) }

    package static func shortID(of id: RecordID) -> String {
        withText(of: id) { String(decoding: UnsafeBufferPointer(rebasing: $0.prefix(8)), as: UTF8.self) }
    }

    /// The lowercase bytes to match; refuses text that cannot name an id.
    package static func prefix(parsing text: String) throws(WeightLogError) -> [UInt8] {
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

    /// The one entry `text` names among `entries`.
    package static func entry(matching text: String, in entries: [WeightEntry]) throws(WeightLogError) -> WeightEntry {
        let prefix = try prefix(parsing: text)
        let matches = entries.filter { $0.idHasPrefix(prefix) }
        switch matches.count {
        case 0: throw .entryNotFound(id: text)
        case 1: return matches[0]
        default: throw .ambiguousID(prefix: text, candidates: matches.map(AnyRecord.weighIn))
        }
    }
}
