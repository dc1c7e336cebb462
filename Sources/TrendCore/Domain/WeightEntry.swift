#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One weigh-in.
public struct WeightEntry: Identifiable, Hashable, Sendable {
    /// How far ahead of now a weigh-in may be dated (a clock set wrong, a
    /// time zone ahead of ours); anything later is a typo.
    public static let futureTolerance: Int64 = 24 * 3600

    public let id: UUID
    /// When it was weighed, with the UTC offset it was logged or imported at.
    public var timestamp: Timestamp
    /// Full precision; every unit converts from here.
    public var kilograms: Double
    /// Nil rather than empty, so "no note" has one spelling.
    public var note: String?
    /// Body fat measured with this weigh-in, in percent of the weight
    /// (0 < x < 75, SPEC §12); nil when not measured.
    public var fatPercent: Double?

    public init(id: UUID = WeightEntry.newID(), timestamp: Timestamp, kilograms: Double, note: String? = nil, fatPercent: Double? = nil) {
        self.id = id
        self.timestamp = timestamp
        self.kilograms = kilograms
        self.note = (note?.isEmpty ?? true) ? nil : note
        self.fatPercent = fatPercent
    }

    /// A random (version 4) id. Not `UUID()`: on Linux it opens
    /// /dev/urandom for every id, which dominated importing large files.
    public static func newID() -> UUID {
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &bytes) { raw in
            #if canImport(Glibc) || canImport(Darwin)
            arc4random_buf(raw.baseAddress!, 16)
            #else
            var generator = SystemRandomNumberGenerator()
            for i in 0..<16 { raw[i] = UInt8.random(in: 0...255, using: &generator) }
            #endif
            raw[6] = raw[6] & 0x0F | 0x40
            raw[8] = raw[8] & 0x3F | 0x80
        }
        return UUID(uuid: bytes)
    }

    /// Ids for many entries at once (an import of a million rows): the
    /// random bytes of 4,096 ids fetched in one call instead of one call each.
    package struct IDSource {
        private var buffer: [UInt8] = []
        private var position = 0

        package init() {}

        package mutating func next() -> UUID {
            if position + 16 > buffer.count {
                buffer = [UInt8](repeating: 0, count: 16 * 4096)
                buffer.withUnsafeMutableBytes { raw in
                    #if canImport(Glibc) || canImport(Darwin)
                    arc4random_buf(raw.baseAddress!, raw.count)
                    #else
                    var generator = SystemRandomNumberGenerator()
                    for i in 0..<raw.count { raw[i] = UInt8.random(in: 0...255, using: &generator) }
                    #endif
                }
                position = 0
            }
            var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            let start = position
            withUnsafeMutableBytes(of: &bytes) { raw in
                for i in 0..<16 { raw[i] = buffer[start + i] }
                raw[6] = raw[6] & 0x0F | 0x40
                raw[8] = raw[8] & 0x3F | 0x80
            }
            position += 16
            return UUID(uuid: bytes)
        }
    }

    /// The local date at the entry's own offset.
    public var calendarDay: CalendarDay { timestamp.day }

    /// The lowercase id, as written to files and matched by prefixes.
    public var idText: String {
        EntryID.withText(of: id) { String(decoding: $0, as: UTF8.self) }
    }

    /// Appends the lowercase id: for writers of large outputs.
    public func appendID(to out: inout [UInt8]) {
        EntryID.withText(of: id) { out.append(contentsOf: $0) }
    }

    /// True when the id starts with `prefix` (lowercase hex, dashes where
    /// the id has them), compared without building the id's text.
    public func idHasPrefix(_ prefix: [UInt8]) -> Bool {
        guard prefix.count <= 36 else { return false }
        return withUnsafeBytes(of: id.uuid) { raw in
            var byteIndex = 0
            var high = true
            for (position, character) in prefix.enumerated() {
                if position == 8 || position == 13 || position == 18 || position == 23 {
                    if character != UInt8(ascii: "-") { return false }
                    continue
                }
                let nibble = high ? raw[byteIndex] >> 4 : raw[byteIndex] & 0x0F
                let expected = nibble < 10 ? 48 + nibble : 87 + nibble
                if character != expected { return false }
                if !high { byteIndex += 1 }
                high.toggle()
            }
            return true
        }
    }

    /// The first 8 hex digits: what people type to edit or remove an entry.
    public var shortID: String { EntryID.shortID(of: id) }

    /// The one order entries are kept in: by instant, ties by id.
    /// Puts `entries` in `isOrderedBefore` order. A file is usually in time
    /// order already, its rows given new ids: then only rows of the same
    /// second are sorted, by id, instead of the whole file.
    public static func sortInOrder(_ entries: inout [WeightEntry]) {
        // Read first, write only when needed: a mutating loop makes the array
        // unique before it starts, copying a million entries that a caller
        // still holds even when nothing moves.
        var index = 1
        var sameSecondOutOfOrder = false
        while index < entries.count {
            let (earlier, later) = (entries[index - 1].timestamp.epochSeconds, entries[index].timestamp.epochSeconds)
            if later < earlier {
                entries.sort(by: isOrderedBefore)
                return
            }
            if later == earlier && !sameSecondOutOfOrder && isOrderedBefore(entries[index], entries[index - 1]) { sameSecondOutOfOrder = true }
            index += 1
        }
        guard sameSecondOutOfOrder else { return }
        var start = 0
        while start < entries.count {
            var end = start + 1
            while end < entries.count && entries[end].timestamp.epochSeconds == entries[start].timestamp.epochSeconds { end += 1 }
            // A few rows in one second: sorted where they are, by insertion.
            if end - start > 1 {
                for i in (start + 1)..<end {
                    var j = i
                    while j > start && isOrderedBefore(entries[j], entries[j - 1]) {
                        entries.swapAt(j, j - 1)
                        j -= 1
                    }
                }
            }
            start = end
        }
    }

    public static func isOrderedBefore(_ a: WeightEntry, _ b: WeightEntry) -> Bool {
        if a.timestamp.epochSeconds != b.timestamp.epochSeconds {
            return a.timestamp.epochSeconds < b.timestamp.epochSeconds
        }
        // The ids' bytes in order: the order of their lowercase text, without building it.
        return withUnsafeBytes(of: a.id.uuid) { x in
            withUnsafeBytes(of: b.id.uuid) { y in
                for i in 0..<16 where x[i] != y[i] { return x[i] < y[i] }
                return false
            }
        }
    }
}

extension WeightEntry: StoredRecord {
    public static let kind = RecordKind.weighIn
}
