/// One change to the weigh-ins as it was written: what a post-change hook
/// is told (SPEC §14), and what `undo` counts. Found once, in the write
/// that made the change, by id.
public struct WeightChange: Equatable, Sendable {
    /// Added and changed weigh-ins as they are now stored, in store order.
    public let written: [WeightEntry]
    /// Weigh-ins no longer stored, as they were.
    public let removed: [WeightEntry]
    public let summary: ChangeSummary
    /// The goal after the change (nil: none).
    public let goal: WeightStore.Goal?

    public init(from before: WeightStore, to after: WeightStore) {
        goal = after.goal
        let goalChanged = before.goal != after.goal
        // The first import into an empty store: everything is added, and the
        // list is the store's own (no copy, no table).
        if before.entries.isEmpty {
            written = after.entries
            removed = []
            summary = ChangeSummary(added: after.entries.count, removed: 0, changed: 0, goalChanged: goalChanged)
            return
        }
        // Both stores are in the one entry order: walked side by side, an
        // entry in both at the same place is kept or changed, and only what
        // is out of step is looked up by id (an edit that moved a weigh-in's
        // date, a merge). A log into a million weigh-ins compares; it never
        // builds a table of them.
        let old = before.entries
        let new = after.entries
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
            } else if WeightEntry.isOrderedBefore(old[i], new[j]) {
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
            var byID: [WeightEntry.ID: Int] = [:]
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
        written = unchangedNew.isEmpty ? writtenIndices.map { new[$0] } : writtenIndices.filter { !unchangedNew.contains($0) }.map { new[$0] }
        removed = unmatchedOld.filter { !movedOld.contains($0) }.map { old[$0] }
        let changed = changedIndices.count
        let added = written.count - changed
        summary = ChangeSummary(added: added, removed: removed.count, changed: changed, goalChanged: goalChanged)
    }
}
