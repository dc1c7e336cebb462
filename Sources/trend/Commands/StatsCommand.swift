import ArgumentParsing
import TrendCore
import TrendPresentation

struct StatsCommand: TrendCommand {
    static let byOption = Option<PeriodStatistics.Period>("by", valueName: "PERIOD", help: "One row per week, month (default) or year.")
    static let period = PeriodOptions(
        range: "The period: \(ProgressRange.valueList) (default All).", since: "Start on DATE instead.", until: "End on DATE (default today).")
    static let formatOption = CommandTable.format(StatsFormat.self)

    static let names = ["stats"]
    static let configuration = CommandConfiguration(names: names, abstract: "Summarise the history by week, month or year.",
        discussion:
            "One row per period, oldest first, periods without a weigh-in included: weigh-ins, average, lowest and highest weight, the trend at the period's last weigh-in, its change from the previous period's trend, the weekly rate then, the body-fat trend when known, and with food logged the average intake a day and what was burned (the 28-day estimate as of the period's end).",
        options: [byOption] + period.declarations + [CommandTable.methodOption, formatOption, CommandTable.outputOption], exclusive: [PeriodOptions.exclusive],
        examples: ["trend stats", "trend stats --by week --range 3M", "trend stats --by year --format csv"])

    let by: PeriodStatistics.Period
    let period: PeriodOptions.Values
    let format: StatsFormat
    let output: String?

    init(_ values: ParsedValues) {
        by = values[Self.byOption] ?? .month
        period = Self.period.values(values)
        format = values[Self.formatOption] ?? .text
        output = values[CommandTable.outputOption]?.text
    }

    @MainActor func run(_ context: CommandContext) async throws {
        context.outputPath = output
        let viewModel = StatsViewModel(app: context.app)
        viewModel.since = try context.day(period.since)
        viewModel.until = try context.day(period.until)
        viewModel.period = by
        viewModel.range = period.range ?? .all
        viewModel.display = context.display
        try await viewModel.load()
        try await context.write(format, viewModel)
    }
}

extension StatsFormat: EnumeratedArgument {}
