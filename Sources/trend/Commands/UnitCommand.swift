import ArgumentParsing
import TrendCore
import TrendPresentation

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
        let viewModel = PreferenceViewModel(app: context.app)
        if let unit {
            context.console.message(try await viewModel.setUnit(unit) + "\n")
        } else {
            context.console.out(try await viewModel.savedUnit() + "\n")
        }
    }
}
