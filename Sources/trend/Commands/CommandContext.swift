import TrendCore

/// What a command runs with: the parsed arguments, the model, and where to
/// write. Commands call Feature methods and render; they decide nothing.
@MainActor
final class CommandContext {
    let arguments: ParsedArguments
    let app: AppModel
    let console: Console
    let terminal: Terminal

    init(arguments: ParsedArguments, app: AppModel, console: Console, terminal: Terminal) {
        self.arguments = arguments
        self.app = app
        self.console = console
        self.terminal = terminal
    }

    var commandName: String { arguments.command?.name ?? "" }
    var unit: WeightUnit { app.settingsFeature.unit }
    var format: String { arguments.value("format")?.lowercased() ?? "text" }

    /// Loads the settings; a damaged settings file is an error only for the
    /// commands that need the unit from it.
    func loadSettings() async throws {
        await app.settingsFeature.refresh()
        if let error = app.settingsFeature.loadError, app.settingsFeature.sessionUnit == nil { throw error }
    }

    func loadWeights() async throws {
        await app.weightLogFeature.refresh()
        if let error = app.weightLogFeature.loadError { throw error }
    }

    func weight(_ text: String) throws -> Double {
        try WeightInput.kilograms(parsing: text, defaultUnit: unit)
    }

    func timestamp(_ text: String) throws -> Timestamp {
        try app.clock.dateInput.timestamp(parsing: text)
    }

    func usageError(_ message: String) -> UsageError {
        UsageError(message: message, commandName: commandName)
    }
}

/// A command's outcome that is not success but not an error either:
/// `trend last` with nothing logged, or older than --max-age.
struct CommandFailure: Error {
    let status: Int32
    let message: String?
}
