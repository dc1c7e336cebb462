import ArgumentParsing
import TrendCore
import TrendPresentation

struct RemoveCommand: TrendCommand {
    static let idArgument = Argument<String>(
        "ID", help: "The entry's id, or a unique prefix of at least 4 hex digits; several remove them all at once.", isRepeating: true, completion: .entryIDs)
    static let formatOption = CommandTable.format(RemoveFormat.self)

    static let names = ["remove", "rm"]
    static let configuration = CommandConfiguration(names: names, abstract: "Delete records of any kind, by their ids.",
        discussion: "Deletes every ID given in one write and prints what it deleted; if any ID is unknown or ambiguous, nothing is deleted.",
        arguments: [idArgument.spec], options: [formatOption], examples: ["trend rm 3f2a", "trend rm 3f2a 9c01"])

    let ids: [String]
    let format: RemoveFormat

    init(_ values: ParsedValues) {
        ids = values.all(Self.idArgument)
        format = values[Self.formatOption] ?? .text
    }

    @MainActor func run(_ context: CommandContext) async throws {
        let viewModel = RemoveViewModel(app: context.app)
        viewModel.ids = ids
        try await viewModel.remove()
        try await context.write(format, viewModel)
    }
}

extension RemoveFormat: EnumeratedArgument {}
