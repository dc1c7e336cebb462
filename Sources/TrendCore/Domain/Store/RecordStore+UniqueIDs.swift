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
            // Each id read in place: no record is copied on the way.
            func each<Record: StoredRecord>(_: Record.Type) {
                records(Record.self).withUnsafeBufferPointer { records in
                    for index in records.indices { visit(records[index].recordID) }
                }
            }
            for kind in Self.kinds { each(kind) }
        }
    }
}
