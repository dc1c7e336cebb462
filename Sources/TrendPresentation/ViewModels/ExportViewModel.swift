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

    /// What a CSV holds: the weigh-ins (the default), one other kind, or every kind in one table.
    public var selection = ExportSelection.weight

    /// Told how many bytes are written so far, by whichever face shows it (SPEC §6).
    public var progress: WorkProgress.Reporter?

    /// Written as it is produced, so a long history is never held twice.
    func write(_ format: ExportFeature.Format, to output: any OutputWriter) throws {
        guard format == .csv, case .kind(let kind) = selection, kind != WeightEntry.kind else {
            let progress = progress
            var written = 0
            var reported = 0
            app.exportFeature.export(format, everyKind: selection == .all, method: method) { bytes in
                output.write(bytes)
                written += bytes.count
                // A megabyte between reports: the count costs nothing beside the writing.
                if let progress, written - reported >= 1 << 20 {
                    reported = written
                    progress(WorkProgress(bytes: written))
                }
            }
            return
        }
        // Another kind's own CSV, as its command writes it.
        func csv<Presentation: RecordPresentation>(_: Presentation.Type) throws {
            let records = app.recordLogFeature.store.records(Presentation.Record.self)
            try CSVRenderer<ExportViewModel>(header: { _ in Presentation.csvHeader }) { _, row in
                for record in records { row(Presentation.csvRow(record)) }
            }.render(self, to: output)
        }
        for presentation in RecordPresentations.all where presentation.kind == kind { try csv(presentation) }
    }

    /// Whether an export in `format` holds records of `kind`.
    func holds(_ kind: RecordKind, format: ExportFeature.Format) -> Bool {
        switch (format, selection) {
        case (.json, _), (_, .all): true
        case (.csv, .kind(let chosen)): kind == chosen
        }
    }

    /// What an export holds, each kind counted (`68 weigh-ins, 182 intake
    /// entries and 8 measurements`), and what it leaves out (`182 intake
    /// entries and 8 measurements are not in this CSV`; nil when nothing is).
    public func contents(_ format: ExportFeature.Format) -> (held: String, leftOut: String?) {
        let counts = app.exportFeature.counts
        // The kind a CSV holds is named even when there is none of it; in a whole export, the weigh-ins are.
        let named: RecordKind = if case .kind(let chosen) = selection, format == .csv { chosen } else { WeightEntry.kind }
        let held = counts.filter { holds($0.kind, format: format) && ($0.count > 0 || $0.kind == named) }
        let left = counts.filter { !holds($0.kind, format: format) && $0.count > 0 }
        let leftOut = left.isEmpty ? nil : Self.listed(left.map { $0.kind.counted($0.count) }) + (left.count == 1 && left[0].count == 1 ? " is" : " are") + " not in this CSV"
        return (Self.listed(held.map { $0.kind.counted($0.count) }), leftOut)
    }

    /// `a`, `a and b`, `a, b and c`.
    static func listed(_ items: [String]) -> String {
        items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items.last!
    }

}
