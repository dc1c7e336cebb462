import TrendCore

struct UnitCommand: TrendCommand {
    static let unitArgument = Argument<WeightUnit>("UNIT", help: "kg, lb or st.", isOptional: true)

    static let readsWeights = false

    static let names = ["unit"]
    static let configuration = CommandConfiguration(names: names, abstract: "Show or set the unit weights are shown and typed in.", arguments: [unitArgument.spec],
        examples: ["trend unit lb"])

    let unit: WeightUnit?

    init(_ values: ParsedValues) {
        unit = values[Self.unitArgument]
    }

    @MainActor func run(_ context: CommandContext) async throws {
        let settings = context.app.settingsFeature
        if let unit {
            try await settings.setUnit(unit)
            context.console.message("Unit set to \(unit.rawValue) (\(unit.name)).\n")
        } else {
            await settings.refresh()
            if let error = settings.loadError { throw error }
            context.console.out(settings.savedUnit.rawValue + "\n")
        }
    }
}
