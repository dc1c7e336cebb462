import TrendCore

@MainActor
enum UnitCommand {
    static func run(_ context: CommandContext) async throws {
        let settings = context.app.settingsFeature
        if let name = context.arguments.positionals.first {
            guard let unit = WeightUnit(parsing: name) else {
                throw context.usageError("invalid unit '\(name)': expected kg, lb or st")
            }
            try await settings.setUnit(unit)
            context.console.message("Unit set to \(unit.rawValue) (\(unit.name)).\n")
        } else {
            await settings.refresh()
            if let error = settings.loadError { throw error }
            context.console.out(settings.savedUnit.rawValue + "\n")
        }
    }
}
