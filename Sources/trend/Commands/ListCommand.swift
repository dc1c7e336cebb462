import ArgumentParsing
import TrendCore
import TrendPresentation

struct ListCommand: TrendCommand {
    static let period = PeriodOptions(
        range: "Only the last RANGE: \(ProgressRange.valueList).", since: "Only weigh-ins on or after DATE.", until: "Only weigh-ins on or before DATE.")
    static let limitOption = Option<Count>("limit", short: "n", valueName: "N", help: "Only the latest N weigh-ins.")
    static let chartFlag = Flag("chart", help: "Draw a chart of the listed weigh-ins below the table.")
    static let estimatedFlag = Flag(
        "estimated", help: "Also show the days between weigh-ins, estimated by linear interpolation (rows marked ~).")
    static let formatOption = CommandTable.format(ListFormat.self)

    static let names = ["list"]
    static let configuration = CommandConfiguration(names: names, abstract: "List weigh-ins, oldest first.",
        discussion: "Shows the short id, local date and time, weight, trend and note of each weigh-in.",
        options: period.declarations + [limitOption, CommandTable.methodOption, estimatedFlag, chartFlag, ChartOptions.heightOption, ChartOptions.asciiFlag, formatOption, CommandTable.outputOption],
        exclusive: [PeriodOptions.exclusive],
        examples: ["trend list --range 1M", "trend list --format csv -o weights.csv"])

    let period: PeriodOptions.Values
    let limit: Count?
    let chart: ChartOptions
    let estimated: Bool
    let format: ListFormat
    let output: String?

    init(_ values: ParsedValues) throws(UsageError) {
        period = Self.period.values(values)
        limit = values[Self.limitOption]
        chart = try ChartOptions(values, always: values[Self.chartFlag], never: !values[Self.chartFlag], command: "list")
        estimated = values[Self.estimatedFlag]
        format = values[Self.formatOption] ?? .text
        output = values[CommandTable.outputOption]?.text
    }

    @MainActor func run(_ context: CommandContext) async throws {
        context.outputPath = output
        let viewModel = ListViewModel(app: context.app)
        let dates = context.app.clock.dateInput
        viewModel.selection = EntrySelection(
            range: period.range, since: try period.since.map(dates.bound(parsing:)), until: try period.until.map(dates.bound(parsing:)), limit: limit?.value)
        viewModel.showsEstimatedDays = estimated
        viewModel.display = context.display
        viewModel.terminalChart = context.wantsChart(chart) ? chart.terminalChart : nil
        try await viewModel.load(streaming: format.streams(withEstimatedDays: estimated, chart: viewModel.terminalChart != nil))
        try await context.write(format, viewModel)
    }
}

extension ListFormat: EnumeratedArgument {}
