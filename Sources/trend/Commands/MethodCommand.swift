import ArgumentParsing
import TrendCore
import TrendPresentation

struct MethodCommand: TrendCommand {
    static let nameArgument = Argument<TrendMethod>(
        "NAME", help: "The trend method: \(TrendMethod.valueList).", isOptional: true)

    static let readsWeights = false

    static let names = ["method"]
    static let configuration = CommandConfiguration(names: names, abstract: "Show or set how the trend is computed.",
        discussion:
            "trendweight (the default): 10% a day, days without a weigh-in filled in linearly, as TrendWeight. hackers-diet: 10% a weigh-in, carried over days without one, as The Hacker's Diet. libra: by the days between weigh-ins, as Libra. holt-gentle, holt, holt-responsive: Holt's linear (level and slope) smoothing, three presets of trend's own (TrendWeight has no Holt method). --method NAME on progress, list, log and export uses one for a single run.",
        arguments: [nameArgument.spec], examples: ["trend method libra", "trend method"])

    let method: TrendMethod?

    init(_ values: ParsedValues) {
        method = values[Self.nameArgument]
    }

    @MainActor func run(_ context: CommandContext) async throws {
        let viewModel = PreferenceViewModel(app: context.app)
        if let method {
            context.console.message(try await viewModel.setMethod(method) + "\n")
        } else {
            context.console.out(try await viewModel.savedMethod() + "\n")
        }
    }
}
