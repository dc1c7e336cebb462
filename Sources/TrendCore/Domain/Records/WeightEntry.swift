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

    public let recordID: RecordID
    /// When it was weighed, with the UTC offset it was logged or imported at.
    public var timestamp: Timestamp
    /// Full precision; every unit converts from here.
    public var kilograms: Double
    /// Body fat measured with this weigh-in, in percent of the weight
    /// (0 < x < 75, SPEC §12); nil when not measured.
    public var fatPercent: Double?
    /// Nil rather than empty, so "no note" has one spelling.
    public var note: String?

    public init(id: UUID = WeightEntry.newID(), timestamp: Timestamp, kilograms: Double, note: String? = nil, fatPercent: Double? = nil) {
        self.init(recordID: RecordID(id), timestamp: timestamp, kilograms: kilograms, note: note, fatPercent: fatPercent)
    }

    public init(recordID: RecordID, timestamp: Timestamp, kilograms: Double, note: String? = nil, fatPercent: Double? = nil) {
        self.recordID = recordID
        self.timestamp = timestamp
        self.kilograms = kilograms
        self.fatPercent = fatPercent
        self.note = (note?.isEmpty ?? true) ? nil : note
    }

    /// A random (version 4) id. Not `UUID()`: on Linux it opens
    /// /dev/urandom for every id, which dominated importing large files.
    public static func newID() -> UUID {
        var bytes = (UInt64(0), UInt64(0))
        return withUnsafeMutableBytes(of: &bytes) { raw in
            fillRandom(raw)
            return RecordID(version4: UnsafeRawBufferPointer(raw), at: 0).uuid
        }
    }

    /// Random bytes from the system's generator, in one call where there is one.
    static func fillRandom(_ raw: UnsafeMutableRawBufferPointer) {
        #if canImport(Glibc) || canImport(Darwin)
        arc4random_buf(raw.baseAddress!, raw.count)
        #else
        var generator = SystemRandomNumberGenerator()
        for i in 0..<raw.count { raw[i] = UInt8.random(in: 0...255, using: &generator) }
        #endif
    }

    /// Ids for many entries at once (an import of a million rows): the
    /// random bytes of 4,096 ids fetched in one call instead of one call each.
    package struct IDSource {
        private var buffer: [UInt8] = []
        private var position = 0

        package init() {}

        package mutating func next() -> RecordID {
            if position + 16 > buffer.count {
                buffer = [UInt8](repeating: 0, count: 16 * 4096)
                buffer.withUnsafeMutableBytes { fillRandom($0) }
                position = 0
            }
            let start = position
            position += 16
            return buffer.withUnsafeBytes { RecordID(version4: $0, at: start) }
        }
    }
}

extension WeightEntry: StoredRecord {
    public static let kind = RecordKind(name: "weigh-in", pluralName: "weigh-ins", groupName: nil, hookName: "entries")
    public static var slot: RecordStore.Slot<WeightEntry> { RecordStore.Slot(\.entries) }

    /// Version 2 added body fat on a weigh-in (SPEC §1, §12).
    public static func versionNeeded(for records: [WeightEntry]) -> Int {
        records.contains { $0.fatPercent != nil } ? 2 : 1
    }

    /// Two weights this close are one reading (SPEC §6): the shortest
    /// round trip of pounds through kilograms differs by less.
    public static let sameWeightKilograms = 0.005

    /// The same minute and the same weight (SPEC §6).
    public func repeats(_ other: WeightEntry) -> Bool {
        minute == other.minute && abs(kilograms - other.kilograms) < Self.sameWeightKilograms
    }

    public var removalValue: (value: Double?, name: String?) { (kilograms, nil) }

    public static func recalled(minute: Timestamp, value: Double?, name: String?) -> WeightEntry? {
        value.map { WeightEntry(timestamp: minute, kilograms: $0) }
    }
}

extension RecordKind {
    public static var weighIn: RecordKind { WeightEntry.kind }
}
