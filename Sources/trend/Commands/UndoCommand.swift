import TrendCore

struct UndoCommand: TrendCommand {
    static let names = ["undo"]
    static let configuration = CommandConfiguration(names: names, abstract: "Revert the last change to the weigh-ins; run it again to redo.",
        discussion:
            "Reverts the last change trend made to weights.json (log, edit, remove, import, goal): before each change the previous file is kept as .weights.json.undo. Refused when weights.json was changed by something else since (exit 65); exit 1 when there is nothing to undo.",
        examples: ["trend undo"])

    init(_ values: ParsedValues) {}

    @MainActor func run(_ context: CommandContext) async throws {
        let summary = try await context.app.weightLogFeature.undo()
        context.console.message("Undone: \(summary.description), as before the last change.\n")
    }
}
