import TrendCore

@MainActor
enum ListCommand {
    static func run(_ context: CommandContext) async throws {
        let arguments = context.arguments
        if arguments.value("range") != nil && arguments.value("since") != nil {
            throw context.usageError("--range and --since cannot be used together")
        }
        var selection = EntrySelection()
        selection.range = arguments.value("range").flatMap(ProgressRange.init(parsing:))
        if let limit = arguments.value("limit") {
            guard let count = Int(limit), count > 0 else {
                throw context.usageError("invalid value '\(limit)' for '--limit': expected a whole number above 0")
            }
            selection.limit = count
        }
        selection.since = try arguments.value("since").map { try context.timestamp($0).day }
        selection.until = try arguments.value("until").map { try context.timestamp($0).day }
        try await context.loadSettings()
        try await context.loadWeights()
        let points = await context.app.progressFeature.listing(selection)
        let unit = context.unit
        switch context.format {
        case "json":
            context.console.out(JSONOutput.array(points.map { EntryRendering.json($0.entry, unit: unit) }).rendered())
        case "csv":
            var rows = [["id", "date", "weight", "unit", "trend", "note"]]
            for point in points {
                rows.append([
                    point.entry.idText, point.entry.timestamp.iso8601,
                    JSONText.number(unit.roundedValue(fromKilograms: point.kilograms)), unit.rawValue,
                    JSONText.number(unit.roundedValue(fromKilograms: point.trendKilograms)), point.entry.note ?? "",
                ])
            }
            context.console.out(CSVText.document(rows))
        default:
            guard !points.isEmpty else {
                context.console.message(
                    context.app.weightLogFeature.entries.isEmpty
                        ? "No weigh-ins yet. Log one with 'trend log 80.5'.\n" : "No weigh-ins match.\n")
                return
            }
            var table = TextTable(headers: ["ID", "DATE", "WEIGHT", "TREND", "NOTE"], rightAligned: [2, 3])
            for point in points {
                table.add([
                    point.entry.shortID, EntryRendering.localDateTime(point.entry.timestamp),
                    unit.format(kilograms: point.kilograms), unit.format(kilograms: point.trendKilograms),
                    point.entry.note ?? "",
                ])
            }
            var output = table.rendered(terminal: context.terminal)
            if arguments.flag("chart"), let first = points.first, let last = points.last {
                let chart = ChartOption.chart(
                    points: points, from: first.entry.calendarDay, to: last.entry.calendarDay,
                    goal: context.app.weightLogFeature.goalKilograms, unit: unit, terminal: context.terminal)
                output += "\n" + chart.rendered()
            }
            context.console.out(output)
        }
    }
}
