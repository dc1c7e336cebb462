#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the store keeps besides the goal: weigh-ins, intake and body
/// measurements (SPEC §1). Each is named by an id unique across all three,
/// kept in one order (by instant, ties by id), and dated at the offset it
/// was logged with, which decides its calendar day.
public protocol StoredRecord: Identifiable, Equatable, Sendable where ID == UUID {
    /// The id as it is kept (`id` is the same as a `UUID`).
    var recordID: RecordID { get }
    var timestamp: Timestamp { get set }
    var note: String? { get set }
    /// Which of the three it is: how ids are named across kinds.
    static var kind: RecordKind { get }
}

/// The three kinds of record in the store.
public enum RecordKind: String, CaseIterable, Sendable {
    case weighIn = "weigh-in"
    case intake = "intake entry"
    case measurement
}

extension StoredRecord {
    public var id: UUID { recordID.uuid }

    /// The local date at the record's own offset.
    public var calendarDay: CalendarDay { timestamp.day }

    /// The first 8 hex digits: what people type to edit or remove it.
    public var shortID: String { EntryID.shortID(of: recordID) }

    /// The lowercase id, as written to files and matched by prefixes.
    public var idText: String { EntryID.withText(of: recordID) { String(decoding: $0, as: UTF8.self) } }

    /// Appends the lowercase id: for writers of large outputs.
    public func appendID(to out: inout [UInt8]) {
        EntryID.withText(of: recordID) { out.append(contentsOf: $0) }
    }

    /// The one order records are kept in: by instant, ties by id.
    public static func isOrderedBefore(_ a: Self, _ b: Self) -> Bool {
        if a.timestamp.epochSeconds != b.timestamp.epochSeconds { return a.timestamp.epochSeconds < b.timestamp.epochSeconds }
        return a.recordID < b.recordID
    }

    /// True when the id starts with `prefix` (lowercase hex, dashes where
    /// the id has them), compared without building the id's text.
    public func idHasPrefix(_ prefix: [UInt8]) -> Bool { EntryID.hasPrefix(recordID, prefix) }
}

extension Array where Element: StoredRecord {
    /// The indices of the records that can fall on the calendar days from
    /// `from` through `through` (either open when nil), in store order (by
    /// instant): a record's day at its own offset is within a day of its
    /// instant's UTC day, so two binary searches bound the few to look at.
    /// Callers still check each record's day.
    public func indices(onDaysFrom from: CalendarDay?, through: CalendarDay?) -> Range<Int> {
        let low = from.map { firstIndex(atOrAfter: Int64($0.dayNumber - 1) * 86_400) } ?? 0
        let high = through.map { firstIndex(atOrAfter: Int64($0.dayNumber + 2) * 86_400) } ?? count
        return low..<Swift.max(low, high)
    }

    /// The first and last calendar day of the records (in store order): a
    /// day at another offset may lie a day either way of its neighbours'
    /// (offsets are within ±18 hours), so only the records within two days
    /// of each end are looked at.
    public var calendarDayRange: ClosedRange<CalendarDay>? {
        guard let first, let last else { return nil }
        var low = first.calendarDay
        var high = last.calendarDay
        for record in prefix(while: { $0.timestamp.epochSeconds - first.timestamp.epochSeconds < 2 * 86_400 }) { low = Swift.min(low, record.calendarDay) }
        for record in reversed().prefix(while: { last.timestamp.epochSeconds - $0.timestamp.epochSeconds < 2 * 86_400 }) { high = Swift.max(high, record.calendarDay) }
        // Never a trap: for records out of store order this is only wrong.
        return Swift.min(low, high)...Swift.max(low, high)
    }

    /// The first index whose instant is at or after `seconds`.
    private func firstIndex(atOrAfter seconds: Int64) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle].timestamp.epochSeconds < seconds { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// One record's id and when it was: what a message lists when a prefix
/// names more than one, whatever their kinds.
public struct RecordMention: Equatable, Sendable {
    public let id: UUID
    public let timestamp: Timestamp
    public let kind: RecordKind

    public init<Stored: StoredRecord>(_ record: Stored) {
        id = record.id
        timestamp = record.timestamp
        kind = Stored.kind
    }

    public var shortID: String { EntryID.shortID(of: id) }
}
