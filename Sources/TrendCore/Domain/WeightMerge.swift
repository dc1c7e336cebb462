/// Merging copies of the weigh-ins by id (SPEC §9): two-way for `trend
/// merge` (another device's copy, a sync tool's conflict copy) and three-way
/// for git's merge driver.
public enum WeightMerge {
    /// Which side wins a conflict.
    public enum Preference: String, CaseIterable, Sendable {
        case ours, theirs
    }

    /// One id both sides changed differently.
    public struct Conflict: Equatable, Sendable {
        public let id: WeightEntry.ID
        /// Nil where that side deleted it.
        public let ours: WeightEntry?
        public let theirs: WeightEntry?
    }

    public struct Outcome: Equatable, Sendable {
        public var added = 0
        public var same = 0
        public var conflicts: [Conflict] = []
        public var goalConflict = false
    }

    /// Adds what only `theirs` has; the same id with other content is a
    /// conflict resolved by `prefer`. A two-way merge cannot see deletions.
    public static func merge(_ theirs: WeightStore, into ours: inout WeightStore, prefer: Preference) -> Outcome {
        var outcome = Outcome()
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
                outcome.conflicts.append(Conflict(id: entry.id, ours: mine, theirs: entry))
                if prefer == .theirs { ours.replace(entry) }
            }
        }
        ours.insert(contentsOf: added)
        outcome.added = added.count
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

    /// Three-way, by id, as git calls a merge driver: a change on one side
    /// is taken, a deletion on one side of an unchanged entry is honoured,
    /// and changes on both sides that differ (or a change against a
    /// deletion) are conflicts, kept as ours.
    /// What a three-way merge gives: the merged store and what it could not decide.
    public struct ThreeWay: Equatable, Sendable {
        public let store: WeightStore
        public let conflicts: [Conflict]
        public let goalConflict: Bool

        public var isClean: Bool { conflicts.isEmpty && !goalConflict }
    }

    public static func merge(base: WeightStore, ours: WeightStore, theirs: WeightStore) -> ThreeWay {
        func index(_ store: WeightStore) -> [WeightEntry.ID: WeightEntry] {
            var result: [WeightEntry.ID: WeightEntry] = [:]
            for entry in store.entries { result[entry.id] = entry }
            return result
        }
        let old = index(base)
        let mine = index(ours)
        let other = index(theirs)
        var result: [WeightEntry] = []
        var conflicts: [Conflict] = []
        for id in Set(mine.keys).union(other.keys).union(old.keys) {
            let (b, o, t) = (old[id], mine[id], other[id])
            if o == t {
                if let o { result.append(o) }
            } else if o == b {
                if let t { result.append(t) }
            } else if t == b {
                if let o { result.append(o) }
            } else {
                conflicts.append(Conflict(id: id, ours: o, theirs: t))
                if let o { result.append(o) }
            }
        }
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
        let store = WeightStore(entries: result, goalKilograms: goal?.kilograms, goalPlan: goal?.plan, version: max(ours.version, theirs.version))
        return ThreeWay(store: store, conflicts: conflicts, goalConflict: goalConflict)
    }
}
