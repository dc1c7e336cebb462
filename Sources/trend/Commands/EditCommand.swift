import TrendCore

@MainActor
enum EditCommand {
    static func run(_ context: CommandContext) async throws {
        let arguments = context.arguments
        if arguments.value("note") != nil && arguments.flag("clear-note") {
            throw context.usageError("--note and --clear-note cannot be used together")
        }
        guard arguments.value("weight") != nil || arguments.value("date") != nil || arguments.value("note") != nil
            || arguments.flag("clear-note")
        else {
            throw context.usageError("nothing to change: give --weight, --date, --note or --clear-note")
        }
        try await context.loadSettings()
        let kilograms = try arguments.value("weight").map(context.weight)
        let timestamp = try arguments.value("date").map(context.timestamp)
        let note: WeightLogFeature.NoteChange =
            arguments.flag("clear-note") ? .clear : arguments.value("note").map { .set($0) } ?? .keep
        // Resolved and changed in one locked read and write.
        let entry = try await context.app.weightLogFeature.update(
            matching: arguments.positionals[0], kilograms: kilograms, timestamp: timestamp, note: note)
        if context.format == "json" {
            context.console.out(EntryRendering.json(entry, unit: context.unit).rendered())
        } else if !context.console.isQuiet {
            context.console.out("Updated " + EntryRendering.summary(entry, unit: context.unit) + "\n")
        }
    }
}
