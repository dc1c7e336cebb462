import ArgumentParsing
import TrendCore
import TrendPresentation

struct ProgressCommand: TrendCommand {
    static let period = PeriodOptions(
        range: "The period: \(ProgressRange.valueList) (default 1M).", since: "The period starts on DATE instead.",
        until: "The period ends on DATE (default today): the report as it was then.")
    static let metricOption = Option<ChartModel.Metric>(
        "metric", valueName: "SERIES", help: "What the charts show: weight (default), fat, fat-mass, lean-mass, intake, expenditure (day by day, with its interval), or a measurement (waist).",
        completion: .metricNames)
    static let chartFlag = Flag("chart", help: "Draw the chart even when not on a terminal.")
    static let noChartFlag = Flag("no-chart", help: "Do not draw the chart (wins over --chart).")
    static let widthOption = Option<Count>("width", valueName: "PIXELS", help: "Width of the SVG or HTML chart (default 800).")
    static let heightOption = Option<Count>("height", valueName: "PIXELS", help: "Height of the SVG or HTML chart (default 400).")
    static let scaleOption = Option<Count>("scale", valueName: "N", help: "Pixels per point of the PNG: 2 for high-density screens (default 1).")
    static let toOption = Option<String>("to", valueName: "ADDRESS", help: "The mail's To: (with --format email).")
    static let subjectOption = Option<String>("subject", valueName: "TEXT", help: "The mail's Subject: (default: the trend, the rate and the day).")
    static let formatOption = CommandTable.format(
        ProgressFormat.self, help: "Output format (svg: the chart; html: a page with the report and the chart)")

    static let names = ["progress"]
    static let configuration = CommandConfiguration(names: names, abstract: "Show progress over a period: trend, weekly rate, goal.",
        discussion:
            "The trend smooths each day's first weigh-in: by default 10% a day, days without a weigh-in filled in linearly, as TrendWeight does (see 'trend method' for The Hacker's Diet, Libra and Holt). Trend, weekly rate, energy balance, deltas and the goal are as of the latest weigh-in, whatever the range; the range picks what is listed and summarised. --format svg writes the chart as an SVG image, --format html a self-contained page to mail or open in a browser.",
        options: period.declarations + [
            CommandTable.methodOption, metricOption, chartFlag, noChartFlag, ChartOptions.heightOption,
            ChartOptions.asciiFlag, widthOption, heightOption, scaleOption, toOption, subjectOption, formatOption, CommandTable.outputOption,
        ],
        exclusive: [PeriodOptions.exclusive],
        examples: [
            "trend progress", "trend progress --range 3M --format json", "trend progress --method hackers-diet",
            "trend progress --range 6M --format html -o progress.html", "trend progress --format png --scale 2 -o progress.png",
        ])

    let period: PeriodOptions.Values
    let chart: ChartOptions
    let metric: ChartModel.Metric
    let picture: PictureSize
    let to: String?
    let subject: String?
    let format: ProgressFormat
    let output: String?

    init(_ values: ParsedValues) throws(UsageError) {
        period = Self.period.values(values)
        chart = try ChartOptions(values, always: values[Self.chartFlag], never: values[Self.noChartFlag], command: "progress")
        metric = values[Self.metricOption] ?? .weight
        format = values[Self.formatOption] ?? .text
        output = values[CommandTable.outputOption]?.text
        to = values[Self.toOption]
        subject = values[Self.subjectOption]
        do {
            picture = try PictureSize(width: values[Self.widthOption]?.value, height: values[Self.heightOption]?.value, scale: values[Self.scaleOption]?.value)
        } catch {
            throw UsageError(message: error.message, commandName: "progress")
        }
    }

    @MainActor func run(_ context: CommandContext) async throws {
        context.outputPath = output
        let viewModel = ProgressViewModel(app: context.app)
        viewModel.since = try context.day(period.since)
        viewModel.until = try context.day(period.until)
        viewModel.range = period.range ?? .month
        viewModel.metric = metric
        viewModel.display = context.display
        viewModel.terminalChart = context.wantsChart(chart) ? chart.terminalChart : nil
        viewModel.picture = picture
        viewModel.mailTo = to
        viewModel.mailSubject = subject
        try await viewModel.load(for: format)
        try await context.write(format, viewModel)
    }
}

extension ProgressFormat: EnumeratedArgument {}
