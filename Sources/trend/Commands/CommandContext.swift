import ArgumentParsing
import TrendCore
import TrendPresentation

/// What a command runs with: the model, where to write, and the terminal.
/// Commands parse, set a ViewModel's inputs, pick its renderer and write;
/// they decide nothing.
@MainActor
final class CommandContext {
    let app: AppModel
    let console: Console
    let terminal: Terminal
    let commandName: String
    /// Seconds a long import, merge or export runs before it shows how far it is (`TREND_PROGRESS_DELAY`).
    let progressDelay: Double

    init(app: AppModel, console: Console, terminal: Terminal, commandName: String, progressDelay: Double = WaitLimits.standard.progressSeconds) {
        self.app = app
        self.console = console
        self.terminal = terminal
        self.commandName = commandName
        self.progressDelay = progressDelay
    }

    /// The progress line of a long piece of work titled `title`, where it can be seen (SPEC §6); nil where it cannot.
    func progressDisplay(title: String) -> ProgressDisplay? {
        ProgressDisplay(title: title, terminal: terminal, console: console, delay: progressDelay)
    }

    /// `--output FILE`: where the output goes instead of standard output
    /// (`-` is standard output).
    var outputPath: String?

    var writesToFile: Bool { outputPath.map { $0 != "-" } ?? false }

    /// What text output may do here: wrap at the terminal's width when it
    /// is one or `COLUMNS` names one, colour, braille. A file gets no
    /// colour, and lines as long as they take unless `COLUMNS` is set.
    var display: Display {
        let isTerminal = terminal.isOutputTerminal && !writesToFile
        return Display(
            width: isTerminal || terminal.isWidthGiven ? terminal.width : nil, terminalWidth: terminal.width, usesColor: terminal.useColor && !writesToFile,
            isUTF8: terminal.isUTF8)
    }

    /// Whether the terminal chart goes below the text: on a terminal unless
    /// `--no-chart`; into a pipe or a file only with `--chart`.
    func wantsChart(_ chart: ChartOptions) -> Bool {
        chart.isWanted(onTerminal: terminal.isOutputTerminal && !writesToFile)
    }

    /// Renders `model` in `format` to standard output or, with `--output`,
    /// into the file, atomically. Binary output is never poured into a
    /// terminal (SPEC §17).
    func write<Format: OutputFormat>(_ format: Format, _ model: Format.Model) async throws {
        guard writesToFile, let outputPath else {
            if format.isBinary && terminal.isOutputTerminal {
                throw UsageError(message: "a \(format.rawValue.uppercased()) is binary: use --output FILE or a pipe", commandName: commandName)
            }
            return try render(format, model, to: console)
        }
        let buffer = OutputBuffer()
        try render(format, model, to: buffer)
        try await app.exportFeature.write(buffer.bytes, toPath: outputPath)
    }

    private func render<Format: OutputFormat>(_ format: Format, _ model: Format.Model, to output: any OutputWriter) throws {
        do {
            try format.render(model, to: output)
        } catch ScreenNote.message(let text) {
            console.message(text + "\n")
        }
    }

    private var warnedAboutSyncConflicts = false

    /// Once per run, not with -q: weigh-ins in a conflict copy are lost unless merged.
    func warnAboutSyncConflicts() {
        guard !warnedAboutSyncConflicts else { return }
        warnedAboutSyncConflicts = true
        for copy in app.syncFeature.conflictCopies {
            var text = "warning: a sync tool left a conflicting copy of your weigh-ins: \(copy.terminalSafe)\n"
            if copy.terminalSafe == copy {
                text += "  merge it with: trend merge \(ShellWords.quoted(copy)) --delete-merged\n"
            } else {
                text += "  merge it with 'trend merge FILE --delete-merged' (its name holds control characters)\n"
            }
            console.message(text)
        }
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
