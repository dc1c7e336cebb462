#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A record of any of the store's three kinds: what a merge conflict, a
/// removal or an id that could name any of them holds.
public enum AnyRecord: Equatable, Sendable {
    case weighIn(WeightEntry)
    case intake(IntakeEntry)
    case measurement(MeasurementEntry)

    public var id: UUID { recordID.uuid }

    public var recordID: RecordID {
        switch self {
        case .weighIn(let r): r.recordID
        case .intake(let r): r.recordID
        case .measurement(let r): r.recordID
        }
    }

    public var timestamp: Timestamp {
        switch self {
        case .weighIn(let r): r.timestamp
        case .intake(let r): r.timestamp
        case .measurement(let r): r.timestamp
        }
    }

    public var kind: RecordKind {
        switch self {
        case .weighIn: .weighIn
        case .intake: .intake
        case .measurement: .measurement
        }
    }

    public var note: String? {
        switch self {
        case .weighIn(let r): r.note
        case .intake(let r): r.note
        case .measurement(let r): r.note
        }
    }

    public var shortID: String { EntryID.shortID(of: recordID) }
}

extension RecordStore {
    /// Every record, each kind in its order.
    public var allRecords: [AnyRecord] {
        entries.map(AnyRecord.weighIn) + intake.map(AnyRecord.intake) + measurements.map(AnyRecord.measurement)
    }

    /// The one record `text` (a full id or a unique prefix of at least 4
    /// hex digits) names, of whichever kind.
    public func record(matching text: String) throws(LogError) -> AnyRecord {
        let prefix = try EntryID.prefix(parsing: text)
        var matches: [AnyRecord] = []
        for entry in entries where entry.idHasPrefix(prefix) { matches.append(.weighIn(entry)) }
        for entry in intake where entry.idHasPrefix(prefix) { matches.append(.intake(entry)) }
        for entry in measurements where entry.idHasPrefix(prefix) { matches.append(.measurement(entry)) }
        switch matches.count {
        case 0: throw .entryNotFound(id: text)
        case 1: return matches[0]
        default: throw .ambiguousID(prefix: text, candidates: matches)
        }
    }

    /// Removes `record` (by id, whatever it holds now).
    mutating func remove(_ record: AnyRecord) {
        removeRecord(id: record.id)
    }
}
