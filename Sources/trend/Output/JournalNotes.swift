import ArgumentParsing
import TrendCore
import TrendPresentation

/// The undo journal's notes on a change, as warnings after it (SPEC §9).
enum JournalNotes {
    static func report(_ notes: [JournalNote], console: Console) {
        for note in notes { console.message(text(note)) }
    }

    static func text(_ note: JournalNote) -> String {
        switch note {
        case .setAside(let journal, let aside, let reason):
            "warning: the undo journal \(journal.terminalSafe) could not be read (\(reason.terminalSafe)): it was set aside as \(aside.terminalSafe), and undo starts afresh from this change\n"
        case .notJournalled(let reason):
            "warning: the change was made, but the undo journal could not record it (\(reason.terminalSafe)); 'trend undo --list' will show it only as a change not recorded\n"
        case .copyRestored(let path):
            "A merged copy that only an undone change still held, with weigh-ins the store lacks, was put back beside the store: \(path.terminalSafe)\n"
                + "  merge it again with: trend merge \(ShellWords.quoted(path)) --delete-merged\n"
        }
    }
}
