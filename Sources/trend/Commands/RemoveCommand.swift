import TrendCore

struct RemoveCommand: TrendCommand {
    static let idArgument = Argument<String>(
        "ID", help: "The entry's id, or a unique prefix of at least 4 hex digits; several remove them all at once.", isRepeating: true, completion: .entryIDs)
    static let formatOption = CommandTable.format(TextOrJSON.self)

    static let names = ["remove", "rm"]
    static let configuration = CommandConfiguration(names: names, abstract: "Delete weigh-ins.",
        discussion: "Deletes every ID given in one write and prints what it deleted; if any ID is unknown or ambiguous, nothing is deleted.",
        arguments: [idArgument.spec], options: [formatOption], examples: ["trend rm 3f2a", "trend rm 3f2a 9c01"])

    let ids: [String]
    let format: TextOrJSON

    init(_ values: ParsedValues) {
        ids = values.all(Self.idArgument)
        format = values[Self.formatOption] ?? .text
    }

    @MainActor func run(_ context: CommandContext) async throws {
        try await context.loadSettings()
        let removed = try await context.app.weightLogFeature.remove(matching: ids)
        let unit = context.unit
        if format == .json {
            let entries = removed.map { EntryRendering.json($0, unit: unit) }
            context.console.out((ids.count == 1 ? entries[0] : .array(entries)).rendered())
        } else {
            context.console.out(removed.map { "Removed " + EntryRendering.summary($0, unit: unit) + "\n" }.joined())
        }
    }
}
