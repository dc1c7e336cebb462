import ArgumentParsing
import TrendCore
import TrendPresentation

struct IntakeCommand: TrendCommand {
    static let period = PeriodOptions(
        range: "Only the last RANGE: \(ProgressRange.valueList).", since: "Only days on or after DATE.", until: "Only days on or before DATE.")
    static let entriesFlag = Flag("entries", help: "One row per entry, with its id, instead of one per day.")
    static let formatOption = CommandTable.format(IntakeFormat.self)

    static let names = ["intake"]
    static let configuration = CommandConfiguration(names: names, abstract: "List the food energy logged, day by day.",
        discussion: "A day's intake is the sum of its entries; a day without one is not logged (never zero). --format csv is re-importable.",
        options: period.declarations + [entriesFlag, formatOption, CommandTable.outputOption], exclusive: [PeriodOptions.exclusive],
        examples: ["trend intake --range 1M", "trend intake --entries", "trend intake --format csv -o intake.csv"])

    let period: PeriodOptions.Values
    let entries: Bool
    let format: IntakeFormat
    let output: String?

    init(_ values: ParsedValues) {
        period = Self.period.values(values)
        entries = values[Self.entriesFlag]
        format = values[Self.formatOption] ?? .text
        output = values[CommandTable.outputOption]?.text
    }

    @MainActor func run(_ context: CommandContext) async throws {
        context.outputPath = output
        let viewModel = IntakeViewModel(app: context.app)
        viewModel.range = period.range
        viewModel.since = try context.day(period.since)
        viewModel.until = try context.day(period.until)
        viewModel.showsEntries = entries
        viewModel.display = context.display
        try await viewModel.load()
        try await context.write(format, viewModel)
    }
}

extension IntakeFormat: EnumeratedArgument {}
