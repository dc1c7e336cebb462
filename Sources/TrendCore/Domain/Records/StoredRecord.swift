#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One kind of record the store keeps (SPEC §1): weigh-ins, intake, body
/// measurements. Each kind is declared once, by its value conforming to
/// this: what it is called (`kind`), where the store keeps it (`slot`),
/// the file version it needs, and how two of its records are told apart
/// (`isSameRecord`, `repeats`). The store, change tracking, undo, merge,
/// export and the hook iterate over `RecordStore.kinds` and ask these,
/// so they never name a kind.
///
/// Every record is named by an id unique across all kinds, kept in one
/// order (by instant, ties by id), and dated at the offset it was logged
/// with, which decides its calendar day.
public protocol StoredRecord: Identifiable, Hashable, Sendable where ID == UUID {
    /// The id as it is kept (`id` is the same as a `UUID`).
    var recordID: RecordID { get }
    var timestamp: Timestamp { get set }
    var note: String? { get set }
    /// What this kind is called, in messages, the journal and the hook.
    static var kind: RecordKind { get }
    /// Where the store keeps this kind.
    static var slot: RecordStore.Slot<Self> { get }
    /// The lowest file version that holds `records` (SPEC §1: a file is
    /// written with the lowest version that can hold what it contains).
    static func versionNeeded(for records: [Self]) -> Int
    /// The merge rule beside ids (SPEC §9): records of this kind with the
    /// same key are one record under two ids, of which a merge keeps one.
    /// Nil (the default): records are told apart by id alone, so two equal
    /// readings are two readings.
    var mergeKey: AnyHashable? { get }
    /// Whether `other` is the same reading as this one read again from a
    /// file of another app (SPEC §6, §15, §16): what an import counts as a
    /// duplicate.
    func repeats(_ other: Self) -> Bool
    /// Whether a day of this kind takes its records from one source only
    /// (SPEC §15: a day's intake is never summed from two files): an
    /// import leaves out the file's records of a day the store holds some
    /// of already, or replaces them when asked.
    static var oneSourcePerDay: Bool { get }
    /// What removing this record remembers of it beside its kind and
    /// minute (SPEC §18): its value (kg, kcal, cm; nil for none) and name.
    var removalValue: (value: Double?, name: String?) { get }
    /// A record standing for a removed one, to compare with `repeats`; nil
    /// when the value or name cannot be this kind's.
    static func recalled(minute: Timestamp, value: Double?, name: String?) -> Self?
    /// Hands the id of each of `records` to `body`, read in place. A
    /// requirement (with the one implementation below) so that each kind's
    /// walk is compiled for that kind: walked as generic code, every record
    /// was copied to read its id, and checking a long history's ids took a
    /// sixth of reading it.
    static func forEachID(of records: [Self], _ body: (RecordID) -> Void)
}

extension StoredRecord {
    public static func forEachID(of records: [Self], _ body: (RecordID) -> Void) {
        records.withUnsafeBufferPointer { records in
            for index in records.indices { body(records[index].recordID) }
        }
    }
    public var mergeKey: AnyHashable? { nil }
    public static var oneSourcePerDay: Bool { false }

    /// The instant to the minute: what an import's duplicate rule compares.
    public var minute: Int64 {
        let seconds = timestamp.epochSeconds
        return seconds >= 0 ? seconds / 60 : (seconds - 59) / 60
    }

    /// Whether `other` is a record of this kind equal to this one.
    func isEqual(to other: any StoredRecord) -> Bool {
        (other as? Self) == self
    }
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
