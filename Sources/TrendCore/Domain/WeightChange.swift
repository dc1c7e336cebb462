/// One change to the weigh-ins as it was written: what a post-change hook
/// is told (SPEC §14), and what `undo` counts. Found by id, once, in the
/// write that made the change.
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
        var old: [WeightEntry.ID: WeightEntry] = [:]
        old.reserveCapacity(before.entries.count)
        for entry in before.entries { old[entry.id] = entry }
        var written: [WeightEntry] = []
        var added = 0
        var changed = 0
        for entry in after.entries {
            if let previous = old.removeValue(forKey: entry.id) {
                guard previous != entry else { continue }
                changed += 1
            } else {
                added += 1
            }
            written.append(entry)
        }
        self.written = written
        // In the order they were stored.
        removed = old.isEmpty ? [] : before.entries.filter { old[$0.id] != nil }
        summary = ChangeSummary(added: added, removed: removed.count, changed: changed, goalChanged: goalChanged)
    }
}
