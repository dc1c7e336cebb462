/// Ids are unique within and across the kinds of record (SPEC §1): a store
/// that would hold one twice is never written, whatever change made it
/// (an import's replaced day, a merge), so no command is locked out by it.
extension RecordStore {
    /// An id two records of the store share; nil when none does.
    var repeatedID: RecordID? {
        RepeatedIDs.first(count: entries.count + intake.count + measurements.count) { visit in
            for entry in entries { visit(entry.recordID) }
            for entry in intake { visit(entry.recordID) }
            for entry in measurements { visit(entry.recordID) }
        }
    }
}
