import Observation
import TrendCore

/// The undo and redo screens (SPEC §9): the journal, and what a move did.
@MainActor
@Observable
public final class HistoryViewModel {
    private let app: AppModel

    public private(set) var move: JournalMove?

    public init(app: AppModel) {
        self.app = app
    }

    public var journal: ChangeJournal { app.historyFeature.journal }

    public func loadJournal() async throws {
        try await app.historyFeature.refreshJournal()
    }

    public func undo() async throws {
        try await app.loadSettings()
        move = try await app.historyFeature.undo()
    }

    public func redo() async throws {
        try await app.loadSettings()
        move = try await app.historyFeature.redo()
    }

    /// `Undone: import w.csv on 30 Nov 12:00 (608 weigh-ins removed)`, and the merged copies it moved.
    public var moveReport: String? {
        guard let move else { return nil }
        let verb = move.direction == .undo ? "Undone" : "Redone"
        var text = "\(verb): \(move.step.command.terminalSafe) on \(EntryRendering.shortDateTime(move.step.at)) (\(move.effect.description))\n"
        for path in move.restoredFiles {
            text += (move.direction == .undo ? "  put back beside the store: " : "  taken away again (kept in the journal): ") + path.terminalSafe + "\n"
        }
        for path in move.keptFiles { text += "  kept in the undo journal, since something is at its place: " + path.terminalSafe + "\n" }
        return text
    }

    public var document: JournalDocument { JournalDocument(journal) }

    var listing: String {
        let journal = self.journal
        guard !journal.steps.isEmpty else { return "No changes kept yet.\n" }
        var out = ""
        if journal.position == nil { out += "weights.json was changed by something other than trend since: nothing can be undone or redone.\n" }
        for (index, step) in journal.steps.enumerated().reversed() {
            let number = index + 1
            let mark = journal.isUndone(index) ? "~ " : "  "
            out += mark + EntryRendering.shortDateTime(step.at) + "  " + step.command.terminalSafe + ": " + step.summary.description + "\n"
            if journal.position == number { out += "  ^ the store is here\n" }
        }
        if journal.position == 0 { out += "  ^ the store is here (before all of these)\n" }
        if journal.canRedo { out += "(~: undone; 'trend redo' re-applies them in order)\n" }
        return out
    }
}