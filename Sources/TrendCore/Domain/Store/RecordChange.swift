#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What one write did to the records of one kind, found by id: the
/// records added or changed as they are now stored, and those removed as
/// they were.
public struct RecordChange<Record: StoredRecord>: Equatable, Sendable {
    /// Added and changed records as they are now stored, in store order.
    public let written: [Record]
    /// Records no longer stored, as they were, in store order.
    public let removed: [Record]
    public let counts: ChangeSummary.Counts

    public static var none: RecordChange { RecordChange(written: [], removed: [], counts: .none) }

    private init(written: [Record], removed: [Record], counts: ChangeSummary.Counts) {
        self.written = written
        self.removed = removed
        self.counts = counts
    }

    /// From what the write recorded as it went.
    init(edits: RecordStore.KindEdits<Record>) {
        var written: [Record]
        var added = 0
        var changed = 0
        if edits.latest.isEmpty {
            written = edits.inserted
            added = written.count
        } else {
            written = []
            for record in edits.inserted {
                if let final = edits.latest[record.id] {
                    if let final {
                        written.append(final)
                        added += 1
                    }
                } else {
                    written.append(record)
                    added += 1
                }
            }
        }
        var removed: [Record] = []
        if !edits.previous.isEmpty {
            // A record added and then changed in the same write is added, not changed.
            let insertedIDs = Set(edits.inserted.map(\.id))
            for (id, first) in edits.previous where !insertedIDs.contains(id) {
                switch edits.latest[id] ?? nil {
                case nil: removed.append(first)
                case let now?:
                    if now != first {
                        written.append(now)
                        changed += 1
                    }
                }
            }
            removed.sort(by: Record.isOrderedBefore)
        }
        self.init(written: written.inStoreOrder, removed: removed, counts: ChangeSummary.Counts(added: added, removed: removed.count, changed: changed))
    }

    /// By comparing two versions (undo and redo move between files).
    /// Both are in the one order: walked side by side, a record in both
    /// at the same place is kept or changed, and only what is out of step
    /// is looked up by id (an edit that moved a record's date, a merge).
    /// Undoing one weigh-in among a million compares; it never builds a
    /// table of them.
    init(before old: [Record], after new: [Record]) {
        // Into an empty store: everything is added, and the list is the store's own.
        if old.isEmpty {
            self.init(written: new, removed: [], counts: ChangeSummary.Counts(added: new.count))
            return
        }
        var i = 0
        var j = 0
        var writtenIndices: [Int] = []
        var changedIndices: Set<Int> = []
        var unmatchedOld: [Int] = []
        var unmatchedNew: [Int] = []
        while i < old.count && j < new.count {
            if old[i].id == new[j].id {
                if old[i] != new[j] {
                    writtenIndices.append(j)
                    changedIndices.insert(j)
                }
                i += 1
                j += 1
            } else if Record.isOrderedBefore(old[i], new[j]) {
                unmatchedOld.append(i)
                i += 1
            } else {
                unmatchedNew.append(j)
                writtenIndices.append(j)
                j += 1
            }
        }
        unmatchedOld += i..<old.count
        unmatchedNew += j..<new.count
        writtenIndices += j..<new.count
        // Out of step on both sides: the same id moved (changed), else removed and added.
        var movedOld: Set<Int> = []
        var unchangedNew: Set<Int> = []
        if !unmatchedOld.isEmpty && !unmatchedNew.isEmpty {
            var byID: [UUID: Int] = [:]
            byID.reserveCapacity(min(unmatchedOld.count, unmatchedNew.count))
            if unmatchedOld.count <= unmatchedNew.count {
                for index in unmatchedOld { byID[old[index].id] = index }
                for index in unmatchedNew {
                    if let previous = byID[new[index].id] {
                        movedOld.insert(previous)
                        if old[previous] != new[index] { changedIndices.insert(index) } else { unchangedNew.insert(index) }
                    }
                }
            } else {
                for index in unmatchedNew { byID[new[index].id] = index }
                for index in unmatchedOld {
                    if let next = byID[old[index].id] {
                        movedOld.insert(index)
                        if old[index] != new[next] { changedIndices.insert(next) } else { unchangedNew.insert(next) }
                    }
                }
            }
        }
        let written = unchangedNew.isEmpty ? writtenIndices.map { new[$0] } : writtenIndices.filter { !unchangedNew.contains($0) }.map { new[$0] }
        let removed = unmatchedOld.filter { !movedOld.contains($0) }.map { old[$0] }
        let changed = changedIndices.count
        self.init(written: written, removed: removed, counts: ChangeSummary.Counts(added: written.count - changed, removed: removed.count, changed: changed))
    }
}
