import TrendCore

struct ProgressCommand: TrendCommand {
    enum Format: String, EnumeratedArgument {
        case text, json, svg, html, png, email
    }

    static let rangeOption = Option<ProgressRange>(
        "range", valueName: "RANGE", help: "The period: \(ProgressRange.valueList) (default 1M).")
    static let sinceOption = Option<String>("since", valueName: "DATE", help: "The period starts on DATE instead.")
    static let untilOption = Option<String>("until", valueName: "DATE", help: "The period ends on DATE (default today): the report as it was then.")
    static let metricOption = Option<ChartModel.Metric>(
        "metric", valueName: "SERIES", help: "What the charts show: weight (default), fat, fat-mass or lean-mass.")
    static let chartFlag = Flag("chart", help: "Draw the chart even when not on a terminal.")
    static let noChartFlag = Flag("no-chart", help: "Do not draw the chart (wins over --chart).")
    static let widthOption = Option<Count>("width", valueName: "PIXELS", help: "Width of the SVG or HTML chart (default 800).")
    static let heightOption = Option<Count>("height", valueName: "PIXELS", help: "Height of the SVG or HTML chart (default 400).")
    static let scaleOption = Option<Count>("scale", valueName: "N", help: "Pixels per point of the PNG: 2 for high-density screens (default 1).")
    static let toOption = Option<String>("to", valueName: "ADDRESS", help: "The mail's To: (with --format email).")
    static let subjectOption = Option<String>("subject", valueName: "TEXT", help: "The mail's Subject: (default: the trend, the rate and the day).")
    static let formatOption = CommandTable.format(
        Format.self, help: "Output format (svg: the chart; html: a page with the report and the chart)")

    static let names = ["progress"]
    static let configuration = CommandConfiguration(names: names, abstract: "Show progress over a period: trend, weekly rate, goal.",
        discussion:
            "The trend smooths each day's first weigh-in: by default 10% a day, days without a weigh-in filled in linearly, as TrendWeight does (see 'trend method' for The Hacker's Diet, Libra and Holt). Trend, weekly rate, energy balance, deltas and the goal are as of the latest weigh-in, whatever the range; the range picks what is listed and summarised. --format svg writes the chart as an SVG image, --format html a self-contained page to mail or open in a browser.",
        options: [
            rangeOption, sinceOption, untilOption, CommandTable.methodOption, metricOption, chartFlag, noChartFlag, ChartOption.heightOption,
            ChartOption.asciiFlag, widthOption, heightOption, scaleOption, toOption, subjectOption, formatOption,
        ],
        exclusive: [["range", "since"]],
        examples: [
            "trend progress", "trend progress --range 3M --format json", "trend progress --method hackers-diet",
            "trend progress --range 6M --format html > progress.html", "trend progress --format svg --width 1200 --height 500",
        ])

    let range: ProgressRange
    let since: String?
    let until: String?
    let chart: ChartOption
    let metric: ChartModel.Metric
    let width: Int
    let height: Int
    let scale: Int
    let to: String?
    let subject: String?
    let format: Format

    init(_ values: ParsedValues) throws(UsageError) {
        range = values[Self.rangeOption] ?? .month
        since = values[Self.sinceOption]
        until = values[Self.untilOption]
        chart = ChartOption(
            always: values[Self.chartFlag], never: values[Self.noChartFlag], height: try ChartOption.height(values, command: "progress"),
            ascii: values[ChartOption.asciiFlag])
        metric = values[Self.metricOption] ?? .weight
        width = values[Self.widthOption]?.value ?? 800
        height = values[Self.heightOption]?.value ?? 400
        format = values[Self.formatOption] ?? .text
        scale = values[Self.scaleOption]?.value ?? 1
        to = values[Self.toOption]
        subject = values[Self.subjectOption]
        guard (200...10_000).contains(width), (120...10_000).contains(height) else {
            throw UsageError(message: "the chart must be 200 to 10000 pixels wide and 120 to 10000 high", commandName: "progress")
        }
        guard (1...4).contains(scale), width * height * scale * scale <= Self.largestPNG else {
            throw UsageError(
                message: "--scale must be 1 to 4, and the PNG at most \(Self.largestPNG / 1_000_000) million pixels", commandName: "progress")
        }
        if format != .email && (to != nil || subject != nil) {
            throw UsageError(message: "--to and --subject are for --format email", commandName: "progress")
        }
        // A line break in a header would let the value add headers of its own.
        for (name, value) in [("--to", to), ("--subject", subject)] {
            if let value, value.trimmed.isEmpty || !MailMessage.isSafeHeaderValue(value) {
                throw UsageError(message: "\(name) must be one line of text", commandName: "progress")
            }
        }
    }

    /// Width × height × scale²: a PNG this large takes about 200 MB to draw.
    static let largestPNG = 16_000_000

    @MainActor func run(_ context: CommandContext) async throws {
        let sinceDay = try context.day(since)
        let untilDay = try context.day(until)
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
            context.console.out(SVGChart(report: report, unit: unit, metric: metric, width: width, height: height).rendered())
            return
        case .html:
            let chart = SVGChart(report: report, unit: unit, metric: metric, width: width, height: height)
            context.console.out(ProgressPage.rendered(report, unit: unit, chart: .svg(chart)))
            return
        case .png:
            let model = ChartModel(report: report, unit: unit, metric: metric, valueTickCount: max(3, height / 70))
            context.console.out(bytes: try PNGChart(model: model, width: width, height: height, scale: scale).rendered())
            return
        case .email:
            let model = ChartModel(report: report, unit: unit, metric: metric, valueTickCount: max(3, height / 70))
            // Twice the pixels, shown at the chart's size: sharp on any screen.
            let png = try PNGChart(model: model, width: width, height: height, scale: 2).rendered()
            let contentID = MailMessage.contentID(png: png)
            let description = model?.title ?? ChartPicture.emptyMessage
            let html = ProgressPage.rendered(report, unit: unit, chart: .mailImage(contentID: contentID, width: width, height: height, description: description))
            let text = report.hasNoHistory ? "No weigh-ins yet. Log one with 'trend log 80.5'.\n" : ProgressText.text(report, unit: unit)
            let mail = MailMessage(
                to: to?.trimmed, subject: subject?.trimmed ?? MailMessage.defaultSubject(report, unit: unit), date: context.app.clock.now, text: text,
                html: html, png: png, contentID: contentID)
            context.console.out(try mail.rendered())
            return
        case .text:
            break
        }
        guard !report.hasNoHistory else {
            context.console.out("No weigh-ins yet. Log one with 'trend log 80.5'.\n")
            return
        }
        var output = ProgressText.text(
            report, unit: unit, bold: context.terminal.bold, width: context.terminal.isOutputTerminal ? context.terminal.width - 1 : nil)
        if chart.isWanted(on: context.terminal),
            let model = ChartModel(report: report, unit: unit, metric: metric, valueTickCount: chart.valueTickCount)
        {
            output += "\n" + chart.chart(model, terminal: context.terminal).rendered()
        }
        context.console.out(output)
    }
}
