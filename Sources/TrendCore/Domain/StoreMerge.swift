#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Merging copies of the weigh-ins by id (SPEC §9): two-way for `trend
/// merge` (another device's copy, a sync tool's conflict copy) and three-way
/// for git's merge driver.
public enum StoreMerge {
    /// Which side wins a conflict.
    public enum Preference: String, CaseIterable, Sendable {
        case ours, theirs
    }

    /// One id both sides changed differently (a weigh-in, an intake entry
    /// or a measurement: ids are unique across the three).
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
            switch record {
            case .weighIn(let entry): ours.insert(entry)
            case .intake(let entry): ours.insert(entry)
            case .measurement(let entry): ours.insert(entry)
            }
        }
        var byID: [WeightEntry.ID: WeightEntry] = [:]
        for entry in ours.entries { byID[entry.id] = entry }
        var added: [WeightEntry] = []
        for entry in theirs.entries {
            guard let mine = byID[entry.id] else {
                added.append(entry)
                byID[entry.id] = entry
                continue
            }
            if mine == entry {
                outcome.same += 1
            } else {
                outcome.conflicts.append(Conflict(id: entry.id, ours: .weighIn(mine), theirs: .weighIn(entry)))
                if prefer == .theirs { ours.replace(entry) }
            }
        }
        ours.insert(contentsOf: added)
        outcome.added = added.count
        // Intake and measurements the same way, by id.
        let newIntake = mergeRecords(theirs.intake, into: ours.intake, prefer: prefer, wrap: AnyRecord.intake, outcome: &outcome)
        for entry in newIntake.replaced { ours.replace(entry) }
        ours.insert(contentsOf: newIntake.added)
        let newMeasurements = mergeRecords(theirs.measurements, into: ours.measurements, prefer: prefer, wrap: AnyRecord.measurement, outcome: &outcome)
        for entry in newMeasurements.replaced { ours.replace(entry) }
        ours.insert(contentsOf: newMeasurements.added)
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
    /// three kinds (SPEC §1), so such a record is never merged beside ours.
    static func withoutCrossKindIDs(_ theirs: RecordStore, against ours: RecordStore) -> (RecordStore, [Conflict]) {
        var kinds: [RecordID: AnyRecord] = [:]
        for entry in ours.entries { kinds[entry.recordID] = .weighIn(entry) }
        for entry in ours.intake { kinds[entry.recordID] = .intake(entry) }
        for entry in ours.measurements { kinds[entry.recordID] = .measurement(entry) }
        var conflicts: [Conflict] = []
        func keeps(_ record: AnyRecord) -> Bool {
            guard let mine = kinds[record.recordID], mine.kind != record.kind else { return true }
            conflicts.append(Conflict(id: record.id, ours: mine, theirs: record))
            return false
        }
        let entries = theirs.entries.filter { keeps(.weighIn($0)) }
        let intake = theirs.intake.filter { keeps(.intake($0)) }
        let measurements = theirs.measurements.filter { keeps(.measurement($0)) }
        guard !conflicts.isEmpty else { return (theirs, []) }
        let goal = theirs.goal
        return (RecordStore(entries: entries, goalKilograms: goal?.kilograms, goalPlan: goal?.plan, intake: intake, measurements: measurements, version: theirs.version), conflicts)
    }

    /// What only `theirs` has (to add) and, preferring theirs, what replaces ours; counted into `outcome`.
    static func mergeRecords<Stored: StoredRecord>(
        _ theirs: [Stored], into ours: [Stored], prefer: Preference, wrap: (Stored) -> AnyRecord, outcome: inout Outcome
    ) -> (added: [Stored], replaced: [Stored]) {
        var byID: [UUID: Stored] = [:]
        for record in ours { byID[record.id] = record }
        var added: [Stored] = []
        var replaced: [Stored] = []
        for record in theirs {
            guard let mine = byID[record.id] else {
                added.append(record)
                byID[record.id] = record
                continue
            }
            if mine == record {
                outcome.same += 1
            } else {
                outcome.conflicts.append(Conflict(id: record.id, ours: wrap(mine), theirs: wrap(record)))
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
        let entries = threeWay(base.entries, ours.entries, theirs.entries, wrap: AnyRecord.weighIn, conflicts: &conflicts)
        let intake = threeWay(base.intake, ours.intake, theirs.intake, wrap: AnyRecord.intake, conflicts: &conflicts)
        let measurements = threeWay(base.measurements, ours.measurements, theirs.measurements, wrap: AnyRecord.measurement, conflicts: &conflicts)
        var goal = ours.goal
        var goalConflict = false
        if ours.goal != theirs.goal {
            if ours.goal == base.goal {
                goal = theirs.goal
            } else if theirs.goal != base.goal {
                goalConflict = true
            }
        }
        conflicts.sort { $0.id.uuidString < $1.id.uuidString }
        let store = RecordStore(
            entries: entries, goalKilograms: goal?.kilograms, goalPlan: goal?.plan, intake: intake, measurements: measurements,
            version: max(ours.version, theirs.version))
        return ThreeWay(store: store, conflicts: conflicts, goalConflict: goalConflict)
    }

    /// One kind's records, merged three ways by id: a change on one side is
    /// taken, a deletion of an unchanged record honoured, and changes that
    /// differ (or a change against a deletion) are conflicts, kept as ours.
    static func threeWay<Stored: StoredRecord>(
        _ base: [Stored], _ ours: [Stored], _ theirs: [Stored], wrap: (Stored) -> AnyRecord, conflicts: inout [Conflict]
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
        for id in Set(mine.keys).union(other.keys).union(old.keys) {
            let (b, o, t) = (old[id], mine[id], other[id])
            if o == t {
                if let o { result.append(o) }
            } else if o == b {
                if let t { result.append(t) }
            } else if t == b {
                if let o { result.append(o) }
            } else {
                conflicts.append(Conflict(id: id, ours: o.map(wrap), theirs: t.map(wrap)))
                if let o { result.append(o) }
            }
        }
        return result
    }
}
