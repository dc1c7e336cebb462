import TrendCore

/// What a command runs with: the model, where to write, and the terminal.
/// Commands call Feature methods and render; they decide nothing.
@MainActor
final class CommandContext {
    let app: AppModel
    let console: Console
    let terminal: Terminal
    let commandName: String

    init(app: AppModel, console: Console, terminal: Terminal, commandName: String) {
        self.app = app
        self.console = console
        self.terminal = terminal
        self.commandName = commandName
    }

    var unit: WeightUnit { app.settingsFeature.unit }

    /// Loads the settings. A damaged settings file is an error for every
    /// command that needs them, `--unit` or not: the method it names decides
    /// the numbers, and it must never change them silently.
    func loadSettings() async throws {
        await app.settingsFeature.refresh()
        if let error = app.settingsFeature.loadError { throw error }
    }

    func loadWeights() async throws {
        await app.weightLogFeature.refresh()
        if let error = app.weightLogFeature.loadError { throw error }
        warnAboutSyncConflicts()
    }

    private var warnedAboutSyncConflicts = false

    /// Once per run, not with -q: weigh-ins in a conflict copy are lost unless merged.
    func warnAboutSyncConflicts() {
        guard !warnedAboutSyncConflicts else { return }
        warnedAboutSyncConflicts = true
        for copy in app.weightLogFeature.conflictCopies {
            var text = "warning: a sync tool left a conflicting copy of your weigh-ins: \(copy.terminalSafe)\n"
            if copy.terminalSafe == copy {
                text += "  merge it with: trend merge \(ShellWords.quoted(copy)) --delete-merged\n"
            } else {
                text += "  merge it with 'trend merge FILE --delete-merged' (its name holds control characters)\n"
            }
            console.message(text)
        }
    }

    func weight(_ text: String) throws -> Double {
        try WeightInput.kilograms(parsing: text, defaultUnit: unit)
    }

    func timestamp(_ text: String) throws -> Timestamp {
        try app.clock.dateInput.timestamp(parsing: text)
    }

    /// The calendar day `--since` or `--until` names (nil when not given).
    func day(_ text: String?) throws -> CalendarDay? {
        try text.map { try app.clock.dateInput.bound(parsing: $0).day }
    }
}

/// A command's outcome that is not success but not an error either:
/// `trend last` with nothing logged, or older than --max-age.
struct CommandFailure: Error {
    let status: Int32
    let message: String?
}
