import TrendCore

struct UndoCommand: TrendCommand {
    static let listFlag = Flag("list", help: "Show the kept changes, newest first, and where the store is now.")
    static let formatOption = CommandTable.format(TextOrJSON.self)

    static let names = ["undo"]
    static let configuration = CommandConfiguration(names: names, abstract: "Undo the latest change to the weigh-ins; again for the one before.",
        discussion:
            "Every change trend makes to weights.json (log, edit, remove, import, merge, goal) is kept in the undo journal (.weights.json.undo/, the last 20 changes, as hard links: no copies). 'trend redo' re-applies what was undone; a new change after undos drops what could have been redone. Refused when weights.json was changed by something else since (exit 65); exit 1 when there is nothing to undo.",
        options: [listFlag, formatOption], examples: ["trend undo", "trend undo --list"])

    let list: Bool
    let format: TextOrJSON

    init(_ values: ParsedValues) {
        list = values[Self.listFlag]
        format = values[Self.formatOption] ?? .text
    }

    @MainActor func run(_ context: CommandContext) async throws {
        let log = context.app.weightLogFeature
        if list {
            let journal = try await log.journal()
            context.console.out(format == .json ? Self.json(journal).rendered() : Self.text(journal))
            return
        }
        try await context.loadSettings()
        let move = try await log.undo()
        Self.report(move, context: context)
    }

    /// `Undone: import w.csv (608 weigh-ins removed)`.
    @MainActor static func report(_ move: JournalMove, context: CommandContext) {
        let verb = move.direction == .undo ? "Undone" : "Redone"
        var text = "\(verb): \(move.step.command.terminalSafe) on \(EntryRendering.shortDateTime(move.step.at)) (\(move.effect.description))\n"
        for path in move.restoredFiles {
            text += (move.direction == .undo ? "  put back beside the store: " : "  taken away again (kept in the journal): ") + path.terminalSafe + "\n"
        }
        for path in move.keptFiles { text += "  kept in the undo journal, since something is at its place: " + path.terminalSafe + "\n" }
        context.console.message(text)
    }

    static func text(_ journal: ChangeJournal) -> String {
        guard !journal.steps.isEmpty else { return "No changes kept yet.\n" }
        var out = ""
        if journal.position == nil { out += "weights.json was changed by something other than trend since: nothing can be undone or redone.\n" }
        for (index, step) in journal.steps.enumerated().reversed() {
            let number = index + 1
            let mark = journal.position.map { number <= $0 ? "  " : "~ " } ?? "  "
            out += mark + EntryRendering.shortDateTime(step.at) + "  " + step.command.terminalSafe + ": " + step.summary.description + "\n"
            if journal.position == number { out += "  ^ the store is here\n" }
        }
        if journal.position == 0 { out += "  ^ the store is here (before all of these)\n" }
        if journal.steps.contains(where: { _ in true }), let position = journal.position, position < journal.steps.count {
            out += "(~: undone; 'trend redo' re-applies them in order)\n"
        }
        return out
    }

    static func json(_ journal: ChangeJournal) -> JSONOutput {
        .object([
            ("position", journal.position.map { .integer($0) } ?? .null),
            (
                "changes",
                .array(
                    journal.steps.enumerated().map { index, step in
                        .object([
                            ("at", .string(step.at.iso8601)), ("command", .string(step.command)),
                            ("added", .integer(step.summary.added)), ("removed", .integer(step.summary.removed)),
                            ("changed", .integer(step.summary.changed)), ("goalChanged", .bool(step.summary.goalChanged)),
                            ("undone", .bool(journal.position.map { index + 1 > $0 } ?? false)),
                        ])
                    })
            ),
        ])
    }
}

struct RedoCommand: TrendCommand {
    static let names = ["redo"]
    static let configuration = CommandConfiguration(names: names, abstract: "Re-apply the change undone last.",
        discussion: "Walks forward through what 'trend undo' took back, in order. Exit 1 when nothing was undone.",
        examples: ["trend redo"])

    init(_ values: ParsedValues) {}

    @MainActor func run(_ context: CommandContext) async throws {
        try await context.loadSettings()
        let move = try await context.app.weightLogFeature.redo()
        UndoCommand.report(move, context: context)
    }
}
