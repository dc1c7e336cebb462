import ArgumentParsing
import TrendCore
import TrendPresentation

struct StatusCommand: TrendCommand {
    static let asciiFlag = Flag("ascii", help: "Plain ASCII: no arrows, no bars.")
    static let formatOption = CommandTable.format(StatusFormat.self)

    static let names = ["status"]
    static let configuration = CommandConfiguration(names: names, abstract: "One line for a shell prompt or a status bar.",
        discussion:
            "The trend, the weekly rate (after a week of weigh-ins), what is left to the goal, and the trend of the last 14 days as bars: 80.6 kg ↓0.2/wk · 5.6 to go ▆▅▅▄▃▃▂. Prints nothing and exits 1 when there are no weigh-ins.",
        options: [asciiFlag, CommandTable.methodOption, formatOption],
        examples: ["trend status", "trend status --ascii", "trend status --format json"])

    let ascii: Bool
    let format: StatusFormat

    init(_ values: ParsedValues) {
        ascii = values[Self.asciiFlag]
        format = values[Self.formatOption] ?? .text
    }

    @MainActor func run(_ context: CommandContext) async throws {
        let viewModel = StatusViewModel(app: context.app)
        viewModel.ascii = ascii || !context.terminal.isUTF8
        try await viewModel.load()
        guard viewModel.status != nil else { throw CommandFailure(status: ExitStatus.notFound, message: nil) }
        try await context.write(format, viewModel)
    }
}

extension StatusFormat: EnumeratedArgument {}
