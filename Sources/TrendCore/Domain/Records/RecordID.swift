#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A record's id as it is kept: its sixteen bytes as two integers, most
/// significant first, which compare and hash as two words where `UUID`'s
/// tuple of sixteen bytes goes byte by byte. Records still show their id
/// as a `UUID`.
public struct RecordID: Hashable, Comparable, Sendable {
    /// Bytes 0–7 and 8–15, big-endian: ordering the words orders the bytes,
    /// which is the order of the lowercase text.
    package let high: UInt64
    package let low: UInt64

    package init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    public init(_ uuid: UUID) {
        (high, low) = withUnsafeBytes(of: uuid.uuid) { raw in
            (UInt64(bigEndian: raw.loadUnaligned(as: UInt64.self)), UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
        }
    }

    public var uuid: UUID {
        let words = (high.bigEndian, low.bigEndian)
        return withUnsafeBytes(of: words) { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
    }

    /// The sixteen random bytes at `offset` made a version-4 UUID (RFC
    /// 9562): the version in byte 6's high nibble, the variant in byte 8's
    /// top two bits.
    package init(version4 random: UnsafeRawBufferPointer, at offset: Int) {
        let high = UInt64(bigEndian: random.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        let low = UInt64(bigEndian: random.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
        self.init(high: high & ~0xF000 | 0x4000, low: low & 0x3FFF_FFFF_FFFF_FFFF | 0x8000_0000_0000_0000)
    }

    /// Both words in one: an id is random bits, so this spreads as well as
    /// hashing each, at half the cost (every read checks every id).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(high ^ low)
    }

    /// The order of the lowercase text, from the bytes.
    public static func < (a: RecordID, b: RecordID) -> Bool {
        a.high != b.high ? a.high < b.high : a.low < b.low
    }

    /// The byte at `index` (0–15).
    @inline(__always) package func byte(_ index: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: (index < 8 ? high : low) >> UInt64(56 - 8 * (index & 7)))
    }
}
