import ArgumentParsing
import TrendCore
import TrendPresentation

/// `trend __complete ids|names [PREFIX] [--describe]`: what the completion
/// scripts offer (`CompletionViewModel`).
struct CompleteCommand: TrendCommand {
    static let kindArgument = Argument<CompletionViewModel.Kind>("KIND", help: "What to complete: ids or names.")
    static let prefixArgument = Argument<String>("PREFIX", help: "What is typed so far.", isOptional: true)
    static let describeFlag = Flag("describe", help: "Follow each candidate with a tab and what it is.")

    static let names = ["__complete"]
    static let configuration = CommandConfiguration(
        names: names, abstract: "Print completion candidates (for the completion scripts).", arguments: [kindArgument.spec, prefixArgument.spec],
        options: [describeFlag], isListed: false)

    let kind: CompletionViewModel.Kind
    let prefix: String
    let describe: Bool

    init(_ values: ParsedValues) {
        kind = values[Self.kindArgument]!
        prefix = values[Self.prefixArgument] ?? ""
        describe = values[Self.describeFlag]
    }

    @MainActor func run(_ context: CommandContext) async throws {
        let viewModel = CompletionViewModel(app: context.app)
        viewModel.kind = kind
        viewModel.prefix = prefix
        viewModel.describe = describe
        await viewModel.load()
        try await context.write(CompletionFormat.lines, viewModel)
    }

    static let readsWeights = false
}

extension CompletionViewModel.Kind: EnumeratedArgument {}
