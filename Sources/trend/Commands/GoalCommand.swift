import TrendCore

struct GoalCommand: TrendCommand {
    static let weightArgument = Argument<String>("WEIGHT", help: "The goal weight to set.", isOptional: true)
    static let byOption = Option<String>("by", valueName: "DATE", help: "Plan to reach it on DATE (a date people type: 2027-06-01, 'Jun 1 2027').")
    static let rateOption = Option<String>(
        "rate", valueName: "WEIGHT", help: "Plan to reach it at WEIGHT a week (0.5, 1lb); the goal says which way.")
    static let clearFlag = Flag("clear", help: "Remove the goal and its plan.")
    static let formatOption = CommandTable.format(TextOrJSON.self)

    static let names = ["goal"]
    static let configuration = CommandConfiguration(names: names, abstract: "Show, set or clear the goal weight and its plan.",
        discussion:
            "With --by or --rate the goal gets a plan that starts today from today's trend: the progress report then says how far ahead of or behind the plan line the trend is, and what it takes to arrive on time.",
        arguments: [weightArgument.spec], options: [byOption, rateOption, clearFlag, formatOption], exclusive: [["by", "rate"]],
        examples: ["trend goal 75", "trend goal 75 --by 2027-06-01", "trend goal 75 --rate 0.5", "trend goal --clear"])

    enum Action: Equatable, Sendable {
        case show
        case set(String)
        case clear
    }

    let action: Action
    let by: String?
    let rate: String?
    let format: TextOrJSON

    init(_ values: ParsedValues) throws(UsageError) {
        let weight = values[Self.weightArgument]
        if weight != nil && values[Self.clearFlag] {
            throw UsageError(message: "give a goal weight or --clear, not both", commandName: "goal")
        }
        by = values[Self.byOption]
        rate = values[Self.rateOption]
        if weight == nil && (by != nil || rate != nil) {
            throw UsageError(message: "a plan needs its goal: trend goal WEIGHT --by DATE", commandName: "goal")
        }
        action = values[Self.clearFlag] ? .clear : weight.map { .set($0) } ?? .show
        format = values[Self.formatOption] ?? .text
    }

    @MainActor func run(_ context: CommandContext) async throws {
        let log = context.app.weightLogFeature
        try await context.loadSettings()
        let unit = context.unit
        switch action {
        case .clear:
            try await log.clearGoal()
            context.console.message("Goal cleared.\n")
        case .set(let weight):
            let kilograms = try context.weight(weight)
            var plan: WeightLogFeature.PlanRequest?
            if let by { plan = .by(try context.app.clock.dateInput.day(parsing: by)) }
            if let rate { plan = .weeklyRate(kilograms: try WeightInput.weeklyRate(parsing: rate, defaultUnit: unit)) }
            try await log.setGoal(kilograms: kilograms, plan: plan)
            context.console.message("Goal set to \(unit.format(kilograms: kilograms))\(Self.planText(log.goalPlan, unit: unit)).\n")
        case .show:
            try await context.loadWeights()
        }
        if format == .json {
            let goal = log.goalKilograms
            var fields: [(String, JSONOutput)] = [
                ("goal", .optional(goal.map { unit.roundedValue(fromKilograms: $0) })),
                ("unit", .string(unit.rawValue)),
                ("kilograms", .optional(goal)),
            ]
            let plan = log.goalPlan
            fields.append(("planStart", .optional(plan?.start.description)))
            if case .by(let day)? = plan?.pace { fields.append(("planBy", .string(day.description))) } else { fields.append(("planBy", .null)) }
            if case .weeklyRate(let kilograms)? = plan?.pace {
                fields.append(("planWeeklyRate", .number(unit.roundedValue(fromKilograms: kilograms))))
            } else {
                fields.append(("planWeeklyRate", .null))
            }
            context.console.out(JSONOutput.object(fields).rendered())
        } else if action == .show {
            if let goal = log.goalKilograms {
                context.console.out(unit.format(kilograms: goal) + Self.planText(log.goalPlan, unit: unit) + "\n")
            } else {
                context.console.message("No goal set. Set one with 'trend goal 75'.\n")
            }
        }
    }

    /// `, by 1 Jun 2027 (planned on 1 Dec 2026)`, `, at -0.5 kg/week from 1 Dec 2026`.
    static func planText(_ plan: GoalPlan?, unit: WeightUnit) -> String {
        switch plan?.pace {
        case nil: ""
        case .by(let day)?: ", by \(EntryRendering.longDate(day)): planned on \(EntryRendering.longDate(plan!.start))"
        case .weeklyRate(let kilograms)?: ", at \(EntryRendering.weeklyRate(kilograms, unit: unit)) from \(EntryRendering.longDate(plan!.start))"
        }
    }
}
