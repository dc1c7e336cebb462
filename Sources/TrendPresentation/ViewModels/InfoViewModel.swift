import Observation
import TrendCore

/// The info screen (SPEC §4): where the data is, how it was chosen, what it holds.
@MainActor
@Observable
public final class InfoViewModel {
    private let app: AppModel

    public init(app: AppModel) {
        self.app = app
    }

    /// What is shown, gathered once.
    public struct Facts: Sendable {
        let directory: DataDirectory
        let weightsFileSize: Int?
        let settingsFileSize: Int?
        let weightsError: String?
        let settingsError: String?
        let count: Int
        let first: WeightEntry?
        let last: WeightEntry?
        let unit: WeightUnit
        let method: TrendMethod
        let goalKilograms: Double?
        let conflictCopies: [String]
        /// Every kind's count, in the store's order of kinds (weigh-ins first).
        let kinds: [KindCount]
        let heightCentimetres: Double?
        let sex: Sex?
    }

    /// How many records of one kind the store holds.
    public struct KindCount: Sendable {
        let kind: RecordKind
        let countKey: String
        let count: Int
        /// What follows the count in text (the names measured).
        let detail: String?
    }

    public private(set) var facts: Facts?

    /// Loads everything, a file that cannot be read included: its error is
    /// shown, then thrown (`loadError`) so the exit status says so (65).
    public func load() async {
        await app.settingsFeature.refresh()
        await app.recordLogFeature.refresh()
        app.syncFeature.refreshConflictCopies()
        let directory = app.dataDirectory ?? DataDirectory(path: nil, source: nil)
        let log = app.recordLogFeature
        let weighIns = app.weightLogFeature
        var kinds: [KindCount] = []
        func count<P: RecordPresentation>(_: P.Type) {
            let records = log.store.records(P.Record.self)
            kinds.append(KindCount(kind: P.kind, countKey: P.countKey, count: records.count, detail: P.detail(records)))
        }
        for presentation in RecordPresentations.all { count(presentation) }
        facts = Facts(
            directory: directory, weightsFileSize: DataDirectory.size(ofFile: directory.weightsPath),
            settingsFileSize: DataDirectory.size(ofFile: directory.settingsPath), weightsError: log.loadError.map { "\($0)" },
            settingsError: app.settingsFeature.loadError.map { "\($0)" }, count: weighIns.entries.count, first: weighIns.entries.first,
            last: weighIns.latestEntry, unit: app.settingsFeature.unit, method: app.settingsFeature.method, goalKilograms: log.store.goalKilograms,
            conflictCopies: app.syncFeature.conflictCopies, kinds: kinds, heightCentimetres: app.settingsFeature.heightCentimetres, sex: app.settingsFeature.sex)
    }

    /// A file that could not be read: the error after the report.
    public var loadError: (any Error)? { app.recordLogFeature.loadError ?? app.settingsFeature.loadError }

    public var document: InfoDocument? { facts.map(InfoDocument.init) }

    var text: String {
        guard let facts else { return "" }
        let unit = facts.unit
        func file(_ path: String?, size: Int?, error: String?) -> String {
            guard let path else { return "none" }
            if let error { return path.terminalSafe + " (cannot be read: " + error.terminalSafe + ")" }
            return path.terminalSafe + (size.map { " (" + EntryRendering.readableSize($0) + ")" } ?? " (not created yet)")
        }
        let directory = facts.directory
        var rows: [(String, String)] = [
            ("Data directory", directory.path.map { $0.terminalSafe + " (from \(directory.source!.rawValue))" } ?? "none: set HOME or TREND_DATA_DIR"),
            ("Weights", file(directory.weightsPath, size: facts.weightsFileSize, error: facts.weightsError)),
            ("Settings", file(directory.settingsPath, size: facts.settingsFileSize, error: facts.settingsError)),
            ("Weigh-ins", String(facts.count)),
        ]
        if let first = facts.first { rows.append(("First", EntryRendering.summary(first, unit: unit))) }
        if let last = facts.last { rows.append(("Last", EntryRendering.summary(last, unit: unit))) }
        for kind in facts.kinds.dropFirst() {
            let name = kind.kind.pluralName.prefix(1).uppercased() + kind.kind.pluralName.dropFirst()
            rows.append((name, String(kind.count) + (kind.detail.map { " (" + $0 + ")" } ?? "")))
        }
        rows.append(("Height", facts.heightCentimetres.map { HeightViewModel.text($0) } ?? "none"))
        rows.append(("Sex", facts.sex?.rawValue ?? "none"))
        rows.append(("Unit", unit.rawValue + " (" + unit.name + ")"))
        rows.append(("Trend method", facts.method.rawValue + " (" + facts.method.displayName + ")"))
        rows.append(("Goal", facts.goalKilograms.map { unit.format(kilograms: $0) } ?? "none"))
        for copy in facts.conflictCopies { rows.append(("Sync conflict", copy.terminalSafe + " (merge it with 'trend merge')")) }
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { $0.0 + ":" + String(repeating: " ", count: width - $0.0.count + 2) + $0.1 }.joined(separator: "\n") + "\n"
    }
}