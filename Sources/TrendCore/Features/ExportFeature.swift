#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Observation

/// Exports of everything stored (SPEC §6): re-importable without loss.
@MainActor
@Observable
public final class ExportFeature {
    @ObservationIgnored private let records: RecordLogFeature
    @ObservationIgnored private let settings: SettingsFeature
    @ObservationIgnored private let repository: any ExportRepository

    public init(records: RecordLogFeature, settings: SettingsFeature, repository: any ExportRepository) {
        self.records = records
        self.settings = settings
        self.repository = repository
    }

    /// What `export` writes: the CSV, exact kilograms unless a unit is
    /// chosen for this run (then rounded to 0.01), with each day's trend as a
    /// last column when a method is given; or the `weights.json` document.
    public enum Format: String, CaseIterable, Sendable {
        case csv, json
    }

    /// What an export's weights are in: exact kilograms, unless a unit was
    /// chosen for this run (then converted and rounded, SPEC §6).
    public var unit: WeightUnit { settings.sessionUnit ?? .kilograms }

    /// The settings a JSON export carries: what was set, if anything was.
    private var backedUpSettings: Settings? { settings.saved.isUnsaved ? nil : settings.saved }

    /// The loaded store as an export, written by `write` a piece at a time,
    /// so a long history is never held twice. A CSV holds the weigh-ins
    /// (`date,weight,unit,note`, which scripts rely on), or with
    /// `everyKind` every record in one table (`RecordTable`); JSON holds
    /// every kind.
    public func export(_ format: Format, everyKind: Bool = false, method: TrendMethod?, write: @escaping ([UInt8]) -> Void) {
        switch format {
        case .json: ExportDocument.json(records.store, settings: backedUpSettings, write: write)
        case .csv where everyKind: RecordTable.write(records.store, write: write)
        case .csv: ExportDocument.csv(records.store, unit: unit, trendMethod: method, write: write)
        }
    }

    /// How many records of each kind are stored, in the kinds' order.
    public var counts: [(kind: RecordKind, count: Int)] {
        func count<Record: StoredRecord>(_: Record.Type) -> (kind: RecordKind, count: Int) { (Record.kind, records.store.records(Record.self).count) }
        return RecordStore.kinds.map { count($0) }
    }

    /// Any output written to `path` as an export is (SPEC §4, §17): whole or
    /// not at all, never over one of the data files or through a symlink.
    public func write(_ bytes: [UInt8], toPath path: String) async throws {
        try await repository.writeExport(bytes, to: PathName.absolute(path, in: FileManager.default.currentDirectoryPath))
    }
}
