import ArgumentParsing
import TrendCore
import TrendPresentation

struct ExportCommand: TrendCommand {
    static let formatOption = CommandTable.format(ExportFormat.self)

    static let names = ["export"]
    static let configuration = CommandConfiguration(names: names, abstract: "Export every weigh-in, re-importable without loss.",
        discussion:
            "CSV (date,weight,unit,note) in exact kilograms by default; with --unit lb or st weights are converted and rounded to 0.01. With --method, a last column holds each day's trend. JSON is the weights.json document, with ids and the goal.",
        options: [formatOption, CommandTable.outputOption, CommandTable.methodOption],
        examples: ["trend export > weights.csv", "trend export --format json --output backup.json"])

    let format: ExportFormat
    let output: String?
    let method: TrendMethod?

    init(_ values: ParsedValues) {
        format = values[Self.formatOption] ?? .csv
        output = values[CommandTable.outputOption]?.text
        method = values[CommandTable.methodOption]
    }

    @MainActor func run(_ context: CommandContext) async throws {
        context.outputPath = output
        let viewModel = ExportViewModel(app: context.app)
        viewModel.method = method
        try await viewModel.load()
        try await context.write(format, viewModel)
        if context.writesToFile, let output { context.console.message(viewModel.confirmation(path: output)) }
    }
}

extension ExportFormat: EnumeratedArgument {}
