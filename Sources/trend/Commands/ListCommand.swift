import TrendCore

struct ListCommand: TrendCommand {
    enum Format: String, EnumeratedArgument {
        case text, json, csv
    }

    static let rangeOption = Option<ProgressRange>(
        "range", valueName: "RANGE",
        help: "Only the last RANGE: \(ProgressRange.valueList).")
    static let sinceOption = Option<String>("since", valueName: "DATE", help: "Only weigh-ins on or after DATE.")
    static let untilOption = Option<String>("until", valueName: "DATE", help: "Only weigh-ins on or before DATE.")
    static let limitOption = Option<Count>("limit", short: "n", valueName: "N", help: "Only the latest N weigh-ins.")
    static let chartFlag = Flag("chart", help: "Draw a chart of the listed weigh-ins below the table.")
    static let estimatedFlag = Flag(
        "estimated", help: "Also show the days between weigh-ins, estimated by linear interpolation (rows marked ~).")
    static let formatOption = CommandTable.format(Format.self)

    static let names = ["list"]
    static let configuration = CommandConfiguration(names: names, abstract: "List weigh-ins, oldest first.",
        discussion: "Shows the short id, local date and time, weight, trend and note of each weigh-in.",
        options: [rangeOption, sinceOption, untilOption, limitOption, CommandTable.methodOption, estimatedFlag, chartFlag, ChartOption.heightOption, ChartOption.asciiFlag, formatOption],
        exclusive: [["range", "since"]],
        examples: ["trend list --range 1M", "trend list --format csv > weights.csv"])

    let range: ProgressRange?
    let since: String?
    let until: String?
    let limit: Count?
    let chart: Bool
    let chartHeight: Int
    let ascii: Bool
    let estimated: Bool
    let format: Format

    init(_ values: ParsedValues) throws(UsageError) {
        range = values[Self.rangeOption]
        since = values[Self.sinceOption]
        until = values[Self.untilOption]
        limit = values[Self.limitOption]
        chart = values[Self.chartFlag]
        chartHeight = try ChartOption.height(values, command: "list")
        ascii = values[ChartOption.asciiFlag]
        estimated = values[Self.estimatedFlag]
        format = values[Self.formatOption] ?? .text
    }

    @MainActor func run(_ context: CommandContext) async throws {
        var selection = EntrySelection()
        selection.range = range
        selection.limit = limit?.value
        let dates = context.app.clock.dateInput
        selection.since = try since.map(dates.bound(parsing:))
        selection.until = try until.map(dates.bound(parsing:))
        try await context.loadSettings()
        try await context.loadWeights()
        if format == .csv {
            // Streamed row by row: no point is built per entry of a long history.
            let (entries, series) = await context.app.progressFeature.listingSeries(selection)
            let console = context.console
            // Listed weights are in the display unit, rounded to 0.01, like the JSON.
            let columns: [EntryCSV.Column] = [.id, .date, .weight, .unit, .trend, .note] + (entries.contains { $0.fatPercent != nil } ? [.fat] : [])
            EntryCSV.write(entries, columns: columns, unit: context.unit, exactKilograms: false, series: series) {
                console.out(bytes: $0)
            }
            return
        }
        let (points, estimatedDays) = await context.app.progressFeature.listing(selection, estimatedDays: estimated)
        let unit = context.unit
        switch format {
        case .json:
            func weight(_ kilograms: Double) -> JSONOutput { .number(unit.roundedValue(fromKilograms: kilograms)) }
            let ordered = ProgressReport.rows(points: points, estimatedDays: estimatedDays).map { row -> JSONOutput in
                switch row {
                case .weighIn(let point):
                    EntryRendering.json(point.entry, unit: unit, extra: [("trend", weight(point.trendKilograms))])
                case .estimated(let day):
                    .object([
                        ("date", .string(day.day.description)), ("weight", weight(day.kilograms)), ("unit", .string(unit.rawValue)),
                        ("trend", weight(day.trendKilograms)), ("estimated", .bool(true)),
                    ])
                }
            }
            context.console.out(JSONOutput.array(ordered).rendered())
        case .text, .csv:  // csv is streamed above
            guard !points.isEmpty else {
                context.console.message(
                    context.app.weightLogFeature.entries.isEmpty
                        ? "No weigh-ins yet. Log one with 'trend log 80.5'.\n" : "No weigh-ins match.\n")
                return
            }
            // A FAT column when any listed weigh-in has body fat (SPEC §12).
            let showsFat = points.contains { $0.entry.fatPercent != nil }
            var table = showsFat
                ? TextTable(headers: ["ID", "DATE", "WEIGHT", "FAT", "TREND", "NOTE"], rightAligned: [2, 3, 4])
                : TextTable(headers: ["ID", "DATE", "WEIGHT", "TREND", "NOTE"], rightAligned: [2, 3])
            let offsetNow = context.app.clock.now.utcOffsetSeconds
            for row in ProgressReport.rows(points: points, estimatedDays: estimatedDays) {
                switch row {
                case .estimated(let day):
                    table.add(["~", day.day.description, unit.format(kilograms: day.kilograms)] + (showsFat ? [""] : []) + [unit.format(kilograms: day.trendKilograms), "estimated"])
                case .weighIn(let point):
                    let fat = showsFat ? [point.entry.fatPercent.map(EntryRendering.fatText) ?? ""] : []
                    table.add(
                        [point.entry.shortID, EntryRendering.localDateTime(point.entry.timestamp, currentOffset: offsetNow), unit.format(kilograms: point.kilograms)]
                            + fat + [unit.format(kilograms: point.trendKilograms), point.entry.note?.terminalSafe ?? ""])
                }
            }
            context.console.out(table.rendered(terminal: context.terminal))
            let option = ChartOption(always: chart, never: !chart, height: chartHeight, ascii: ascii)
            if chart, let model = ChartModel(
                points: points, estimatedDays: estimatedDays, goalKilograms: context.app.weightLogFeature.goalKilograms, unit: unit,
                valueTickCount: option.valueTickCount)
            {
                context.console.out("\n" + option.chart(model, terminal: context.terminal).rendered())
            }
        }
    }
}
