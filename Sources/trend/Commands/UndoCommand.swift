import ArgumentParsing
import TrendCore
import TrendPresentation

struct UndoCommand: TrendCommand {
    static let listFlag = Flag("list", help: "Show the kept changes, newest first, and where the store is now.")
    static let formatOption = CommandTable.format(HistoryFormat.self)

    static let names = ["undo"]
    static let configuration = CommandConfiguration(names: names, abstract: "Undo the latest change to the weigh-ins; again for the one before.",
        discussion:
            "Every change trend makes to weights.json (log, edit, remove, import, merge, goal) is kept in the undo journal (.weights.json.undo/, the last 20 changes, as hard links: no copies). 'trend redo' re-applies what was undone; a new change after undos drops what could have been redone. Refused when weights.json was changed by something else since (exit 65); exit 1 when there is nothing to undo.",
        options: [listFlag, formatOption], examples: ["trend undo", "trend undo --list"])

    let list: Bool
    let format: HistoryFormat

    init(_ values: ParsedValues) {
        list = values[Self.listFlag]
        format = values[Self.formatOption] ?? .text
    }

    @MainActor func run(_ context: CommandContext) async throws {
        let viewModel = HistoryViewModel(app: context.app)
        if list {
            try await viewModel.loadJournal()
            try await context.write(format, viewModel)
            return
        }
        try await viewModel.undo()
        if let report = viewModel.moveReport { context.console.message(report) }
    }
}

extension HistoryFormat: EnumeratedArgument {}

struct RedoCommand: TrendCommand {
    static let names = ["redo"]
    static let configuration = CommandConfiguration(names: names, abstract: "Re-apply the change undone last.",
        discussion: "Walks forward through what 'trend undo' took back, in order. Exit 1 when nothing was undone.",
        examples: ["trend redo"])

    init(_ values: ParsedValues) {}

    @MainActor func run(_ context: CommandContext) async throws {
        let viewModel = HistoryViewModel(app: context.app)
        try await viewModel.redo()
        if let report = viewModel.moveReport { context.console.message(report) }
    }
}
