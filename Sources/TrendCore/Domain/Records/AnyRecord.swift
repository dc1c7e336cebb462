#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A record of any kind: what a merge conflict, a removal or an id that
/// could name any kind holds. It wraps the record itself, so a new kind
/// needs no case here; a door that shows one asks which kind it is
/// (`as(_:)`) or hands it to code generic over `StoredRecord`.
public struct AnyRecord: Equatable, Sendable {
    public let base: any StoredRecord

    public init<Record: StoredRecord>(_ record: Record) {
        base = record
    }

    public var id: UUID { base.id }
    public var recordID: RecordID { base.recordID }
    public var timestamp: Timestamp { base.timestamp }
    public var note: String? { base.note }
    public var kind: RecordKind { type(of: base).kind }
    public var shortID: String { EntryID.shortID(of: recordID) }

    /// The record, when it is of that kind.
    public func `as`<Record: StoredRecord>(_: Record.Type) -> Record? {
        base as? Record
    }

    public static func == (a: AnyRecord, b: AnyRecord) -> Bool {
        a.base.isEqual(to: b.base)
    }
}

extension RecordStore {
    /// Every record, kind by kind in `kinds` order, each kind in its order.
    public var allRecords: [AnyRecord] {
        var all: [AnyRecord] = []
        func add<Record: StoredRecord>(_: Record.Type) { all += records(Record.self).map { AnyRecord($0) } }
        for kind in Self.kinds { add(kind) }
        return all
    }

    /// The one record `text` (a full id or a unique prefix of at least 4
    /// hex digits) names, of whichever kind.
    public func record(matching text: String) throws(LogError) -> AnyRecord {
        let prefix = try EntryID.prefix(parsing: text)
        var matches: [AnyRecord] = []
        func match<Record: StoredRecord>(_: Record.Type) {
            for record in records(Record.self) where record.idHasPrefix(prefix) { matches.append(AnyRecord(record)) }
        }
        for kind in Self.kinds { match(kind) }
        switch matches.count {
        case 0: throw .entryNotFound(id: text)
        case 1: return matches[0]
        default: throw .ambiguousID(prefix: text, candidates: matches)
        }
    }

    /// Puts `record` in its kind's place (a merge taking theirs).
    mutating func insert(_ record: AnyRecord) {
        insert(record.base)
    }
}
