#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension RecordStore {
    /// What a write's mutating calls did, recorded as they happen, kind by
    /// kind: so the write can say what it changed without keeping a second
    /// copy of every record to compare with (a log into a million weigh-ins
    /// copied them all), and without knowing which kinds there are.
    struct Edits: Sendable {
        let goalBefore: Goal?
        /// Each kind's `KindEdits`, by the kind's type.
        private var kinds: [ObjectIdentifier: any Sendable] = [:]

        init(before store: RecordStore) {
            goalBefore = store.goal
        }

        /// Lets `body` record into the edits of `Record`'s kind.
        mutating func record<Record: StoredRecord>(_: Record.Type, _ body: (inout KindEdits<Record>) -> Void) {
            let key = ObjectIdentifier(Record.self)
            // Taken out while it grows, so that its arrays are never shared and copied.
            var edits = kinds.removeValue(forKey: key) as? KindEdits<Record> ?? KindEdits()
            body(&edits)
            kinds[key] = edits
        }

        /// What was recorded of `Record`'s kind; empty when nothing was.
        func of<Record: StoredRecord>(_: Record.Type) -> KindEdits<Record> {
            kinds[ObjectIdentifier(Record.self)] as? KindEdits<Record> ?? KindEdits()
        }
    }

    /// The edits of one kind.
    struct KindEdits<Record: StoredRecord>: Sendable {
        /// Records added, in the order they came.
        private(set) var inserted: [Record] = []
        /// The first version of each stored record that was changed or removed.
        private(set) var previous: [UUID: Record] = [:]
        /// Its latest version; nil once removed.
        private(set) var latest: [UUID: Record?] = [:]

        mutating func insert(_ record: Record) {
            // Put back after being taken out in the same write: its latest version.
            if !latest.isEmpty, latest[record.id] != nil {
                latest[record.id] = .some(record)
            } else {
                inserted.append(record)
            }
        }

        mutating func insert(contentsOf records: [Record]) {
            if latest.isEmpty && inserted.isEmpty {
                inserted = records
            } else {
                for record in records { insert(record) }
            }
        }

        mutating func note(previous record: Record, now: Record?) {
            if previous[record.id] == nil { previous[record.id] = record }
            latest[record.id] = .some(now)
        }
    }
}
