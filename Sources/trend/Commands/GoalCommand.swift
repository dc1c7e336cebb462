import TrendCore

struct GoalCommand: TrendCommand {
    static let weightArgument = Argument<String>("WEIGHT", help: "The goal weight to set.", isOptional: true)
    static let clearFlag = Flag("clear", help: "Remove the goal.")
    static let formatOption = CommandTable.format(TextOrJSON.self)

    static let names = ["goal"]
    static let configuration = CommandConfiguration(names: names, abstract: "Show, set or clear the goal weight.", arguments: [weightArgument.spec],
        options: [clearFlag, formatOption], examples: ["trend goal 75", "trend goal --clear"])

    enum Action: Equatable, Sendable {
        case show
        case set(String)
        case clear
    }

    let action: Action
    let format: TextOrJSON

    init(_ values: ParsedValues) throws(UsageError) {
        let weight = values[Self.weightArgument]
        if weight != nil && values[Self.clearFlag] {
            throw UsageError(message: "give a goal weight or --clear, not both", commandName: "goal")
        }
        action = values[Self.clearFlag] ? .clear : weight.map { .set($0) } ?? .show
        format = values[Self.formatOption] ?? .text
    }

    @MainActor func run(_ context: CommandContext) async throws {
        let log = context.app.weightLogFeature
        try await context.loadSettings()
        switch action {
        case .clear:
            try await log.clearGoal()
            context.console.message("Goal cleared.\n")
        case .set(let weight):
            let kilograms = try context.weight(weight)
            try await log.setGoal(kilograms: kilograms)
            context.console.message("Goal set to \(context.unit.format(kilograms: kilograms)).\n")
        case .show:
            try await context.loadWeights()
        }
        let unit = context.unit
        if format == .json {
            let goal = log.goalKilograms
            context.console.out(
                JSONOutput.object([
                    ("goal", .optional(goal.map { unit.roundedValue(fromKilograms: $0) })),
                    ("unit", .string(unit.rawValue)),
                    ("kilograms", .optional(goal)),
                ]).rendered())
        } else if action == .show {
            if let goal = log.goalKilograms {
                context.console.out(unit.format(kilograms: goal) + "\n")
            } else {
                context.console.message("No goal set. Set one with 'trend goal 75'.\n")
            }
        }
    }
}
