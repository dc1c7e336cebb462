import TrendCore

struct StatusCommand: TrendCommand {
    static let asciiFlag = Flag("ascii", help: "Plain ASCII: no arrows, no bars.")
    static let formatOption = CommandTable.format(TextOrJSON.self)

    static let names = ["status"]
    static let configuration = CommandConfiguration(names: names, abstract: "One line for a shell prompt or a status bar.",
        discussion:
            "The trend, the weekly rate (after a week of weigh-ins), what is left to the goal, and the trend of the last 14 days as bars: 80.6 kg ↓0.2/wk · 5.6 to go ▆▅▅▄▃▃▂. Prints nothing and exits 1 when there are no weigh-ins.",
        options: [asciiFlag, CommandTable.methodOption, formatOption],
        examples: ["trend status", "trend status --ascii", "trend status --format json"])

    let ascii: Bool
    let format: TextOrJSON

    init(_ values: ParsedValues) {
        ascii = values[Self.asciiFlag]
        format = values[Self.formatOption] ?? .text
    }

    @MainActor func run(_ context: CommandContext) async throws {
        try await context.loadSettings()
        try await context.loadWeights()
        guard let status = await context.app.progressFeature.status() else { throw CommandFailure(status: ExitStatus.notFound, message: nil) }
        let unit = context.unit
        if format == .json {
            func weight(_ kilograms: Double?) -> JSONOutput { .optional(kilograms.map { unit.roundedValue(fromKilograms: $0) }) }
            context.console.out(
                JSONOutput.object([
                    ("asOf", .string(status.asOf.description)), ("trend", weight(status.trendKilograms)), ("unit", .string(unit.rawValue)),
                    ("weeklyRate", weight(status.weeklyRateKilograms)), ("remaining", weight(status.remainingKilograms)),
                    ("goalReached", status.goalReached.map { .bool($0) } ?? .null),
                    ("recentTrend", .array(status.recentTrendKilograms.map { weight($0) })),
                ]).rendered())
            return
        }
        context.console.out(Self.line(status, unit: unit, ascii: ascii || !context.terminal.isUTF8) + "\n")
    }

    /// `80.6 kg ↓0.2/wk · 5.6 to go ▆▅▅▄▃▃▂`; ASCII: `80.6 kg -0.2/wk, 5.6 to go`.
    static func line(_ status: StatusSummary, unit: WeightUnit, ascii: Bool) -> String {
        var parts = [unit.format(kilograms: status.trendKilograms)]
        if let rate = status.weeklyRateKilograms {
            let change = unit.formatChange(kilograms: rate)
            let magnitude = String(change.drop { $0 == "+" || $0 == "-" }.prefix { $0 != " " })
            if ascii {
                parts[0] += " " + (change.hasPrefix("-") || change.hasPrefix("+") ? String(change.first!) : "") + magnitude + "/wk"
            } else {
                let arrow = change.hasPrefix("-") ? "↓" : change.hasPrefix("+") ? "↑" : "→"
                parts[0] += " " + arrow + magnitude + "/wk"
            }
        }
        if let reached = status.goalReached, let remaining = status.remainingKilograms {
            parts.append(reached ? (ascii ? "goal reached" : "goal ✓") : unit.formatPlain(kilograms: abs(remaining)) + " to go")
        }
        var line = parts.joined(separator: ascii ? ", " : " · ")
        if !ascii, status.recentTrendKilograms.count > 1 { line += " " + sparkline(status.recentTrendKilograms) }
        return line
    }

    /// Eight heights of bar from the lowest to the highest value; a flat line is all middle bars.
    static func sparkline(_ values: [Double]) -> String {
        let bars: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
        guard let low = values.min(), let high = values.max() else { return "" }
        guard high - low > 1e-9 else { return String(repeating: "▄", count: values.count) }
        return String(values.map { bars[min(7, Int((($0 - low) / (high - low) * 7).rounded()))] })
    }
}
