#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One change to the weigh-ins as it was written: what a post-change hook
/// is told (SPEC §14), and what `undo` counts. Found once, in the write
/// that made the change, by id.
public struct StoreChange: Equatable, Sendable {
    /// Added and changed weigh-ins as they are now stored, in store order.
    public let written: [WeightEntry]
    /// Weigh-ins no longer stored, as they were.
    public let removed: [WeightEntry]
    public let summary: ChangeSummary
    /// The goal after the change (nil: none).
    public let goal: RecordStore.Goal?
    /// What the undo journal said of this change (set aside, not recorded, a copy put back).
    public var journalNotes: [JournalNote] = []
    /// The command that would have made it (`log 81.2`), when a screen
    /// that makes many changes named it (`HistoryFeature.naming`); nil: the
    /// process's own command.
    public var command: String?
    /// The intake entries and measurements it added, changed and removed.
    public let intake: RecordChange<IntakeEntry>
    public let measurements: RecordChange<MeasurementEntry>

    public init(from before: RecordStore, to after: RecordStore) {
        goal = after.goal
        let goalChanged = before.goal != after.goal
        intake = RecordChange(before: before.intake, after: after.intake)
        measurements = RecordChange(before: before.measurements, after: after.measurements)
        let others = (intake: intake.counts, measurements: measurements.counts)
        // The first import into an empty store: everything is added, and the
        // list is the store's own (no copy, no table).
        if before.entries.isEmpty {
            written = after.entries
            removed = []
            summary = ChangeSummary(added: after.entries.count, removed: 0, changed: 0, goalChanged: goalChanged, intake: others.intake, measurements: others.measurements)
            return
        }
        // Both stores are in the one entry order: walked side by side, an
        // entry in both at the same place is kept or changed, and only what
        // is out of step is looked up by id (an edit that moved a weigh-in's
        // date, a merge). Undoing one weigh-in among a million compares; it
        // never builds a table of them. (A write records its own changes: `Edits`.)
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
        summary = ChangeSummary(
            added: added, removed: removed.count, changed: changed, goalChanged: goalChanged, intake: others.intake, measurements: others.measurements)
    }
}

extension RecordStore {
    /// What a write's mutating calls did, recorded as they happen: so the
    /// write can say what it changed without keeping a second copy of every
    /// entry to compare with (a log into a million weigh-ins copied them all).
    struct Edits: Sendable {
        let goalBefore: Goal?
        /// The intake and measurements before the write: few enough to compare by id afterwards.
        let intakeBefore: [IntakeEntry]
        let measurementsBefore: [MeasurementEntry]
        /// Entries added, in the order they came.
        private(set) var inserted: [WeightEntry] = []
        /// The first version of each stored entry that was changed or removed.
        private(set) var previous: [WeightEntry.ID: WeightEntry] = [:]
        /// Its latest version; nil once removed.
        private(set) var latest: [WeightEntry.ID: WeightEntry?] = [:]

        init(before store: RecordStore) {
            goalBefore = store.goal
            intakeBefore = store.intake
            measurementsBefore = store.measurements
        }

        mutating func insert(_ entry: WeightEntry) {
            // Put back after being taken out in the same write: its latest version.
            if !latest.isEmpty, latest[entry.id] != nil {
                latest[entry.id] = .some(entry)
            } else {
                inserted.append(entry)
            }
        }

        mutating func insert(contentsOf entries: [WeightEntry]) {
            if latest.isEmpty && inserted.isEmpty {
                inserted = entries
            } else {
                for entry in entries { insert(entry) }
            }
        }

        mutating func note(previous entry: WeightEntry, now: WeightEntry?) {
            if previous[entry.id] == nil { previous[entry.id] = entry }
            latest[entry.id] = .some(now)
        }
    }
}

extension StoreChange {
    /// From what the write recorded: `after` is the store it left.
    init(edits: RecordStore.Edits, after: RecordStore) {
        goal = after.goal
        let goalChanged = edits.goalBefore != after.goal
        intake = RecordChange(before: edits.intakeBefore, after: after.intake)
        measurements = RecordChange(before: edits.measurementsBefore, after: after.measurements)
        var written: [WeightEntry]
        var added = 0
        var changed = 0
        if edits.latest.isEmpty {
            written = edits.inserted
            added = written.count
        } else {
            written = []
            for entry in edits.inserted {
                if let final = edits.latest[entry.id] {
                    if let final {
                        written.append(final)
                        added += 1
                    }
                } else {
                    written.append(entry)
                    added += 1
                }
            }
        }
        var removed: [WeightEntry] = []
        if !edits.previous.isEmpty {
            // An entry added and then changed in the same write is added, not changed.
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
            removed.sort(by: WeightEntry.isOrderedBefore)
        }
        self.written = written.inStoreOrder
        self.removed = removed
        summary = ChangeSummary(
            added: added, removed: removed.count, changed: changed, goalChanged: goalChanged, intake: intake.counts, measurements: measurements.counts)
    }
}

/// What one write did to the records of one kind besides weigh-ins,
/// found by id (there are few of them beside a long history of weigh-ins).
public struct RecordChange<Stored: StoredRecord>: Equatable, Sendable {
    /// Added and changed records as they are now stored, in store order.
    public let written: [Stored]
    /// Records no longer stored, as they were.
    public let removed: [Stored]
    public let counts: ChangeSummary.Counts

    init(before: [Stored], after: [Stored]) {
        guard before != after else {
            written = []
            removed = []
            counts = .none
            return
        }
        var old: [UUID: Stored] = [:]
        for record in before { old[record.id] = record }
        var written: [Stored] = []
        var added = 0
        var changed = 0
        var kept = Set<UUID>()
        for record in after {
            if let previous = old[record.id] {
                kept.insert(record.id)
                if previous != record {
                    written.append(record)
                    changed += 1
                }
            } else {
                written.append(record)
                added += 1
            }
        }
        removed = before.filter { !kept.contains($0.id) }
        self.written = written
        counts = ChangeSummary.Counts(added: added, removed: removed.count, changed: changed)
    }
}
