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
            // Written as bytes: a long history makes a large file.
            var out = Array("id,date,weight,unit,trend,note\n".utf8)
            out.reserveCapacity(points.count * 96 + 32)
            let unitName = Array(unit.rawValue.utf8)
            for point in points {
                point.entry.appendID(to: &out)
                out.append(UInt8(ascii: ","))
                point.entry.timestamp.appendISO8601(to: &out)
                out.append(UInt8(ascii: ","))
                out.append(contentsOf: JSONText.number(unit.roundedValue(fromKilograms: point.kilograms)).utf8)
                out.append(UInt8(ascii: ","))
                out.append(contentsOf: unitName)
                out.append(UInt8(ascii: ","))
                out.append(contentsOf: JSONText.number(unit.roundedValue(fromKilograms: point.trendKilograms)).utf8)
                out.append(UInt8(ascii: ","))
                if let note = point.entry.note { out.append(contentsOf: ExportDocument.csvField(note).utf8) }
                out.append(UInt8(ascii: "\n"))
            }
            context.console.out(bytes: out)
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
