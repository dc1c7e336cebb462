import Foundation
import TrendCore

/// Shorthands the tests wrote before every kind was declared once: the
/// store built from its three kinds' arrays, and a change's or a
/// summary's weigh-in, intake and measurement parts by name. The code
/// itself reaches each kind through `records(_:)` and `summary[kind]`.
extension RecordStore {
    public init(
        entries: [WeightEntry] = [], goalKilograms: Double? = nil, goalPlan: GoalPlan? = nil, intake: [IntakeEntry], measurements: [MeasurementEntry] = [],
        version: Int = RecordStore.currentVersion
    ) {
        self.init(entries: entries, goalKilograms: goalKilograms, goalPlan: goalPlan, version: version)
        insert(contentsOf: intake)
        insert(contentsOf: measurements)
    }

    public init(
        entries: [WeightEntry] = [], goalKilograms: Double? = nil, goalPlan: GoalPlan? = nil, measurements: [MeasurementEntry], version: Int = RecordStore.currentVersion
    ) {
        self.init(entries: entries, goalKilograms: goalKilograms, goalPlan: goalPlan, version: version)
        insert(contentsOf: measurements)
    }

    public mutating func remove(id: UUID) -> WeightEntry? { remove(WeightEntry.self, id: id) }
}

extension StoreChange {
    public var written: [WeightEntry] { records(WeightEntry.self).written }
    public var removed: [WeightEntry] { records(WeightEntry.self).removed }
    public var intake: RecordChange<IntakeEntry> { records(IntakeEntry.self) }
    public var measurements: RecordChange<MeasurementEntry> { records(MeasurementEntry.self) }
}

extension ChangeSummary {
    public init(added: Int, removed: Int, changed: Int, goalChanged: Bool, intake: Counts = .none, measurements: Counts = .none) {
        self.init(
            goalChanged: goalChanged,
            counts: [.weighIn: Counts(added: added, removed: removed, changed: changed), .intake: intake, .measurement: measurements])
    }

    public var added: Int { self[.weighIn].added }
    public var removed: Int { self[.weighIn].removed }
    public var changed: Int { self[.weighIn].changed }
    public var intake: Counts { self[.intake] }
    public var measurements: Counts { self[.measurement] }
}

extension AnyRecord {
    public static func weighIn(_ entry: WeightEntry) -> AnyRecord { AnyRecord(entry) }
    public static func intake(_ entry: IntakeEntry) -> AnyRecord { AnyRecord(entry) }
    public static func measurement(_ entry: MeasurementEntry) -> AnyRecord { AnyRecord(entry) }
}
