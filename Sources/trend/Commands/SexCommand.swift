import ArgumentParsing
import TrendCore
import TrendPresentation

struct SexCommand: TrendCommand {
    static let sexArgument = Argument<Sex>("SEX", help: "female or male.", isOptional: true)
    static let clearFlag = Flag("clear", help: "Forget it.")

    static let readsWeights = false

    static let names = ["sex"]
    static let configuration = CommandConfiguration(names: names, abstract: "Show, set or clear your sex, for the formulas that need it.",
        discussion: "Used only for the U.S. Navy body-fat estimate and the WHO waist-to-hip flag; without it they are left out, never guessed.",
        arguments: [sexArgument.spec], options: [clearFlag], examples: ["trend sex female", "trend sex", "trend sex --clear"])

    enum Action: Equatable {
        case show
        case set(Sex?)
    }

    let action: Action

    init(_ values: ParsedValues) throws(UsageError) {
        let sex = values[Self.sexArgument]
        if sex != nil && values[Self.clearFlag] { throw UsageError(message: "give female, male or --clear, not both", commandName: "sex") }
        action = values[Self.clearFlag] ? .set(nil) : sex.map { .set($0) } ?? .show
    }

    @MainActor func run(_ context: CommandContext) async throws {
        let viewModel = PreferenceViewModel(app: context.app)
        switch action {
        case .set(let sex): context.console.message(try await viewModel.setSex(sex) + "\n")
        case .show:
            if let sex = try await viewModel.savedSex() {
                context.console.out(sex.rawValue + "\n")
            } else {
                context.console.message("No sex set. Set it with 'trend sex female' or 'trend sex male' for the Navy body-fat estimate.\n")
            }
        }
    }
}

extension Sex: EnumeratedArgument {}
