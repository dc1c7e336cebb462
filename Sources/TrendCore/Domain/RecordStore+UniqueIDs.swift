/// Ids are unique within and across the kinds of record (SPEC §1): a store
/// that would hold one twice is never written, whatever change made it
/// (an import's replaced day, a merge), so no command is locked out by it.
extension RecordStore {
    /// An id two records of the store share; nil when none does. No array
    /// of every id is made: a write of a long history stays in its memory.
    var repeatedID: RecordID? {
        var count = 0
        func tally<Record: StoredRecord>(_: Record.Type) { count += records(Record.self).count }
        for kind in Self.kinds { tally(kind) }
        return RepeatedIDs.first(count: count) { visit in
            func each<Record: StoredRecord>(_: Record.Type) { for record in records(Record.self) { visit(record.recordID) } }
            for kind in Self.kinds { each(kind) }
        }
    }
}
