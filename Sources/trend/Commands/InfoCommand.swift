import ArgumentParsing
import TrendCore
import TrendPresentation

struct InfoCommand: TrendCommand {
    static let formatOption = CommandTable.format(InfoFormat.self)

    static let names = ["info"]
    static let configuration = CommandConfiguration(names: names, abstract: "Show where the data is and what it holds.", options: [formatOption], examples: ["trend info"])

    let format: InfoFormat

    init(_ values: ParsedValues) {
        format = values[Self.formatOption] ?? .text
    }

    @MainActor func run(_ context: CommandContext) async throws {
        let viewModel = InfoViewModel(app: context.app)
        viewModel.wording = CommandLineWording()
        await viewModel.load()
        try await context.write(format, viewModel)
        // The report is shown, and a file that cannot be read is named as an error too (65).
        if let error = viewModel.loadError { throw error }
    }
}

extension InfoFormat: EnumeratedArgument {}
