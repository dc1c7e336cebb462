import TrendCore

struct RemoveCommand: TrendCommand {
    static let idArgument = Argument<String>("ID", help: "The entry's id, or a unique prefix of at least 4 hex digits.")
    static let formatOption = CommandTable.format([.text, .json])

    static let names = ["remove", "rm"]
    static let configuration = CommandConfiguration(names: names, abstract: "Delete a weigh-in.", discussion: "Prints what it deleted.",
        arguments: [idArgument.spec], options: [formatOption], examples: ["trend rm 3f2a"])

    let id: String
    let format: OutputFormat

    init(_ values: ParsedValues) {
        id = values[Self.idArgument]!
        format = values[Self.formatOption] ?? .text
    }

    @MainActor func run(_ context: CommandContext) async throws {
        try await context.loadSettings()
        let entry = try await context.app.weightLogFeature.remove(matching: id)
        if format == .json {
            context.console.out(EntryRendering.json(entry, unit: context.unit).rendered())
        } else {
            context.console.out("Removed " + EntryRendering.summary(entry, unit: context.unit) + "\n")
        }
    }
}
