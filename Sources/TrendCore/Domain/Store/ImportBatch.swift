#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
    /// The records of every other kind to add beside the weigh-ins
    /// (intake, measurements, …: SPEC §15, §16).
    public var others = RecordStore()
    /// A day of a one-source kind (intake) that the store already holds
    /// takes the file's records instead of keeping its own
    /// (`--replace-intake`); otherwise it keeps its own (SPEC §15: one
    /// source per day, never a sum of two).
    public var replaceIntake = false
    /// One weigh-in seen twice (SPEC §18): another app's row within 30
    /// minutes of a stored weigh-in of the same day, and within 0.5 kg of
    /// it, is that weigh-in (a scale's export beside the same morning
    /// logged by hand). Not for trend's own JSON, where ids decide.
    public var matchesNearby = false
    /// Weigh-ins far from the stored trend are refused (`HistoryCheck`); off when the person insists.
    public var checksHistory = false
    /// Rows that match a removed record (SPEC §18) are taken, and the memory forgotten; otherwise they are skipped.
    public var restoreRemoved = false
    public static let nearbySeconds: Int64 = 30 * 60
    public static let nearbyKilograms = 0.5

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
        /// Of the duplicates and the updated, rows that were a stored weigh-in seen within 30 minutes, not at its minute.
        public var nearbyMatches = 0
        public var goalSet = false
        /// The watched entries that were added (not duplicates).
        public var watchedAdded: Set<WeightEntry.ID> = []
        /// Each other kind's records added and duplicates, by kind.
        public var others: [RecordKind: OtherCounts] = [:]
        /// Days that held intake already, whose rows in the file were left
        /// out (one source per day), or, with `replaceIntake`, replaced.
        public var intakeDaysKept: [CalendarDay] = []
        public var intakeDaysReplaced: [CalendarDay] = []
        /// The records of other kinds that were added (not duplicates).
        public var addedOtherIDs: Set<UUID> = []
        /// Rows of any kind that match a removed record (SPEC §18): skipped, or with `restoreRemoved` taken back.
        public var removedSkipped = 0
        public var removedRestored = 0
        /// The memories the taken-back rows stood for, forgotten.
        var forgotten: Set<RemovedRecord> = []

        /// Records of one other kind the file held: added, or already stored.
        public struct OtherCounts: Equatable, Sendable {
            public var added = 0
            public var duplicates = 0
        }

        public init(added: Int = 0, updated: Int = 0, duplicates: Int = 0, goalSet: Bool = false) {
            self.added = added
            self.updated = updated
            self.duplicates = duplicates
            self.goalSet = goalSet
        }
    }

    /// Adds the new entries to `store` and counts the duplicates; a
    /// duplicate of a stored entry without body fat that carries it fills it in.
    /// Throws `SharedID`, or with `checksHistory` a `HistoryCheck.Finding`.
    public func merge(into store: inout RecordStore) throws -> Outcome {
        if idsDecide, let shared = sharedID(with: store) { throw shared }
        // Against the history as it is on disk, under the lock (SPEC §18).
        if checksHistory, let finding = HistoryCheck.check(imported: entries, stored: store.entries) { throw finding }
        var outcome = Outcome()
        var added: [WeightEntry] = []
        var fat: [WeightEntry.ID: Double] = [:]
        if idsDecide {
            mergeByID(store, added: &added, fat: &fat, outcome: &outcome)
        } else {
            mergeByMinute(store, added: &added, fat: &fat, outcome: &outcome)
        }
        outcome.added = added.count
        store.insert(contentsOf: consume added)
        store.setFat(fat)
        outcome.updated = fat.count
        if let goalKilograms, store.goalKilograms == nil {
            store.setGoal(goalKilograms, plan: goalPlan)
            outcome.goalSet = true
        }
        mergeBody(into: &store, outcome: &outcome)
        store.forget(outcome.forgotten)
        outcome.removedRestored = outcome.forgotten.count
        return outcome
    }

    /// Whether `record` was removed earlier and stays out (counted), or is
    /// taken back with `restoreRemoved` (its memory forgotten): SPEC §18.
    private func staysRemoved<Record: StoredRecord>(
        _ record: Record, memories: [Int64: [(memory: RemovedRecord, record: Record)]], outcome: inout Outcome
    ) -> Bool {
        guard !memories.isEmpty, let hit = memories[record.minute]?.first(where: { $0.record.repeats(record) }) else { return false }
        if restoreRemoved {
            outcome.forgotten.insert(hit.memory)
            return false
        }
        outcome.removedSkipped += 1
        return true
    }

    /// A record of the file whose id a stored record of another kind has:
    /// ids are unique across the three kinds (SPEC §1), so the import is
    /// refused rather than storing two records with one id.
    public struct SharedID: Error, Equatable, CustomStringConvertible {
        public let id: UUID
        public let inFile: RecordKind
        public let stored: RecordKind
        public var description: String {
            "the file's \(inFile.name) \(EntryID.shortID(of: id)) has the id of a stored \(stored.name): ids are unique across \(ImportBatch.kindNames)"
        }
    }

    /// `weigh-ins, intake and measurements`: every kind, as summaries head them.
    static var kindNames: String {
        let names = RecordStore.kinds.map { $0.kind.groupName ?? $0.kind.pluralName }
        return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }

    private func sharedID(with store: RecordStore) -> SharedID? {
        var kinds: [RecordID: RecordKind] = [:]
        for record in store.allRecords { kinds[record.recordID] = record.kind }
        let incoming = entries.lazy.map { ($0.recordID, RecordKind.weighIn) } + others.allRecords.lazy.map { ($0.recordID, $0.kind) }
        for (id, kind) in incoming {
            if let stored = kinds[id], stored != kind { return SharedID(id: id.uuid, inFile: kind, stored: stored) }
        }
        return nil
    }

    /// Every other kind, each by its own rules: by id for trend's own
    /// export (an id any record has is a duplicate), else by what they say
    /// (the kind's `repeats`: the same minute and amount as one stored or
    /// earlier in the file). A one-source kind (intake) takes none of a
    /// day the store already holds, or replaces that day's records.
    private func mergeBody(into store: inout RecordStore, outcome: inout Outcome) {
        guard !others.allRecordIDs.isEmpty else { return }
        var ids = idsDecide ? store.allIDs : []
        func merge<Record: StoredRecord>(_: Record.Type) {
            let incoming = others.records(Record.self)
            guard !incoming.isEmpty else { return }
            var counts = Outcome.OtherCounts()
            var seen: [Int64: [Record]] = [:]
            for record in store.records(Record.self) { seen[record.minute, default: []].append(record) }
            let memories = store.recalled(Record.self)
            // One source per day: a day already holding records keeps its own, or takes the file's whole.
            let loggedDays = Record.oneSourcePerDay ? Set(store.records(Record.self).map(\.calendarDay)) : []
            var kept: Set<CalendarDay> = []
            var replaced: Set<CalendarDay> = []
            var added: [Record] = []
            // The ids of the records a replaced day gives up are free; every other id stays taken, so an
            // id of the file already held elsewhere is a duplicate on every path, replacing or not.
            let replacing = replaceIntake ? loggedDays.intersection(incoming.map(\.calendarDay)) : []
            if idsDecide && !replacing.isEmpty {
                ids.subtract(store.records(Record.self).lazy.filter { replacing.contains($0.calendarDay) }.map(\.id))
            }
            for record in incoming {
                let day = record.calendarDay
                if replacing.contains(day) {
                    if idsDecide {
                        guard ids.insert(record.id).inserted else { counts.duplicates += 1; continue }
                    }
                    if staysRemoved(record, memories: memories, outcome: &outcome) { continue }
                    replaced.insert(day)
                    added.append(record)
                    continue
                }
                if idsDecide {
                    guard ids.insert(record.id).inserted else { counts.duplicates += 1; continue }
                } else {
                    if seen[record.minute]?.contains(where: { $0.repeats(record) }) == true {
                        counts.duplicates += 1
                        continue
                    }
                    seen[record.minute, default: []].append(record)
                }
                if staysRemoved(record, memories: memories, outcome: &outcome) { continue }
                if loggedDays.contains(day) {
                    kept.insert(day)
                    continue
                }
                added.append(record)
            }
            // A day whose rows in the file were all records stored already keeps its own.
            kept.formUnion(replacing.subtracting(replaced))
            // What a replaced day gave up is remembered, as `rm` remembers (SPEC §18), unless the file brings it again.
            for record in store.records(Record.self) where replaced.contains(record.calendarDay) && !added.contains(where: { $0.repeats(record) }) {
                store.remember(record)
            }
            if !replaced.isEmpty { store.removeAll(Record.self) { replaced.contains($0.calendarDay) } }
            if Record.oneSourcePerDay {
                outcome.intakeDaysKept = kept.sorted()
                outcome.intakeDaysReplaced = replaced.sorted()
            }
            counts.added = added.count
            outcome.addedOtherIDs.formUnion(added.map(\.id))
            outcome.others[Record.kind] = counts
            store.insert(contentsOf: added)
        }
        for kind in RecordStore.kinds { merge(kind) }
    }

    private static func minute(_ timestamp: Timestamp) -> Int64 {
        let seconds = timestamp.epochSeconds
        return seconds >= 0 ? seconds / 60 : (seconds - 59) / 60
    }

    /// The JSON export: an id already stored (or earlier in the batch) is a duplicate, whatever its time.
    private func mergeByID(_ store: RecordStore, added: inout [WeightEntry], fat: inout [WeightEntry.ID: Double], outcome: inout Outcome) {
        var lacksFat: [WeightEntry.ID: Bool] = [:]
        lacksFat.reserveCapacity(store.entries.count + entries.count)
        for entry in store.entries { lacksFat[entry.id] = entry.fatPercent == nil }
        let memories = store.recalled(WeightEntry.self)
        for entry in entries {
            if let stored = lacksFat[entry.id] {
                if stored, let value = entry.fatPercent, fat[entry.id] == nil {
                    fat[entry.id] = value
                } else {
                    outcome.duplicates += 1
                }
                continue
            }
            if staysRemoved(entry, memories: memories, outcome: &outcome) { continue }
            lacksFat[entry.id] = false
            added.append(entry)
            if !watched.isEmpty && watched.contains(entry.id) { outcome.watchedAdded.insert(entry.id) }
        }
    }

    /// Every other format: the same minute and weight as a stored entry, or
    /// an earlier row, is a duplicate. The batch is walked in minute order
    /// beside the store (which is in time order already): no table of a
    /// million minutes is built.
    private func mergeByMinute(_ store: RecordStore, added: inout [WeightEntry], fat: inout [WeightEntry.ID: Double], outcome: inout Outcome) {
        let minutes = entries.map(Self.minute)
        // Rows of one minute keep the file's order, so "earlier row" keeps its meaning.
        let order = entries.indices.sorted { minutes[$0] != minutes[$1] ? minutes[$0] < minutes[$1] : $0 < $1 }
        let stored = store.entries
        let memories = store.recalled(WeightEntry.self)
        var cursor = 0
        var currentMinute = Int64.min
        var storedInMinute: Range<Int> = 0..<0
        var keptInMinute: [Double] = []
        var keep = [Bool](repeating: false, count: entries.count)
        // The stored weigh-ins within 30 minutes either side of the row: a window that only moves forward.
        var nearbyLow = 0
        var nearbyHigh = 0
        for index in order {
            let entry = entries[index]
            let minute = minutes[index]
            if minute != currentMinute {
                currentMinute = minute
                while cursor < stored.count && Self.minute(stored[cursor]) < minute { cursor += 1 }
                var end = cursor
                while end < stored.count && Self.minute(stored[end]) == minute { end += 1 }
                storedInMinute = cursor..<end
                keptInMinute.removeAll(keepingCapacity: true)
            }
            if let match = storedInMinute.first(where: { abs(stored[$0].kilograms - entry.kilograms) <= Self.weightTolerance }) {
                let target = stored[match]
                if target.fatPercent == nil, let value = entry.fatPercent, fat[target.id] == nil {
                    fat[target.id] = value
                } else {
                    outcome.duplicates += 1
                }
                continue
            }
            if matchesNearby && !stored.isEmpty {
                let seconds = entry.timestamp.epochSeconds
                while nearbyLow < stored.count && stored[nearbyLow].timestamp.epochSeconds < seconds - Self.nearbySeconds { nearbyLow += 1 }
                nearbyHigh = max(nearbyHigh, nearbyLow)
                while nearbyHigh < stored.count && stored[nearbyHigh].timestamp.epochSeconds <= seconds + Self.nearbySeconds { nearbyHigh += 1 }
                // The nearest stored weigh-in of the same day within the window and 0.5 kg.
                var near: Int?
                for index in nearbyLow..<nearbyHigh where abs(stored[index].kilograms - entry.kilograms) <= Self.nearbyKilograms {
                    guard stored[index].calendarDay == entry.calendarDay else { continue }
                    if near.map({ abs(stored[index].timestamp.epochSeconds - seconds) < abs(stored[$0].timestamp.epochSeconds - seconds) }) ?? true { near = index }
                }
                if let near {
                    let target = stored[near]
                    if target.fatPercent == nil, let value = entry.fatPercent, fat[target.id] == nil {
                        fat[target.id] = value
                    } else {
                        outcome.duplicates += 1
                    }
                    outcome.nearbyMatches += 1
                    continue
                }
            }
            if staysRemoved(entry, memories: memories, outcome: &outcome) { continue }
            if keptInMinute.contains(where: { abs($0 - entry.kilograms) <= Self.weightTolerance }) {
                outcome.duplicates += 1
                continue
            }
            keptInMinute.append(entry.kilograms)
            keep[index] = true
        }
        // Added in the file's order; the store puts them in time order. All
        // of them (an import into an empty store, a file of new weigh-ins):
        // the batch's own array, not a copy of a million entries.
        if outcome.duplicates == 0 && fat.isEmpty && outcome.removedSkipped == 0 {
            added = entries
            if !watched.isEmpty { outcome.watchedAdded = watched.intersection(entries.lazy.map(\.id)) }
            return
        }
        added.reserveCapacity(entries.count)
        for index in entries.indices where keep[index] {
            added.append(entries[index])
            if !watched.isEmpty && watched.contains(entries[index].id) { outcome.watchedAdded.insert(entries[index].id) }
        }
    }

    private static func minute(_ entry: WeightEntry) -> Int64 {
        let seconds = entry.timestamp.epochSeconds
        return seconds >= 0 ? seconds / 60 : (seconds - 59) / 60
    }
}
