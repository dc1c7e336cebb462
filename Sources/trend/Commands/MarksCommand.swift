import ArgumentParsing
import TrendCore
import TrendPresentation

struct MarksCommand: TrendCommand {
    static let nameArgument = Argument<String>("NAME", help: "Only the marks with this name.", isOptional: true, completion: .markNames)
    static let period = PeriodOptions(
        range: "Only the last RANGE: \(ProgressRange.valueList) (default: the last \(MarksViewModel.defaultDays) days).", since: "Only days on or after DATE.",
        until: "Only days on or before DATE.")
    static let entriesFlag = Flag("entries", help: "One row per marked day, with its id, instead of one per run of days.")
    static let formatOption = CommandTable.format(MarksFormat.self)

    static let names = ["marks"]
    static let configuration = CommandConfiguration(names: names, abstract: "List the marked days.",
        discussion: "A run of one name on consecutive days is one line (period  2–6 Nov 2026); --entries lists each day with the id edit and rm take.",
        arguments: [nameArgument.spec], options: period.declarations + [entriesFlag, formatOption, CommandTable.outputOption], exclusive: [PeriodOptions.exclusive],
        examples: ["trend marks", "trend marks period --range 1Y", "trend marks --entries", "trend marks --format csv -o marks.csv"])

    let name: String?
    let period: PeriodOptions.Values
    let entries: Bool
    let format: MarksFormat
    let output: String?

    init(_ values: ParsedValues) {
        name = values[Self.nameArgument]
        period = Self.period.values(values)
        entries = values[Self.entriesFlag]
        format = values[Self.formatOption] ?? .text
        output = values[CommandTable.outputOption]?.text
    }

    @MainActor func run(_ context: CommandContext) async throws {
        context.outputPath = output
        let viewModel = MarksViewModel(app: context.app)
        viewModel.name = name
        viewModel.range = period.range
        viewModel.since = try context.day(period.since)
        viewModel.until = try context.day(period.until)
        viewModel.showsEntries = entries
        viewModel.display = context.display
        try await viewModel.load()
        try await context.write(format, viewModel)
    }
}

extension MarksFormat: EnumeratedArgument {}
