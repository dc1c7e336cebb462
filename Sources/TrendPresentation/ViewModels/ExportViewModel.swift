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

    /// Written as it is produced, so a long history is never held twice.
    func write(_ format: ExportFeature.Format, to output: any OutputWriter) {
        app.exportFeature.export(format, method: method) { output.write($0) }
    }

    /// What is said once the export is in `path`.
    public func confirmation(path: String) -> String {
        let count = app.weightLogFeature.entries.count
        return "Exported \(count) weigh-in\(count == 1 ? "" : "s") to \(path.terminalSafe).\n"
    }
}
