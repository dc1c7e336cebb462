#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Merging copies of the store by id (SPEC §9): two-way for `trend
/// merge` (another device's copy, a sync tool's conflict copy) and three-way
/// for git's merge driver.
public enum StoreMerge {
    /// Which side wins a conflict.
    public enum Preference: String, CaseIterable, Sendable {
        case ours, theirs
    }

    /// One id both sides changed differently (a record of any kind: ids
    /// are unique across kinds).
    public struct Conflict: Equatable, Sendable {
        public let id: UUID
        /// Nil where that side deleted it.
        public let ours: AnyRecord?
        public let theirs: AnyRecord?
    }

    public struct Outcome: Equatable, Sendable {
        public var added = 0
        public var same = 0
        public var conflicts: [Conflict] = []
        public var goalConflict = false
    }

    /// Adds what only `theirs` has; the same id with other content is a
    /// conflict resolved by `prefer`. A two-way merge cannot see deletions.
    public static func merge(_ given: RecordStore, into ours: inout RecordStore, prefer: Preference) -> Outcome {
        var outcome = Outcome()
        // An id one of ours holds in another kind is a conflict, never a second record with it.
        let (theirs, crossed) = withoutCrossKindIDs(given, against: ours)
        for conflict in crossed {
            outcome.conflicts.append(conflict)
            guard prefer == .theirs, let record = conflict.theirs else { continue }
            ours.removeRecord(id: conflict.id)
            ours.insert(record)
        }
        // What either side removed stays removed on both (SPEC §18): the union of the memories, and
        // a record only theirs holds that one of them remembers is not added back.
        for memory in theirs.removed { ours.remember(memory) }
        func merge<Record: StoredRecord>(_: Record.Type) {
            var (added, replaced) = mergeRecords(theirs.records(Record.self), into: ours.records(Record.self), prefer: prefer, outcome: &outcome)
            let memories = ours.recalled(Record.self)
            if !memories.isEmpty {
                let before = added.count
                added.removeAll { record in memories[record.minute]?.contains { $0.record.repeats(record) } ?? false }
                outcome.added -= before - added.count
            }
            for record in replaced { ours.replace(record) }
            ours.insert(contentsOf: added)
        }
        for kind in RecordStore.kinds { merge(kind) }
        // The goal and its plan are one value.
        switch (ours.goal, theirs.goal) {
        case (nil, let goal?): ours.setGoal(goal.kilograms, plan: goal.plan)
        case (let mine?, let goal?) where mine != goal:
            outcome.goalConflict = true
            if prefer == .theirs { ours.setGoal(goal.kilograms, plan: goal.plan) }
        default: break
        }
        return outcome
    }

    /// `theirs` without the records whose id one of `ours` of another kind
    /// holds, and those records as conflicts: ids are unique across the
    /// kinds (SPEC §1), so such a record is never merged beside ours.
    static func withoutCrossKindIDs(_ theirs: RecordStore, against ours: RecordStore) -> (RecordStore, [Conflict]) {
        var held: [RecordID: AnyRecord] = [:]
        for record in ours.allRecords { held[record.recordID] = record }
        var conflicts: [Conflict] = []
        var kept = RecordStore(goalKilograms: theirs.goalKilograms, goalPlan: theirs.goalPlan, version: theirs.version)
        func keep<Record: StoredRecord>(_: Record.Type) {
            var records: [Record] = []
            for record in theirs.records(Record.self) {
                if let mine = held[record.recordID], mine.kind != Record.kind {
                    conflicts.append(Conflict(id: record.id, ours: mine, theirs: AnyRecord(record)))
                } else {
                    records.append(record)
                }
            }
            kept.insert(contentsOf: records)
        }
        for kind in RecordStore.kinds { keep(kind) }
        return conflicts.isEmpty ? (theirs, []) : (kept, conflicts)
    }

    /// What only `theirs` has (to add) and, preferring theirs, what
    /// replaces ours; counted into `outcome`. A record of theirs that is
    /// one of ours under another id (the kind's merge rule) is the same.
    static func mergeRecords<Stored: StoredRecord>(
        _ theirs: [Stored], into ours: [Stored], prefer: Preference, outcome: inout Outcome
    ) -> (added: [Stored], replaced: [Stored]) {
        var byID: [UUID: Stored] = [:]
        var keys = Set<AnyHashable>()
        for record in ours {
            byID[record.id] = record
            if let key = record.mergeKey { keys.insert(key) }
        }
        var added: [Stored] = []
        var replaced: [Stored] = []
        for record in theirs {
            guard let mine = byID[record.id] else {
                if let key = record.mergeKey, !keys.insert(key).inserted {
                    outcome.same += 1
                    continue
                }
                added.append(record)
                byID[record.id] = record
                continue
            }
            if mine == record {
                outcome.same += 1
            } else {
                outcome.conflicts.append(Conflict(id: record.id, ours: AnyRecord(mine), theirs: AnyRecord(record)))
                if prefer == .theirs { replaced.append(record) }
            }
        }
        outcome.added += added.count
        return (added, replaced)
    }

    /// Three-way, by id, as git calls a merge driver: a change on one side
    /// is taken, a deletion on one side of an unchanged entry is honoured,
    /// and changes on both sides that differ (or a change against a
    /// deletion) are conflicts, kept as ours.
    /// What a three-way merge gives: the merged store and what it could not decide.
    public struct ThreeWay: Equatable, Sendable {
        public let store: RecordStore
        public let conflicts: [Conflict]
        public let goalConflict: Bool

        public var isClean: Bool { conflicts.isEmpty && !goalConflict }
    }

    public static func merge(base: RecordStore, ours: RecordStore, theirs given: RecordStore) -> ThreeWay {
        // An id one of ours holds in another kind: a conflict, kept as ours.
        let crossed = withoutCrossKindIDs(given, against: ours)
        let theirs = crossed.0
        var conflicts = crossed.1
        var goal = ours.goal
        var goalConflict = false
        if ours.goal != theirs.goal {
            if ours.goal == base.goal {
                goal = theirs.goal
            } else if theirs.goal != base.goal {
                goalConflict = true
            }
        }
        var store = RecordStore(goalKilograms: goal?.kilograms, goalPlan: goal?.plan, version: max(ours.version, theirs.version))
        func merge<Record: StoredRecord>(_: Record.Type) {
            store.insert(contentsOf: threeWay(base.records(Record.self), ours.records(Record.self), theirs.records(Record.self), conflicts: &conflicts))
        }
        for kind in RecordStore.kinds { merge(kind) }
        for memory in ours.removed + theirs.removed { store.remember(memory) }
        conflicts.sort { $0.id.uuidString < $1.id.uuidString }
        return ThreeWay(store: store, conflicts: conflicts, goalConflict: goalConflict)
    }

    /// One kind's records, merged three ways by id: a change on one side is
    /// taken, a deletion of an unchanged record honoured, and changes that
    /// differ (or a change against a deletion) are conflicts, kept as ours.
    static func threeWay<Stored: StoredRecord>(
        _ base: [Stored], _ ours: [Stored], _ theirs: [Stored], conflicts: inout [Conflict]
    ) -> [Stored] {
        func index(_ records: [Stored]) -> [UUID: Stored] {
            var result: [UUID: Stored] = [:]
            for record in records { result[record.id] = record }
            return result
        }
        let old = index(base)
        let mine = index(ours)
        let other = index(theirs)
        var result: [Stored] = []
        // Records only their side added, held back while ours may hold the same under another id.
        var addedByThem: [Stored] = []
        for id in Set(mine.keys).union(other.keys).union(old.keys) {
            let (b, o, t) = (old[id], mine[id], other[id])
            if o == t {
                if let o { result.append(o) }
            } else if o == b {
                if let t {
                    if b == nil { addedByThem.append(t) } else { result.append(t) }
                }
            } else if t == b {
                if let o { result.append(o) }
            } else {
                conflicts.append(Conflict(id: id, ours: o.map { AnyRecord($0) }, theirs: t.map { AnyRecord($0) }))
                if let o { result.append(o) }
            }
        }
        // One of ours again under another id (the kind's merge rule) is not added twice.
        let keys = Set(result.compactMap(\.mergeKey))
        result += addedByThem.filter { $0.mergeKey.map { !keys.contains($0) } ?? true }
        return result
    }
}
