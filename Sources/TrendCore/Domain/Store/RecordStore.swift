#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Everything `weights.json` holds (SPEC §1): the records of every kind,
/// and the goal with its plan.
///
/// The kinds are declared once, each by its value (`StoredRecord`), and
/// registered in `kinds`; everything here that is about records in
/// general (inserting, replacing, removing, ids, versions, what a write
/// changed) is generic over them. A kind only adds its array below.
public struct RecordStore: Equatable, Sendable {
    /// The newest file format this program reads and writes: 2 added body
    /// fat on entries and the goal's plan, 3 the intake and measurements,
    /// 4 day marks.
    public static let currentVersion = 4

    /// Every kind of record, in the order listings, summaries and the hook
    /// give them.
    public static var kinds: [any StoredRecord.Type] { [WeightEntry.self, IntakeEntry.self, MeasurementEntry.self, DayMark.self] }

    /// Weigh-ins, in store order (by instant, ties by id), as every kind.
    public internal(set) var entries: [WeightEntry] = []
    /// Food energy logged (SPEC §15).
    public internal(set) var intake: [IntakeEntry] = []
    /// Body measurements (SPEC §16).
    public internal(set) var measurements: [MeasurementEntry] = []
    /// Day marks (SPEC §21).
    public internal(set) var marks: [DayMark] = []

    /// What `rm` and `import --replace-intake` took out, remembered so
    /// that an import does not bring it back (SPEC §18), in `RemovedRecord`
    /// order.
    public internal(set) var removed: [RemovedRecord] = []

    /// Setting or clearing the goal clears its plan.
    public var goalKilograms: Double? {
        didSet { if goalKilograms != oldValue { goalPlan = nil } }
    }
    /// How the goal is to be reached; nil without a plan (or a goal).
    public var goalPlan: GoalPlan?
    /// The version the data was read with; a newer one is never written.
    public var version: Int
    /// While a write records them, what the mutating methods did (see
    /// `Edits`); nil otherwise. Not part of what the store is.
    var edits: Edits?

    public init(entries: [WeightEntry] = [], goalKilograms: Double? = nil, goalPlan: GoalPlan? = nil, version: Int = RecordStore.currentVersion) {
        self.entries = entries.inStoreOrder
        self.goalKilograms = goalKilograms
        self.goalPlan = goalKilograms == nil ? nil : goalPlan
        self.version = version
    }

    /// Where a kind's records live in the store. Only the store's own
    /// module makes one, so every change to records goes through the
    /// methods below, which record it (`Edits`).
    public struct Slot<Record: StoredRecord> {
        let path: WritableKeyPath<RecordStore, [Record]>

        init(_ path: WritableKeyPath<RecordStore, [Record]>) { self.path = path }
    }

    /// The records of one kind, in store order.
    public func records<Record: StoredRecord>(_: Record.Type) -> [Record] {
        self[keyPath: Record.slot.path]
    }

    /// The lowest version that holds this content (SPEC §1): a history
    /// without body fat or a plan stays readable by a trend that knows
    /// neither, one without intake or measurements by a trend that knows none.
    public var versionNeeded: Int {
        var needed = goalPlan != nil ? 2 : 1
        func need<Record: StoredRecord>(_: Record.Type) { needed = max(needed, Record.versionNeeded(for: records(Record.self))) }
        for kind in Self.kinds { need(kind) }
        // Version 4 added the memory of removed records (SPEC §18), as it added marks.
        if !removed.isEmpty { needed = max(needed, 4) }
        return needed
    }

    /// Sets the goal and its plan together.
    public mutating func setGoal(_ kilograms: Double?, plan: GoalPlan?) {
        goalKilograms = kilograms
        goalPlan = kilograms == nil ? nil : plan
    }

    /// The goal and its plan as one value: what a merge compares.
    public var goal: Goal? { goalKilograms.map { Goal(kilograms: $0, plan: goalPlan) } }

    public struct Goal: Equatable, Sendable {
        public let kilograms: Double
        public let plan: GoalPlan?
    }

    /// The same records and goal: the version a file was read with is
    /// where the data came from, not what it is.
    public static func == (a: RecordStore, b: RecordStore) -> Bool {
        guard a.goalKilograms == b.goalKilograms, a.goalPlan == b.goalPlan, a.removed == b.removed else { return false }
        func same<Record: StoredRecord>(_: Record.Type) -> Bool { a.records(Record.self) == b.records(Record.self) }
        return Self.kinds.allSatisfy { same($0) }
    }

    // MARK: Changing records, every change recorded

    /// Inserts in order without re-sorting: a new record is usually the
    /// latest, so this is a binary search and (usually) an append.
    public mutating func insert<Record: StoredRecord>(_ record: Record) {
        Self.place(record, in: &self[keyPath: Record.slot.path])
        edits?.record(Record.self) { $0.insert(record) }
    }

    /// Adds many records with one sort, not one insertion each.
    /// Consuming: an array the caller gives up is sorted where it is, not
    /// copied first (a large import is most of the process's memory).
    public mutating func insert<Record: StoredRecord>(contentsOf newRecords: consuming [Record]) {
        guard !newRecords.isEmpty else { return }
        if newRecords.count == 1 {
            insert(newRecords[0])
            return
        }
        var incoming = newRecords
        incoming.putInStoreOrder()
        edits?.record(Record.self) { $0.insert(contentsOf: incoming) }
        Self.merge(incoming, into: &self[keyPath: Record.slot.path])
    }

    /// Replaces the record with the same id; false when there is none.
    @discardableResult
    public mutating func replace<Record: StoredRecord>(_ record: Record) -> Bool {
        let path = Record.slot.path
        guard let index = self[keyPath: path].firstIndex(where: { $0.id == record.id }) else { return false }
        let previous = self[keyPath: path].remove(at: index)
        Self.place(record, in: &self[keyPath: path])
        edits?.record(Record.self) { $0.note(previous: previous, now: record) }
        return true
    }

    /// Removes the record of that kind with that id; nil when there is none.
    @discardableResult
    public mutating func remove<Record: StoredRecord>(_: Record.Type, id: UUID) -> Record? {
        let path = Record.slot.path
        guard let index = self[keyPath: path].firstIndex(where: { $0.id == id }) else { return nil }
        let removed = self[keyPath: path].remove(at: index)
        edits?.record(Record.self) { $0.note(previous: removed, now: nil) }
        return removed
    }

    /// Removes every record of that kind that `shouldRemove` picks (an
    /// import replacing a day's intake).
    public mutating func removeAll<Record: StoredRecord>(_: Record.Type, where shouldRemove: (Record) -> Bool) {
        let path = Record.slot.path
        var kept: [Record] = []
        for record in self[keyPath: path] {
            if shouldRemove(record) {
                edits?.record(Record.self) { $0.note(previous: record, now: nil) }
            } else {
                kept.append(record)
            }
        }
        self[keyPath: path] = kept
    }

    /// Removes the record of any kind with that id; false when there is none.
    @discardableResult
    public mutating func removeRecord(id: UUID) -> Bool {
        func remove<Record: StoredRecord>(_ kind: Record.Type) -> Bool { self.remove(kind, id: id) != nil }
        for kind in Self.kinds where remove(kind) { return true }
        return false
    }

    /// Gives weigh-ins their body fat, by id, in one pass (an import that
    /// fills in what a weight-only export lacked).
    public mutating func setFat(_ fat: [WeightEntry.ID: Double]) {
        guard !fat.isEmpty else { return }
        for index in entries.indices {
            if let value = fat[entries[index].id] {
                let previous = entries[index]
                entries[index].fatPercent = value
                let now = entries[index]
                edits?.record(WeightEntry.self) { $0.note(previous: previous, now: now) }
            }
        }
    }

    /// Every id in the store, of every kind: ids are unique across kinds.
    public var allIDs: Set<UUID> {
        var ids = Set<UUID>()
        func add<Record: StoredRecord>(_: Record.Type) { ids.formUnion(records(Record.self).lazy.map(\.id)) }
        for kind in Self.kinds { add(kind) }
        return ids
    }

    /// Every record's id of every kind, kind by kind in store order.
    public var allRecordIDs: [RecordID] {
        var ids: [RecordID] = []
        func add<Record: StoredRecord>(_: Record.Type) { ids += records(Record.self).lazy.map(\.recordID) }
        for kind in Self.kinds { add(kind) }
        return ids
    }

    /// How many records the store holds, of every kind.
    public var recordCount: Int {
        var count = 0
        func add<Record: StoredRecord>(_: Record.Type) { count += records(Record.self).count }
        for kind in Self.kinds { add(kind) }
        return count
    }

    /// Hands every record's id to `body`, kind by kind in store order.
    public func forEachRecordID(_ body: (RecordID) -> Void) {
        func walk<Record: StoredRecord>(_: Record.Type) { Record.forEachID(of: records(Record.self), body) }
        for kind in Self.kinds { walk(kind) }
    }

    // MARK: Order

    static func place<Stored: StoredRecord>(_ record: Stored, in records: inout [Stored]) {
        var low = 0
        var high = records.count
        while low < high {
            let mid = (low + high) / 2
            if Stored.isOrderedBefore(records[mid], record) { low = mid + 1 } else { high = mid }
        }
        records.insert(record, at: low)
    }

    /// Merges records in store order into an array in store order: into
    /// an empty one they are the array, not a copy; after its last they
    /// are appended; else the two runs are merged in one pass.
    static func merge<Stored: StoredRecord>(_ incoming: [Stored], into records: inout [Stored]) {
        if records.isEmpty {
            records = incoming
            return
        }
        guard let last = records.last, let first = incoming.first, Stored.isOrderedBefore(first, last) else {
            records.append(contentsOf: incoming)
            return
        }
        var merged: [Stored] = []
        merged.reserveCapacity(records.count + incoming.count)
        var i = 0
        var j = 0
        while i < records.count && j < incoming.count {
            if Stored.isOrderedBefore(incoming[j], records[i]) {
                merged.append(incoming[j])
                j += 1
            } else {
                merged.append(records[i])
                i += 1
            }
        }
        merged.append(contentsOf: records[i...])
        merged.append(contentsOf: incoming[j...])
        records = merged
    }
}

extension Array where Element: StoredRecord {
    /// The records in the one order: the array itself when it is in order
    /// already (a file as trend writes it), else sorted.
    var inStoreOrder: [Element] {
        guard !isInStoreOrder else { return self }
        return sorted(by: Element.isOrderedBefore)
    }

    /// Sorted where it lies: an import's entries are most of the
    /// process's memory, and a sorted copy would double them.
    mutating func putInStoreOrder() {
        guard !isInStoreOrder else { return }
        sort(by: Element.isOrderedBefore)
    }

    var isInStoreOrder: Bool {
        indices.dropFirst().allSatisfy { !Element.isOrderedBefore(self[$0], self[$0 - 1]) }
    }
}
