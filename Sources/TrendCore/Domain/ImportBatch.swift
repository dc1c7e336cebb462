/// Entries to add in one write, and how they are merged with what is stored
/// (SPEC §6): a row whose instant (to the minute) and weight (within
/// 0.005 kg) match a stored entry or an earlier row is a duplicate, and so
/// is an id that is already stored. Merging runs under the storage lock, so
/// it sees what is on disk at that moment.
public struct ImportBatch: Equatable, Sendable {
    public static let weightTolerance = 0.005

    public let entries: [WeightEntry]
    /// Set only when the store has no goal.
    public let goalKilograms: Double?
    public let goalPlan: GoalPlan?
    /// Entries that carry their own ids (trend's JSON export): the id alone
    /// decides, so entries with different ids are never collapsed.
    public let idsDecide: Bool
    /// Entries whose fate the caller wants to know (possible typos): which of them were added.
    public let watched: Set<WeightEntry.ID>

    public init(
        entries: [WeightEntry], goalKilograms: Double? = nil, goalPlan: GoalPlan? = nil, idsDecide: Bool = false, watched: Set<WeightEntry.ID> = []
    ) {
        self.entries = entries
        self.goalKilograms = goalKilograms
        self.goalPlan = goalPlan
        self.idsDecide = idsDecide
        self.watched = watched
    }

    public struct Outcome: Equatable, Sendable {
        public var added = 0
        /// Duplicates of stored entries without body fat that brought it (SPEC §6).
        public var updated = 0
        public var duplicates = 0
        public var goalSet = false
        /// The watched entries that were added (not duplicates).
        public var watchedAdded: Set<WeightEntry.ID> = []

        public init(added: Int = 0, updated: Int = 0, duplicates: Int = 0, goalSet: Bool = false) {
            self.added = added
            self.updated = updated
            self.duplicates = duplicates
            self.goalSet = goalSet
        }
    }

    /// Adds the new entries to `store` and counts the duplicates; a
    /// duplicate of a stored entry without body fat that carries it fills it in.
    public func merge(into store: inout WeightStore) -> Outcome {
        var outcome = Outcome()
        /// What is stored, or already taken from this batch, in each minute.
        struct Seen {
            let kilograms: Double
            /// A stored entry's id, which a later row may give body fat; nil for a row of this batch.
            let storedID: WeightEntry.ID?
        }
        var byMinute: [Int64: [Seen]] = [:]
        var ids: [WeightEntry.ID: Bool] = [:]
        byMinute.reserveCapacity(store.entries.count + entries.count)
        ids.reserveCapacity(store.entries.count + entries.count)
        for entry in store.entries {
            byMinute[Self.minute(entry), default: []].append(Seen(kilograms: entry.kilograms, storedID: entry.fatPercent == nil ? entry.id : nil))
            ids[entry.id] = entry.fatPercent == nil
        }
        var added: [WeightEntry] = []
        var fat: [WeightEntry.ID: Double] = [:]
        for entry in entries {
            let minute = Self.minute(entry)
            if let lacksFat = ids[entry.id] {
                if lacksFat, let value = entry.fatPercent, fat[entry.id] == nil {
                    fat[entry.id] = value
                } else {
                    outcome.duplicates += 1
                }
                continue
            }
            if !idsDecide, let seen = byMinute[minute]?.first(where: { abs($0.kilograms - entry.kilograms) <= Self.weightTolerance }) {
                if let id = seen.storedID, let value = entry.fatPercent, fat[id] == nil {
                    fat[id] = value
                } else {
                    outcome.duplicates += 1
                }
                continue
            }
            byMinute[minute, default: []].append(Seen(kilograms: entry.kilograms, storedID: nil))
            ids[entry.id] = false
            added.append(entry)
            if !watched.isEmpty && watched.contains(entry.id) { outcome.watchedAdded.insert(entry.id) }
        }
        store.insert(contentsOf: added)
        store.setFat(fat)
        outcome.added = added.count
        outcome.updated = fat.count
        if let goalKilograms, store.goalKilograms == nil {
            store.setGoal(goalKilograms, plan: goalPlan)
            outcome.goalSet = true
        }
        return outcome
    }

    private static func minute(_ entry: WeightEntry) -> Int64 {
        let seconds = entry.timestamp.epochSeconds
        return seconds >= 0 ? seconds / 60 : (seconds - 59) / 60
    }
}
