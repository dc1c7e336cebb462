#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How people name an entry: its full id or a unique prefix of at least 4
/// hex digits (the 8-digit short id is always enough in practice).
package enum EntryID {
    /// Runs `body` over the lowercase text of `id`, formatted into a small
    /// stack buffer: appending byte by byte cost a uniqueness check per byte.
    package static func withText<Result>(of id: UUID, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withText(of: RecordID(id), body)
    }

    /// `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`, eight digits at a time: every
    /// store write and export spells every id.
    package static func withText<Result>(of id: RecordID, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { text in
            let raw = UnsafeMutableRawPointer(text.baseAddress!)
            let first = hexDigits(UInt32(truncatingIfNeeded: id.high >> 32)), second = hexDigits(UInt32(truncatingIfNeeded: id.high))
            let third = hexDigits(UInt32(truncatingIfNeeded: id.low >> 32)), fourth = hexDigits(UInt32(truncatingIfNeeded: id.low))
            raw.storeBytes(of: first.littleEndian, toByteOffset: 0, as: UInt64.self)
            raw.storeBytes(of: UInt32(truncatingIfNeeded: second).littleEndian, toByteOffset: 9, as: UInt32.self)
            raw.storeBytes(of: UInt32(truncatingIfNeeded: second >> 32).littleEndian, toByteOffset: 14, as: UInt32.self)
            raw.storeBytes(of: UInt32(truncatingIfNeeded: third).littleEndian, toByteOffset: 19, as: UInt32.self)
            raw.storeBytes(of: UInt32(truncatingIfNeeded: third >> 32).littleEndian, toByteOffset: 24, as: UInt32.self)
            raw.storeBytes(of: fourth.littleEndian, toByteOffset: 28, as: UInt64.self)
            (text[8], text[13], text[18], text[23]) = (45, 45, 45, 45)  // "-"
            return body(UnsafeBufferPointer(text))
        }
    }

    /// The eight lowercase hex digits of `x` as the bytes of a word, the
    /// first digit in the lowest byte (the first in memory, little-endian).
    @inline(__always) static func hexDigits(_ x: UInt32) -> UInt64 {
        // Each nibble into a byte of its own, the last digit lowest...
        var v = UInt64(x)
        v = (v | v << 16) & 0x0000_FFFF_0000_FFFF
        v = (v | v << 8) & 0x00FF_00FF_00FF_00FF
        v = (v | v << 4) & 0x0F0F_0F0F_0F0F_0F0F
        // ...then the first lowest; a byte of 10 or more is a letter.
        v = v.byteSwapped
        let letters = ((v &+ 0x0606_0606_0606_0606) & 0x1010_1010_1010_1010) >> 4
        return v &+ 0x3030_3030_3030_3030 &+ letters &* 39
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
