import TrendCore

@MainActor
enum GoalCommand {
    static func run(_ context: CommandContext) async throws {
        let log = context.app.weightLogFeature
        let weight = context.arguments.positionals.first
        if weight != nil && context.arguments.flag("clear") {
            throw context.usageError("give a goal weight or --clear, not both")
        }
        try await context.loadSettings()
        if context.arguments.flag("clear") {
            try await log.clearGoal()
            context.console.message("Goal cleared.\n")
        } else if let weight {
            let kilograms = try context.weight(weight)
            try await log.setGoal(kilograms: kilograms)
            context.console.message("Goal set to \(context.unit.format(kilograms: kilograms)).\n")
        } else {
            try await context.loadWeights()
        }
        let unit = context.unit
        if context.format == "json" {
            let goal = log.goalKilograms
            context.console.out(
                JSONOutput.object([
                    ("goal", .optional(goal.map { unit.roundedValue(fromKilograms: $0) })),
                    ("unit", .string(unit.rawValue)),
                    ("kilograms", .optional(goal)),
                ]).rendered())
        } else if weight == nil && !context.arguments.flag("clear") {
            if let goal = log.goalKilograms {
                context.console.out(unit.format(kilograms: goal) + "\n")
            } else {
                context.console.message("No goal set. Set one with 'trend goal 75'.\n")
            }
        }
    }
}
