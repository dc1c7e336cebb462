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
    /// Entries that carry their own ids (trend's JSON export): the id alone
    /// decides, so entries with different ids are never collapsed.
    public let idsDecide: Bool

    public init(entries: [WeightEntry], goalKilograms: Double? = nil, idsDecide: Bool = false) {
        self.entries = entries
        self.goalKilograms = goalKilograms
        self.idsDecide = idsDecide
    }

    public struct Outcome: Equatable, Sendable {
        public var added = 0
        public var duplicates = 0
        public var goalSet = false

        public init(added: Int = 0, duplicates: Int = 0, goalSet: Bool = false) {
            self.added = added
            self.duplicates = duplicates
            self.goalSet = goalSet
        }
    }

    /// Adds the new entries to `store` and counts the duplicates.
    public func merge(into store: inout WeightStore) -> Outcome {
        var outcome = Outcome()
        var byMinute: [Int64: [Double]] = [:]
        var ids = Set<WeightEntry.ID>()
        byMinute.reserveCapacity(store.entries.count + entries.count)
        for entry in store.entries {
            byMinute[Self.minute(entry), default: []].append(entry.kilograms)
            ids.insert(entry.id)
        }
        var added: [WeightEntry] = []
        for entry in entries {
            let minute = Self.minute(entry)
            let isDuplicate = ids.contains(entry.id)
                || (!idsDecide && byMinute[minute]?.contains { abs($0 - entry.kilograms) <= Self.weightTolerance } ?? false)
            if isDuplicate {
                outcome.duplicates += 1
                continue
            }
            byMinute[minute, default: []].append(entry.kilograms)
            ids.insert(entry.id)
            added.append(entry)
        }
        store.insert(contentsOf: added)
        outcome.added = added.count
        if let goalKilograms, store.goalKilograms == nil {
            store.goalKilograms = goalKilograms
            outcome.goalSet = true
        }
        return outcome
    }

    private static func minute(_ entry: WeightEntry) -> Int64 {
        let seconds = entry.timestamp.epochSeconds
        return seconds >= 0 ? seconds / 60 : (seconds - 59) / 60
    }
}
