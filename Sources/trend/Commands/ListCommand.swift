import TrendCore

struct ListCommand: TrendCommand {
    static let rangeOption = Option<ProgressRange>(
        "range", valueName: "RANGE",
        help: "Only the last RANGE: \(ProgressRange.valueNames.joined(separator: ", ")).")
    static let sinceOption = Option<String>("since", valueName: "DATE", help: "Only weigh-ins on or after DATE.")
    static let untilOption = Option<String>("until", valueName: "DATE", help: "Only weigh-ins on or before DATE.")
    static let limitOption = Option<Count>("limit", short: "n", valueName: "N", help: "Only the latest N weigh-ins.")
    static let chartFlag = Flag("chart", help: "Draw a chart of the listed weigh-ins below the table.")
    static let estimatedFlag = Flag(
        "estimated", help: "Also show the days between weigh-ins, estimated by linear interpolation (rows marked ~).")
    static let formatOption = CommandTable.format([.text, .json, .csv])

    static let names = ["list"]
    static let configuration = CommandConfiguration(names: names, abstract: "List weigh-ins, oldest first.",
        discussion: "Shows the short id, local date and time, weight, trend and note of each weigh-in.",
        options: [rangeOption, sinceOption, untilOption, limitOption, CommandTable.methodOption, estimatedFlag, chartFlag, formatOption],
        exclusive: [["range", "since"]],
        examples: ["trend list --range 1M", "trend list --format csv > weights.csv"])

    let range: ProgressRange?
    let since: String?
    let until: String?
    let limit: Count?
    let chart: Bool
    let estimated: Bool
    let format: OutputFormat

    init(_ values: ParsedValues) {
        range = values[Self.rangeOption]
        since = values[Self.sinceOption]
        until = values[Self.untilOption]
        limit = values[Self.limitOption]
        chart = values[Self.chartFlag]
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
            writeCSV(entries, series: series, unit: context.unit, to: context.console)
            return
        }
        let (points, estimatedDays) = await context.app.progressFeature.listing(selection, estimatedDays: estimated)
        let unit = context.unit
        switch format {
        case .json:
            func weight(_ kilograms: Double) -> JSONOutput { .number(unit.roundedValue(fromKilograms: kilograms)) }
            let ordered = WeightHistoryData.rows(points: points, estimatedDays: estimatedDays).map { row -> JSONOutput in
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
        case .text, .csv, .svg, .html:  // csv is streamed above; list declares text, json and csv only
            guard !points.isEmpty else {
                context.console.message(
                    context.app.weightLogFeature.entries.isEmpty
                        ? "No weigh-ins yet. Log one with 'trend log 80.5'.\n" : "No weigh-ins match.\n")
                return
            }
            var table = TextTable(headers: ["ID", "DATE", "WEIGHT", "TREND", "NOTE"], rightAligned: [2, 3])
            var pending = estimatedDays[...]
            for point in points {
                while let day = pending.first, day.day < point.entry.calendarDay {
                    table.add(["~", day.day.description, unit.format(kilograms: day.kilograms), unit.format(kilograms: day.trendKilograms), "estimated"])
                    pending = pending.dropFirst()
                }
                table.add([
                    point.entry.shortID, EntryRendering.localDateTime(point.entry.timestamp),
                    unit.format(kilograms: point.kilograms), unit.format(kilograms: point.trendKilograms),
                    point.entry.note?.terminalSafe ?? "",
                ])
            }
            context.console.out(table.rendered(terminal: context.terminal))
            if chart, let first = points.first, let last = points.last {
                let chart = ChartOption.chart(
                    points: points, from: first.entry.calendarDay, to: last.entry.calendarDay,
                    goal: context.app.weightLogFeature.goalKilograms, unit: unit, terminal: context.terminal)
                context.console.out("\n" + chart.rendered())
            }
        }
    }

    /// Written as bytes, a chunk at a time: a long history makes a large file.
    private func writeCSV(_ entries: [WeightEntry], series: TrendSeries, unit: WeightUnit, to console: Console) {
        var out = Array("id,date,weight,unit,trend,note\n".utf8)
        out.reserveCapacity(1 << 16)
        let unitName = Array(unit.rawValue.utf8)
        for entry in entries {
            entry.appendID(to: &out)
            out.append(UInt8(ascii: ","))
            entry.timestamp.appendISO8601(to: &out)
            out.append(UInt8(ascii: ","))
            out.append(contentsOf: DecimalText.shortest(unit.roundedValue(fromKilograms: entry.kilograms)).utf8)
            out.append(UInt8(ascii: ","))
            out.append(contentsOf: unitName)
            out.append(UInt8(ascii: ","))
            let trend = series.trendKilograms(on: entry.calendarDay) ?? entry.kilograms
            out.append(contentsOf: DecimalText.shortest(unit.roundedValue(fromKilograms: trend)).utf8)
            out.append(UInt8(ascii: ","))
            if let note = entry.note { out.append(contentsOf: CSVField.quoted(note).utf8) }
            out.append(UInt8(ascii: "\n"))
            if out.count >= 1 << 16 {
                console.out(bytes: out)
                out.removeAll(keepingCapacity: true)
            }
        }
        console.out(bytes: out)
    }
}
