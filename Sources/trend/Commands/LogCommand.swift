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
        let progress = context.app.progressFeature
        await progress.select(.all)
        var text = "Logged " + EntryRendering.summary(entry, unit: unit) + "\n"
        if let point = progress.snapshot.points.first(where: { $0.entry.id == entry.id }) {
            text += "Trend " + unit.format(kilograms: point.trendKilograms)
            if let rate = progress.snapshot.weeklyRateKilograms {
                text += ", " + EntryRendering.weeklyRate(rate, unit: unit)
            }
            text += "\n"
        }
        if !context.console.isQuiet { context.console.out(text) }
    }
}
