import ArgumentParsing
import TrendCore
import TrendPresentation

struct LastCommand: TrendCommand {
    static let maxAgeOption = Option<Age>(
        "max-age", valueName: "DURATION",
        help: "Exit 1 when the latest weigh-in is older: N followed by min, h, d or w (36h, 2d, 90min, 1d12h).")
    static let formatOption = CommandTable.format(LastFormat.self)

    static let names = ["last"]
    static let configuration = CommandConfiguration(names: names, abstract: "Show the latest weigh-in.",
        discussion: "Exits 1 when there is none, or, with --max-age, when it is older than DURATION: a reminder for cron.",
        options: [maxAgeOption, formatOption], examples: ["trend last --max-age 20h || echo 'weigh yourself'"])

    let maxAge: Age?
    let format: LastFormat

    init(_ values: ParsedValues) {
        maxAge = values[Self.maxAgeOption]
        format = values[Self.formatOption] ?? .text
    }

    @MainActor func run(_ context: CommandContext) async throws {
        let viewModel = LastViewModel(app: context.app)
        viewModel.maxAge = maxAge?.elapsed
        try await viewModel.load()
        guard viewModel.latest != nil else { throw CommandFailure(status: ExitStatus.notFound, message: Messages.noWeighInsYetShort) }
        try await context.write(format, viewModel)
        if let tooOld = viewModel.tooOldMessage { throw CommandFailure(status: ExitStatus.notFound, message: tooOld) }
    }
}

extension LastFormat: EnumeratedArgument {}
