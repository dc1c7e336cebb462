import ArgumentParsing
import TrendCore
import TrendPresentation

struct HeightCommand: TrendCommand {
    static let heightArgument = Argument<String>("HEIGHT", help: "180cm, 1.80m, 5ft 11in, 5'11\" or 71in.", isOptional: true)
    static let clearFlag = Flag("clear", help: "Forget the height.")
    static let formatOption = CommandTable.format(HeightFormat.self)

    static let readsWeights = false

    static let names = ["height"]
    static let configuration = CommandConfiguration(names: names, abstract: "Show, set or clear your height, for BMI.",
        discussion: "With a height the progress report shows the BMI of the trend, its WHO class and the healthy weight range at that height.",
        arguments: [heightArgument.spec], options: [clearFlag, formatOption], examples: ["trend height 180cm", "trend height \"5'11\\\"\"", "trend height --clear"])

    let action: HeightViewModel.Action
    let format: HeightFormat

    init(_ values: ParsedValues) throws(UsageError) {
        let height = values[Self.heightArgument]
        format = values[Self.formatOption] ?? .text
        if height != nil && values[Self.clearFlag] { throw UsageError(message: "give a height or --clear, not both", commandName: "height") }
        action = values[Self.clearFlag] ? .clear : height.map { .set($0) } ?? .show
    }

    @MainActor func run(_ context: CommandContext) async throws {
        let viewModel = HeightViewModel(app: context.app)
        viewModel.action = action
        try await viewModel.run()
        if let message = viewModel.message(showingJSON: format == .json) { context.console.message(message + "\n") }
        try await context.write(format, viewModel)
    }
}

extension HeightFormat: EnumeratedArgument {}
