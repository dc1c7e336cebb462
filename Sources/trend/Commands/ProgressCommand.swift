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
            "The trend is an exponentially smoothed average (10% a day) of each day's first weigh-in, days without one filled in linearly, as in TrendWeight.",
        options: [rangeOption, chartFlag, noChartFlag, formatOption],
        examples: ["trend progress", "trend progress --range 3M --format json"])

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
            context.console.out(Self.json(report, unit: unit).rendered())
            return
        }
        guard !report.isEmpty, let start = report.start, let latest = report.latest else {
            context.console.out(
                context.app.weightLogFeature.entries.isEmpty
                    ? "No weigh-ins yet. Log one with 'trend log 80.5'.\n"
                    : "No weigh-ins in the last \(range.rawValue) (since \(report.from.map(\.description) ?? "")).\n")
            return
        }
        var output = Self.text(report, start: start, latest: latest, unit: unit, terminal: context.terminal)
        if chart.isWanted(on: context.terminal), let from = report.from {
            let chart = ChartOption.chart(
                points: report.points, from: from, to: report.to, goal: report.goalKilograms, unit: unit, terminal: context.terminal)
            output += "\n" + chart.rendered()
        }
        context.console.out(output)
    }

    static func json(_ report: WeightHistoryData, unit: WeightUnit) -> JSONOutput {
        func weight(_ kilograms: Double?) -> JSONOutput { .optional(kilograms.map { unit.roundedValue(fromKilograms: $0) }) }
        return .object([
            ("range", .string(report.range.rawValue)),
            ("from", .optional(report.from?.description)),
            ("to", .string(report.to.description)),
            ("unit", .string(unit.rawValue)),
            ("count", .integer(report.count)),
            ("start", report.start.map { EntryRendering.json($0, unit: unit) } ?? .null),
            ("latest", report.latest.map { EntryRendering.json($0, unit: unit) } ?? .null),
            ("change", weight(report.changeKilograms)),
            ("minimum", weight(report.minimumKilograms)),
            ("maximum", weight(report.maximumKilograms)),
            ("average", weight(report.averageKilograms)),
            ("trend", weight(report.trendKilograms)),
            ("weeklyRate", weight(report.weeklyRateKilograms)),
            ("goal", weight(report.goalKilograms)),
            ("remaining", weight(report.remainingKilograms)),
            ("projectedGoalDate", .optional(report.projectedGoalDate?.description)),
            (
                "points",
                .array(
                    report.points.map { point in
                        .object([
                            ("date", .string(point.timestamp.iso8601)),
                            ("weight", weight(point.kilograms)),
                            ("trend", weight(point.trendKilograms)),
                        ])
                    })
            ),
        ])
    }

    static func text(
        _ report: WeightHistoryData, start: WeightEntry, latest: WeightEntry, unit: WeightUnit, terminal: Terminal
    ) -> String {
        let period = report.range == .all ? "all time" : "the last \(report.range.rawValue)"
        let count = report.count == 1 ? "1 weigh-in" : "\(report.count) weigh-ins"
        var out = terminal.bold("Progress over \(period)") + ": \(report.from?.description ?? "") to \(report.to) (\(count))\n\n"
        var rows: [(String, String, String)] = [
            ("Start", unit.format(kilograms: start.kilograms), EntryRendering.localDateTime(start.timestamp)),
            ("Latest", unit.format(kilograms: latest.kilograms), EntryRendering.localDateTime(latest.timestamp)),
        ]
        if let change = report.changeKilograms { rows.append(("Change", unit.formatChange(kilograms: change), "")) }
        if let trend = report.trendKilograms {
            rows.append(
                ("Trend", unit.format(kilograms: trend), report.weeklyRateKilograms.map { EntryRendering.weeklyRate($0, unit: unit) } ?? ""))
        }
        if let low = report.minimumKilograms, let high = report.maximumKilograms, let average = report.averageKilograms {
            rows.append(("Lowest", unit.format(kilograms: low), ""))
            rows.append(("Highest", unit.format(kilograms: high), ""))
            rows.append(("Average", unit.format(kilograms: average), ""))
        }
        if let goal = report.goal {
            rows.append(("Goal", unit.format(kilograms: goal.goalKilograms), goalSentence(goal, unit: unit)))
        }
        let labelWidth = rows.map(\.0.count).max() ?? 0
        let valueWidth = rows.map(\.1.count).max() ?? 0
        for (label, value, detail) in rows {
            var line = label + String(repeating: " ", count: labelWidth - label.count + 2)
            line += String(repeating: " ", count: valueWidth - value.count) + value
            if !detail.isEmpty { line += "   " + detail }
            out += line + "\n"
        }
        return out
    }

    static func goalSentence(_ goal: GoalProjection, unit: WeightUnit) -> String {
        if goal.isReached { return "reached" }
        let remaining = unit.format(kilograms: goal.remainingKilograms)
        if let day = goal.projectedDay {
            return "\(remaining) to go, on track for \(EntryRendering.longDate(day))"
        }
        return goal.isMovingTowardGoal ? "\(remaining) to go" : "\(remaining) to go, trend moving away from goal"
    }
}
