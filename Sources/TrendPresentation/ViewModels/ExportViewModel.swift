import Observation
import TrendCore

/// The export screen (SPEC §6): everything, re-importable without loss.
@MainActor
@Observable
public final class ExportViewModel {
    private let app: AppModel

    /// A last column with each day's trend by this method.
    public var method: TrendMethod?

    public init(app: AppModel) {
        self.app = app
    }

    public func load() async throws {
        try await app.loadSettings()
        try await app.loadWeights()
    }

    /// What a CSV holds: the weigh-ins (the default), or every kind in one table.
    public var selection = ExportSelection.weight
    var everyKind: Bool { selection == .all }

    /// Written as it is produced, so a long history is never held twice.
    func write(_ format: ExportFeature.Format, to output: any OutputWriter) {
        app.exportFeature.export(format, everyKind: everyKind, method: method) { output.write($0) }
    }

    /// What an export holds, each kind counted (`68 weigh-ins, 182 intake
    /// entries and 8 measurements`), and what it leaves out (`182 intake
    /// entries and 8 measurements are not in this CSV`; nil when nothing is).
    public func contents(_ format: ExportFeature.Format) -> (held: String, leftOut: String?) {
        let counts = app.exportFeature.counts
        let held = counts.filter { ExportFeature.holds($0.kind, format: format, everyKind: everyKind) && ($0.count > 0 || $0.kind == WeightEntry.kind) }
        let left = counts.filter { !ExportFeature.holds($0.kind, format: format, everyKind: everyKind) && $0.count > 0 }
        let leftOut = left.isEmpty ? nil : Self.listed(left.map { $0.kind.counted($0.count) }) + (left.count == 1 && left[0].count == 1 ? " is" : " are") + " not in this CSV"
        return (Self.listed(held.map { $0.kind.counted($0.count) }), leftOut)
    }

    /// `a`, `a and b`, `a, b and c`.
    static func listed(_ items: [String]) -> String {
        items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items.last!
    }

}
