import TrendCore

struct StatsCommand: TrendCommand {
    enum Format: String, EnumeratedArgument {
        case text, json, csv
    }

    static let byOption = Option<PeriodStatistics.Period>("by", valueName: "PERIOD", help: "One row per week, month (default) or year.")
    static let rangeOption = Option<ProgressRange>(
        "range", valueName: "RANGE", help: "The period: \(ProgressRange.valueList) (default All).")
    static let sinceOption = Option<String>("since", valueName: "DATE", help: "Start on DATE instead.")
    static let untilOption = Option<String>("until", valueName: "DATE", help: "End on DATE (default today).")
    static let formatOption = CommandTable.format(Format.self)

    static let names = ["stats"]
    static let configuration = CommandConfiguration(names: names, abstract: "Summarise the history by week, month or year.",
        discussion:
            "One row per period, oldest first, periods without a weigh-in included: weigh-ins, average, lowest and highest weight, the trend at the period's last weigh-in, how much the trend changed over the period, the weekly rate then, and the body-fat trend when known.",
        options: [byOption, rangeOption, sinceOption, untilOption, CommandTable.methodOption, formatOption], exclusive: [["range", "since"]],
        examples: ["trend stats", "trend stats --by week --range 3M", "trend stats --by year --format csv"])

    let period: PeriodStatistics.Period
    let range: ProgressRange
    let since: String?
    let until: String?
    let format: Format

    init(_ values: ParsedValues) {
        period = values[Self.byOption] ?? .month
        range = values[Self.rangeOption] ?? .all
        since = values[Self.sinceOption]
        until = values[Self.untilOption]
        format = values[Self.formatOption] ?? .text
    }

    @MainActor func run(_ context: CommandContext) async throws {
        let sinceDay = try context.day(since)
        let untilDay = try context.day(until)
        try await context.loadSettings()
        try await context.loadWeights()
        let unit = context.unit
        guard let statistics = await context.app.progressFeature.statistics(by: period, range: range, since: sinceDay, until: untilDay) else {
            if format == .json {
                context.console.out("[]\n")
            } else if format == .csv {
                context.console.out(Self.csvHeader + "\n")
            } else {
                context.console.message(
                    context.app.weightLogFeature.entries.isEmpty ? "No weigh-ins yet. Log one with 'trend log 80.5'.\n" : "No days in that period.\n")
            }
            return
        }
        let showsFat = statistics.rows.contains { $0.fatPercent != nil }
        switch format {
        case .json:
            let rows = statistics.rows.map { row -> JSONOutput in
                func weight(_ kilograms: Double?) -> JSONOutput { .optional(kilograms.map { unit.roundedValue(fromKilograms: $0) }) }
                return .object([
                    ("period", .string(row.label)), ("from", .string(row.first.description)), ("to", .string(row.last.description)),
                    ("weighIns", .integer(row.weighIns)), ("unit", .string(unit.rawValue)), ("average", weight(row.averageKilograms)),
                    ("minimum", weight(row.minimumKilograms)), ("maximum", weight(row.maximumKilograms)), ("trend", weight(row.trendKilograms)),
                    ("trendChange", weight(row.trendChangeKilograms)), ("weeklyRate", weight(row.weeklyRateKilograms)),
                    ("fatPercent", .optional(row.fatPercent.map { ($0 * 100).rounded() / 100 })),
                ])
            }
            context.console.out(JSONOutput.array(rows).rendered())
        case .csv:
            var out = Self.csvHeader + "\n"
            func number(_ kilograms: Double?) -> String { kilograms.map { DecimalText.shortest(unit.roundedValue(fromKilograms: $0)) } ?? "" }
            for row in statistics.rows {
                let fields = [
                    row.label, row.first.description, row.last.description, String(row.weighIns), number(row.averageKilograms),
                    number(row.minimumKilograms), number(row.maximumKilograms), number(row.trendKilograms), number(row.trendChangeKilograms),
                    number(row.weeklyRateKilograms), row.fatPercent.map { DecimalText.shortest(($0 * 100).rounded() / 100) } ?? "", unit.rawValue,
                ]
                out += fields.joined(separator: ",") + "\n"
            }
            context.console.out(out)
        case .text:
            var headers = ["PERIOD", "WEIGH-INS", "AVERAGE", "LOWEST", "HIGHEST", "TREND", "CHANGE", "RATE/WEEK"]
            if showsFat { headers.append("FAT") }
            var table = TextTable(headers: headers, rightAligned: Set(1..<headers.count))
            for row in statistics.rows {
                func weight(_ kilograms: Double?) -> String { kilograms.map { unit.format(kilograms: $0) } ?? "" }
                func change(_ kilograms: Double?) -> String { kilograms.map { unit.formatChange(kilograms: $0) } ?? "" }
                var cells = [
                    row.label, String(row.weighIns), weight(row.averageKilograms), weight(row.minimumKilograms), weight(row.maximumKilograms),
                    weight(row.trendKilograms), change(row.trendChangeKilograms), change(row.weeklyRateKilograms),
                ]
                if showsFat { cells.append(row.fatPercent.map { Decimal1.text($0) + "%" } ?? "") }
                table.add(cells)
            }
            context.console.out(table.rendered(terminal: context.terminal))
        }
    }

    static let csvHeader = "period,from,to,weigh_ins,average,minimum,maximum,trend,trend_change,weekly_rate,fat,unit"
}
