import TrendCore

struct ProgressCommand: TrendCommand {
    enum Format: String, EnumeratedArgument {
        case text, json, svg, html
    }

    static let rangeOption = Option<ProgressRange>(
        "range", valueName: "RANGE", help: "The period: \(ProgressRange.valueNames.joined(separator: ", ")) (default 1M).")
    static let sinceOption = Option<String>("since", valueName: "DATE", help: "The period starts on DATE instead.")
    static let untilOption = Option<String>("until", valueName: "DATE", help: "The period ends on DATE (default today): the report as it was then.")
    static let chartFlag = Flag("chart", help: "Draw the chart even when not on a terminal.")
    static let noChartFlag = Flag("no-chart", help: "Do not draw the chart (wins over --chart).")
    static let widthOption = Option<Count>("width", valueName: "PIXELS", help: "Width of the SVG or HTML chart (default 800).")
    static let heightOption = Option<Count>("height", valueName: "PIXELS", help: "Height of the SVG or HTML chart (default 400).")
    static let formatOption = CommandTable.format(
        Format.self, help: "Output format (svg: the chart; html: a page with the report and the chart)")

    static let names = ["progress"]
    static let configuration = CommandConfiguration(names: names, abstract: "Show progress over a period: trend, weekly rate, goal.",
        discussion:
            "The trend smooths each day's first weigh-in: by default 10% a day, days without a weigh-in filled in linearly, as TrendWeight does (see 'trend method' for The Hacker's Diet, Libra and Holt). Trend, weekly rate, energy balance, deltas and the goal are as of the latest weigh-in, whatever the range; the range picks what is listed and summarised. --format svg writes the chart as an SVG image, --format html a self-contained page to mail or open in a browser.",
        options: [rangeOption, sinceOption, untilOption, CommandTable.methodOption, chartFlag, noChartFlag, widthOption, heightOption, formatOption],
        exclusive: [["range", "since"]],
        examples: [
            "trend progress", "trend progress --range 3M --format json", "trend progress --method hackers-diet",
            "trend progress --range 6M --format html > progress.html", "trend progress --format svg --width 1200 --height 500",
        ])

    let range: ProgressRange
    let since: String?
    let until: String?
    let chart: ChartOption
    let width: Int
    let height: Int
    let format: Format

    init(_ values: ParsedValues) throws(UsageError) {
        range = values[Self.rangeOption] ?? .month
        since = values[Self.sinceOption]
        until = values[Self.untilOption]
        chart = ChartOption(always: values[Self.chartFlag], never: values[Self.noChartFlag])
        width = values[Self.widthOption]?.value ?? 800
        height = values[Self.heightOption]?.value ?? 400
        format = values[Self.formatOption] ?? .text
        guard (200...10_000).contains(width), (120...10_000).contains(height) else {
            throw UsageError(message: "the chart must be 200 to 10000 pixels wide and 120 to 10000 high", commandName: "progress")
        }
    }

    @MainActor func run(_ context: CommandContext) async throws {
        let dates = context.app.clock.dateInput
        let sinceDay = try since.map { try dates.bound(parsing: $0).day }
        let untilDay = try until.map { try dates.bound(parsing: $0).day }
        try await context.loadSettings()
        try await context.loadWeights()
        let progress = context.app.progressFeature
        if sinceDay != nil {
            await progress.select(since: sinceDay, until: untilDay)
        } else {
            // A named range with --until: that range, ending then.
            await progress.select(range, until: untilDay)
        }
        let report = progress.snapshot
        let unit = progress.unit
        switch format {
        case .json:
            context.console.out(ProgressText.json(report, unit: unit).rendered())
            return
        case .svg:
            context.console.out(SVGChart(report: report, unit: unit, width: width, height: height).rendered())
            return
        case .html:
            let chart = SVGChart(report: report, unit: unit, width: width, height: height)
            context.console.out(ProgressPage.rendered(report, unit: unit, chart: chart))
            return
        case .text:
            break
        }
        guard !report.hasNoHistory else {
            context.console.out("No weigh-ins yet. Log one with 'trend log 80.5'.\n")
            return
        }
        var output = ProgressText.text(report, unit: unit, terminal: context.terminal)
        if chart.isWanted(on: context.terminal), !report.isEmpty, let from = report.from {
            let chart = ChartOption.chart(
                points: report.points, estimated: report.estimatedDays, from: from, to: report.to, goal: report.goalKilograms,
                unit: unit, terminal: context.terminal)
            output += "\n" + chart.rendered()
        }
        context.console.out(output)
    }
}
