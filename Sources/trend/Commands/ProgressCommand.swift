import TrendCore

struct ProgressCommand: TrendCommand {
    static let rangeOption = Option<ProgressRange>(
        "range", valueName: "RANGE", help: "The period: \(ProgressRange.valueNames.joined(separator: ", ")) (default 1M).")
    static let chartFlag = Flag("chart", help: "Draw the chart even when not on a terminal.")
    static let noChartFlag = Flag("no-chart", help: "Do not draw the chart (wins over --chart).")
    static let formatOption = CommandTable.format([.text, .json])

    static let configuration = CommandConfiguration(
        name: "progress", abstract: "Show progress over a period: trend, weekly rate, goal.",
        discussion:
            "The trend smooths each day's first weigh-in: by default 10% a day, days without a weigh-in filled in linearly, as TrendWeight does (see 'trend method' for The Hacker's Diet, Libra and Holt). Trend, weekly rate, energy balance, deltas and the goal are as of the latest weigh-in, whatever the range; the range picks what is listed and summarised.",
        options: [rangeOption, CommandTable.methodOption, chartFlag, noChartFlag, formatOption],
        examples: ["trend progress", "trend progress --range 3M --format json", "trend progress --method hackers-diet"])

    let range: ProgressRange
    let chart: ChartOption
    let format: OutputFormat

    init(_ values: ParsedValues) {
        range = values[Self.rangeOption] ?? .month
        chart = ChartOption(always: values[Self.chartFlag], never: values[Self.noChartFlag])
        format = values[Self.formatOption] ?? .text
    }

    @MainActor func run(_ context: CommandContext) async throws {
        try await context.loadSettings()
        try await context.loadWeights()
        let progress = context.app.progressFeature
        await progress.select(range)
        let report = progress.snapshot
        let unit = progress.unit
        if format == .json {
            context.console.out(ProgressReport.json(report, unit: unit).rendered())
            return
        }
        guard !report.hasNoHistory else {
            context.console.out("No weigh-ins yet. Log one with 'trend log 80.5'.\n")
            return
        }
        var output = ProgressReport.text(report, unit: unit, terminal: context.terminal)
        if chart.isWanted(on: context.terminal), !report.isEmpty, let from = report.from {
            let chart = ChartOption.chart(
                points: report.points, estimated: report.estimatedDays, from: from, to: report.to, goal: report.goalKilograms,
                unit: unit, terminal: context.terminal)
            output += "\n" + chart.rendered()
        }
        context.console.out(output)
    }
}
