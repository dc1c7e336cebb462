#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Everything `weights.json` holds: the weigh-ins, the goal and its plan,
/// and the intake and body measurements logged beside them (SPEC §1).
public struct RecordStore: Equatable, Sendable {
    /// The newest file format this program reads and writes: 2 added body
    /// fat on entries and the goal's plan, 3 the intake and measurements.
    public static let currentVersion = 3

    /// Kept in `WeightEntry.isOrderedBefore` order.
    public private(set) var entries: [WeightEntry]
    /// While a write records them, what the mutating methods did (see
    /// `Edits`); nil otherwise. Not part of what the store is.
    var edits: Edits?
    /// Setting or clearing the goal clears its plan.
    public var goalKilograms: Double? {
        didSet { if goalKilograms != oldValue { goalPlan = nil } }
    }
    /// How the goal is to be reached; nil without a plan (or a goal).
    public var goalPlan: GoalPlan?
    /// The version the data was read with; a newer one is never written.
    public var version: Int
    /// Food energy logged (SPEC §15), in the one order.
    public private(set) var intake: [IntakeEntry]
    /// Body measurements (SPEC §16), in the one order.
    public private(set) var measurements: [MeasurementEntry]

    public init(
        entries: [WeightEntry] = [], goalKilograms: Double? = nil, goalPlan: GoalPlan? = nil, intake: [IntakeEntry] = [],
        measurements: [MeasurementEntry] = [], version: Int = RecordStore.currentVersion
    ) {
        self.entries = entries.inStoreOrder
        self.goalKilograms = goalKilograms
        self.goalPlan = goalKilograms == nil ? nil : goalPlan
        self.intake = intake.inStoreOrder
        self.measurements = measurements.inStoreOrder
        self.version = version
    }

    /// The lowest version that holds this content (SPEC §1): a history
    /// without body fat or a plan stays readable by a trend that knows
    /// neither, one without intake or measurements by a trend that knows none.
    public var versionNeeded: Int {
        if !intake.isEmpty || !measurements.isEmpty { return 3 }
        return goalPlan != nil || entries.contains(where: { $0.fatPercent != nil }) ? 2 : 1
    }

    /// Sets the goal and its plan together.
    public mutating func setGoal(_ kilograms: Double?, plan: GoalPlan?) {
        goalKilograms = kilograms
        goalPlan = kilograms == nil ? nil : plan
    }

    /// The goal and its plan as one value: what a merge compares.
    public var goal: Goal? { goalKilograms.map { Goal(kilograms: $0, plan: goalPlan) } }

    /// The same weigh-ins and goal: the version a file was read with is
    /// where the data came from, not what it is.
    public static func == (a: RecordStore, b: RecordStore) -> Bool {
        a.entries == b.entries && a.goalKilograms == b.goalKilograms && a.goalPlan == b.goalPlan && a.intake == b.intake
            && a.measurements == b.measurements
    }

    public struct Goal: Equatable, Sendable {
        public let kilograms: Double
        public let plan: GoalPlan?
    }

    /// Inserts in order without re-sorting: a new weigh-in is usually the
    /// latest, so this is a binary search and (usually) an append.
    public mutating func insert(_ entry: WeightEntry) {
        place(entry)
        edits?.insert(entry)
    }

    private mutating func place(_ entry: WeightEntry) {
        var low = 0
        var high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if WeightEntry.isOrderedBefore(entries[mid], entry) { low = mid + 1 } else { high = mid }
        }
        entries.insert(entry, at: low)
    }

    /// Adds many entries with one sort, not one insertion each.
    /// Consuming: an array the caller gives up is sorted where it is, not
    /// copied first (a large import is most of the process's memory).
    public mutating func insert(contentsOf newEntries: consuming [WeightEntry]) {
        guard !newEntries.isEmpty else { return }
        if newEntries.count == 1 {
            insert(newEntries[0])
            return
        }
        var incoming = newEntries
        incoming.putInStoreOrder()
        edits?.insert(contentsOf: incoming)
        // Into an empty store: the new entries are the store, not a copy of them.
        if entries.isEmpty {
            entries = incoming
            return
        }
        // Two runs in order: appended when the new ones come after, else merged in one pass.
        if let last = entries.last, let first = incoming.first, WeightEntry.isOrderedBefore(first, last) {
            var merged: [WeightEntry] = []
            merged.reserveCapacity(entries.count + incoming.count)
            var i = 0
            var j = 0
            while i < entries.count && j < incoming.count {
                if WeightEntry.isOrderedBefore(incoming[j], entries[i]) {
                    merged.append(incoming[j])
                    j += 1
                } else {
                    merged.append(entries[i])
                    i += 1
                }
            }
            merged.append(contentsOf: entries[i...])
            merged.append(contentsOf: incoming[j...])
            entries = merged
        } else {
            entries.append(contentsOf: incoming)
        }
    }

    /// Gives entries their body fat, by id, in one pass (an import that
    /// fills in what a weight-only export lacked).
    public mutating func setFat(_ fat: [WeightEntry.ID: Double]) {
        guard !fat.isEmpty else { return }
        for index in entries.indices {
            if let value = fat[entries[index].id] {
                let previous = entries[index]
                entries[index].fatPercent = value
                edits?.note(previous: previous, now: entries[index])
            }
        }
    }

    public func index(of id: WeightEntry.ID) -> Int? {
        entries.firstIndex { $0.id == id }
    }

    /// Replaces the entry with the same id; false when there is none.
    @discardableResult
    public mutating func replace(_ entry: WeightEntry) -> Bool {
        guard let index = index(of: entry.id) else { return false }
        let previous = entries.remove(at: index)
        place(entry)
        edits?.note(previous: previous, now: entry)
        return true
    }

    /// Removes the entry with that id; nil when there is none.
    @discardableResult
    public mutating func remove(id: WeightEntry.ID) -> WeightEntry? {
        guard let index = index(of: id) else { return nil }
        let removed = entries.remove(at: index)
        edits?.note(previous: removed, now: nil)
        return removed
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

// MARK: Intake and measurements

extension RecordStore {
    /// Inserts in order: usually an append.
    public mutating func insert(_ entry: IntakeEntry) { Self.place(entry, in: &intake) }
    public mutating func insert(_ entry: MeasurementEntry) { Self.place(entry, in: &measurements) }

    /// Adds many with one sort.
    public mutating func insert(contentsOf added: [IntakeEntry]) {
        intake = (intake + added).inStoreOrder
    }

    public mutating func insert(contentsOf added: [MeasurementEntry]) {
        measurements = (measurements + added).inStoreOrder
    }

    /// Removes every intake entry of those days (an import that replaces them).
    public mutating func removeIntake(on days: Set<CalendarDay>) {
        intake.removeAll { days.contains($0.calendarDay) }
    }

    /// Replaces the record with the same id; false when there is none.
    @discardableResult
    public mutating func replace(_ entry: IntakeEntry) -> Bool { Self.replace(entry, in: &intake) }
    @discardableResult
    public mutating func replace(_ entry: MeasurementEntry) -> Bool { Self.replace(entry, in: &measurements) }

    /// Every id in the store, of every kind: ids are unique across all three.
    public var allIDs: Set<UUID> {
        var ids = Set(entries.map(\.id))
        ids.formUnion(intake.map(\.id))
        ids.formUnion(measurements.map(\.id))
        return ids
    }

    /// Removes the record of any kind with that id; false when there is none.
    @discardableResult
    public mutating func removeRecord(id: UUID) -> Bool {
        if remove(id: id) != nil { return true }
        if let index = intake.firstIndex(where: { $0.id == id }) {
            intake.remove(at: index)
            return true
        }
        if let index = measurements.firstIndex(where: { $0.id == id }) {
            measurements.remove(at: index)
            return true
        }
        return false
    }

    /// Every record of every kind, as mentions: what an id prefix is matched against.
    public var mentions: [RecordMention] {
        entries.map(RecordMention.init) + intake.map(RecordMention.init) + measurements.map(RecordMention.init)
    }

    static func place<Stored: StoredRecord>(_ record: Stored, in records: inout [Stored]) {
        var low = 0
        var high = records.count
        while low < high {
            let mid = (low + high) / 2
            if Stored.isOrderedBefore(records[mid], record) { low = mid + 1 } else { high = mid }
        }
        records.insert(record, at: low)
    }

    static func replace<Stored: StoredRecord>(_ record: Stored, in records: inout [Stored]) -> Bool {
        guard let index = records.firstIndex(where: { $0.id == record.id }) else { return false }
        records.remove(at: index)
        place(record, in: &records)
        return true
    }
}
