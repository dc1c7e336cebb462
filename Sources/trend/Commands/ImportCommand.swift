import TrendCore

@MainActor
enum ImportCommand {
    static func run(_ context: CommandContext) async throws {
        let arguments = context.arguments
        let path = arguments.positionals[0]
        let format = arguments.value("format").flatMap { $0.lowercased() == "auto" ? nil : ImportFormat(rawValue: $0.lowercased()) }
        try await context.loadSettings()
        let settings = ImportSettings(
            clock: context.app.clock, fallbackUnit: context.unit,
            numericDateOrder: arguments.value("date-format").flatMap { NumericDateOrder(rawValue: $0.lowercased()) })
        let parsed = try WeightImporter.read(path: path, format: format, settings: settings)
        let skipInvalid = arguments.flag("skip-invalid")
        for row in parsed.invalidRows {
            let location = parsed.locatesByEntry ? "\(path): entry \(row.line)" : "\(path):\(row.line)"
            let text = location + ": " + row.reason + "\n"
            if skipInvalid { context.console.message(text) } else { context.console.error(text) }
        }
        let summary = try await context.app.weightLogFeature.importEntries(
            parsed, path: path, dryRun: arguments.flag("dry-run"), skipInvalid: skipInvalid)
        var text = "\(summary.dryRun ? "Would import" : "Imported") \(path) (\(summary.format.displayName)): "
        text += "\(summary.added) added, \(summary.duplicates) duplicate, \(summary.noReading) skipped (no reading), \(summary.invalid) invalid."
        if summary.goalSet { text += " Goal set from the file." }
        context.console.message(text + "\n")
    }
}
