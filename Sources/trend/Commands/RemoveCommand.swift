import TrendCore

@MainActor
enum RemoveCommand {
    static func run(_ context: CommandContext) async throws {
        try await context.loadSettings()
        let entry = try await context.app.weightLogFeature.remove(matching: context.arguments.positionals[0])
        if context.format == "json" {
            context.console.out(EntryRendering.json(entry, unit: context.unit).rendered())
        } else if !context.console.isQuiet {
            context.console.out("Removed " + EntryRendering.summary(entry, unit: context.unit) + "\n")
        }
    }
}
