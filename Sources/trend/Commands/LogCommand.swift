import TrendCore

@MainActor
enum LogCommand {
    static func run(_ context: CommandContext) async throws {
        try await context.loadSettings()
        let kilograms = try context.weight(context.arguments.positionals[0])
        let timestamp = try context.arguments.value("date").map(context.timestamp) ?? context.app.clock.now
        let entry = try await context.app.weightLogFeature.add(
            kilograms: kilograms, at: timestamp, note: context.arguments.value("note"))
        let unit = context.unit
        if context.format == "json" {
            context.console.out(EntryRendering.json(entry, unit: unit).rendered())
            return
        }
        guard !context.console.isQuiet else { return }
        var text = "Logged " + EntryRendering.summary(entry, unit: unit) + "\n"
        let (trend, rate) = await context.app.progressFeature.trend(for: entry)
        if let trend {
            text += "Trend " + unit.format(kilograms: trend)
            if let rate { text += ", " + EntryRendering.weeklyRate(rate, unit: unit) }
            text += "\n"
        }
        context.console.out(text)
    }
}
