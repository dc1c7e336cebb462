import TrendCore

/// What a command runs with: the model, where to write, and the terminal.
/// Commands call Feature methods and render; they decide nothing.
@MainActor
final class CommandContext {
    let app: AppModel
    let console: Console
    let terminal: Terminal
    let commandName: String
    /// `--unit` given for this run.
    let unitOverride: WeightUnit?

    init(app: AppModel, console: Console, terminal: Terminal, commandName: String, unitOverride: WeightUnit?) {
        self.app = app
        self.console = console
        self.terminal = terminal
        self.commandName = commandName
        self.unitOverride = unitOverride
    }

    var unit: WeightUnit { app.settingsFeature.unit }

    /// Loads the settings; a damaged settings file is an error only for the
    /// commands that need the unit from it.
    func loadSettings() async throws {
        await app.settingsFeature.refresh()
        if let error = app.settingsFeature.loadError, app.settingsFeature.sessionUnit == nil { throw error }
    }

    func loadWeights() async throws {
        await app.weightLogFeature.refresh()
        if let error = app.weightLogFeature.loadError { throw error }
        warnAboutSyncConflicts()
    }

    /// The sync conflict copies beside weights.json, if any.
    var syncConflicts: [String] { app.dataDirectory?.path.map(SyncConflictCopies.find(in:)) ?? [] }

    private var warnedAboutSyncConflicts = false

    /// Once per run, not with -q: weigh-ins in a conflict copy are lost unless merged.
    func warnAboutSyncConflicts() {
        guard !warnedAboutSyncConflicts else { return }
        warnedAboutSyncConflicts = true
        for copy in syncConflicts {
            console.message(
                "warning: a sync tool left a conflicting copy of your weigh-ins: \(copy.terminalSafe)\n"
                    + "  merge it with: trend merge '\(copy.terminalSafe)' --delete-merged\n")
        }
    }

    func weight(_ text: String) throws -> Double {
        try WeightInput.kilograms(parsing: text, defaultUnit: unit)
    }

    func timestamp(_ text: String) throws -> Timestamp {
        try app.clock.dateInput.timestamp(parsing: text)
    }
}

/// A command's outcome that is not success but not an error either:
/// `trend last` with nothing logged, or older than --max-age.
struct CommandFailure: Error {
    let status: Int32
    let message: String?
}
