/// Ids are unique within and across the kinds of record (SPEC §1): a store
/// that would hold one twice is never written, whatever change made it
/// (an import's replaced day, a merge), so no command is locked out by it.
extension RecordStore {
    /// An id two records of the store share; nil when none does. No array
    /// of every id is made: every read and write of a long history asks
    /// this, and its ids are walked where they lie.
    var repeatedID: RecordID? {
        RepeatedIDs.repeated(count: recordCount, forEachRecordID, firstOnly: true).first
    }
}
