import ArgumentParsing
import TrendCore
import TrendPresentation

struct GoalCommand: TrendCommand {
    static let weightArgument = Argument<String>("WEIGHT", help: "The goal weight to set.", isOptional: true)
    static let byOption = Option<String>("by", valueName: "DATE", help: "Plan to reach it on DATE (a date people type: 2027-06-01, 'Jun 1 2027').")
    static let rateOption = Option<String>(
        "rate", valueName: "WEIGHT", help: "Plan to reach it at WEIGHT a week (0.5, 1lb); the goal says which way.")
    static let clearFlag = Flag("clear", help: "Remove the goal and its plan.")
    static let forceFlag = Flag("force", help: "Set the goal even when it looks typed in the wrong unit or is under a healthy BMI.")
    static let formatOption = CommandTable.format(GoalFormat.self)

    static let names = ["goal"]
    static let configuration = CommandConfiguration(names: names, abstract: "Show, set or clear the goal weight and its plan.",
        discussion:
            "With --by or --rate the goal gets a plan that starts today from today's trend: the progress report then says how far ahead of or behind the plan line the trend is, and what it takes to arrive on time.",
        arguments: [weightArgument.spec], options: [byOption, rateOption, clearFlag, forceFlag, formatOption], exclusive: [["by", "rate"]],
        examples: ["trend goal 75", "trend goal 75 --by 2027-06-01", "trend goal 75 --rate 0.5", "trend goal --clear"])

    let action: GoalViewModel.Action
    let format: GoalFormat
    let force: Bool

    init(_ values: ParsedValues) throws(UsageError) {
        let weight = values[Self.weightArgument]
        if weight != nil && values[Self.clearFlag] {
            throw UsageError(message: "give a goal weight or --clear, not both", commandName: "goal")
        }
        let by = values[Self.byOption]
        let rate = values[Self.rateOption]
        if weight == nil && (by != nil || rate != nil) {
            throw UsageError(message: "a plan needs its goal: trend goal WEIGHT --by DATE", commandName: "goal")
        }
        action = values[Self.clearFlag] ? .clear : weight.map { .set(weight: $0, by: by, rate: rate) } ?? .show
        format = values[Self.formatOption] ?? .text
        force = values[Self.forceFlag]
    }

    @MainActor func run(_ context: CommandContext) async throws {
        let viewModel = GoalViewModel(app: context.app)
        viewModel.action = action
        viewModel.force = force
        try await viewModel.run()
        for message in viewModel.messages(showingJSON: format == .json) { context.console.message(message + "\n") }
        try await context.write(format, viewModel)
    }
}

extension GoalFormat: EnumeratedArgument {}
