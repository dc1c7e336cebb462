import Observation
import TrendCore

/// The merge and merge-driver screens (SPEC §9), and the warning every
/// command gives about conflict copies.
@MainActor
@Observable
public final class SyncViewModel {
    private let app: AppModel

    public init(app: AppModel) {
        self.app = app
    }

    public var unit: WeightUnit { app.settingsFeature.unit }

    /// `Merged FILE: 2 added, 5 same, 1 conflict (kept ours).` and each conflict.
    /// Told how far the reading of each copy has come, by whichever face shows it.
    public var progress: WorkProgress.Reporter?

    public func merge(copies: [String], prefer: StoreMerge.Preference, dryRun: Bool, deleteMerged: Bool) async throws -> String {
        try await app.loadSettings()
        let reports = try await app.syncFeature.merge(copies: copies, prefer: prefer, dryRun: dryRun, deleteMerged: deleteMerged, progress: progress)
        var text = ""
        for report in reports {
            guard let outcome = report.outcome else {
                text += "Skipped \(report.path.terminalSafe): it is the store itself, not a copy of it.\n"
                continue
            }
            text += "\(dryRun ? "Would merge" : "Merged") \(report.path.terminalSafe): \(outcome.added) added, \(outcome.same) same, "
            text += "\(outcome.conflicts.count) conflict\(outcome.conflicts.count == 1 ? "" : "s") (kept \(prefer.rawValue))"
            if outcome.goalConflict { text += "; the goals differ (kept \(prefer.rawValue))" }
            text += ".\n"
            for conflict in outcome.conflicts { text += "  " + Self.describe(conflict, unit: unit) + "\n" }
        }
        if deleteMerged, reports.contains(where: { !$0.isStore }) {
            text += "The merged copies are kept in the undo journal: 'trend undo' puts them back beside weights.json.\n"
        }
        return text
    }

    /// Git's three-way merge; the conflicts, when there are any (then the merge is not clean).
    public func mergeDriver(base: String, ours: String, theirs: String) async throws -> String? {
        let merged = try await app.syncFeature.mergeThreeWay(base: base, ours: ours, theirs: theirs)
        guard !merged.isClean else { return nil }
        var text = "trend merge-driver: \(merged.conflicts.count) conflict\(merged.conflicts.count == 1 ? "" : "s") in \(ours.terminalSafe), kept ours:\n"
        for conflict in merged.conflicts { text += "  " + Self.describe(conflict, unit: .kilograms) + "\n" }
        if merged.goalConflict { text += "  the goal was changed differently on both sides\n" }
        return text
    }

    /// `3f2a1b0c: ours 80.5 kg on 2026-11-29 07:30, theirs deleted`.
    static func describe(_ conflict: StoreMerge.Conflict, unit: WeightUnit) -> String {
        func side(_ record: AnyRecord?) -> String {
            guard let record else { return "deleted" }
            return EntryRendering.what(record, unit: unit) + " on \(RecordPresentations.when(record))" + (record.note.map { " (\($0.terminalSafe))" } ?? "")
        }
        return "\(EntryID.shortID(of: conflict.id)): ours \(side(conflict.ours)), theirs \(side(conflict.theirs))"
    }
}
