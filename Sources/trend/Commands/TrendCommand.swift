import ArgumentParsing
import TrendCore

/// One command of `trend`: its declaration (name, arguments, typed options)
/// and its `run`. It is built from the parsed command line, so its stored
/// properties are the typed values the user gave.
protocol TrendCommand: Sendable {
    /// The name, then any aliases: what the command is found by before its
    /// configuration is built (building all of them is start-up no run needs).
    static var names: [String] { get }
    static var configuration: CommandConfiguration { get }
    init(_ values: ParsedValues) throws(UsageError)
    @MainActor func run(_ context: CommandContext) async throws
    /// Whether it reads weights.json (and so warns about sync conflict copies).
    static var readsWeights: Bool { get }
    /// Whether it reads or writes the data directory at all (help and completions do not).
    static var usesData: Bool { get }
}

extension TrendCommand {
    static var readsWeights: Bool { true }
    static var usesData: Bool { true }
}

/// Options every command accepts, before or after the command name.
enum GlobalOptions {
    static let dataDirectory = Option<Path>(
        "data-dir", valueName: "DIR", help: "Use DIR for the data files (default: $TREND_DATA_DIR, else ~/.local/share/trend; 'trend info' says which).", completion: .directory)
    static let unit = Option<WeightUnit>(
        "unit", valueName: "UNIT", help: "Show and read weights in UNIT for this run: kg, lb or st.")
    static let quiet = Flag("quiet", short: "q", help: "Print nothing but errors; the exit status is the answer.")
    static let noColor = Flag("no-color", help: "Never use colour (also: NO_COLOR set, TERM=dumb).")
    static let noPager = Flag("no-pager", help: "Never send long output through the pager.")
    static let noHooks = Flag("no-hooks", help: "Do not run the post-change hook for this change (also: TREND_NO_HOOKS=1).")
    static let help = Flag("help", short: "h", help: "Show help for trend or a command.")
    static let version = Flag("version", help: "Show the version.")

    static let all: [any OptionDeclaration] = [dataDirectory, unit, quiet, noColor, noPager, noHooks, help, version]
}

/// Every command, in the order help lists them: the one command table.
enum CommandTable {
    static let version = "0.1.0"

    static let commands: [any TrendCommand.Type] = [
        LogCommand.self, ListCommand.self, EditCommand.self, RemoveCommand.self, ProgressCommand.self, StatsCommand.self, StatusCommand.self,
        EatCommand.self, IntakeCommand.self, MeasureCommand.self, MarkCommand.self, MarksCommand.self,
        GoalCommand.self, HeightCommand.self, UnitCommand.self, SexCommand.self, MethodCommand.self, ImportCommand.self, ExportCommand.self, LastCommand.self,
        UICommand.self, UndoCommand.self, RedoCommand.self, MergeCommand.self, MergeDriverCommand.self, InfoCommand.self, CompletionsCommand.self, HelpCommand.self,
    ]

    /// Commands for the completion scripts, not for people: in no help,
    /// man page or list of commands.
    static let hidden: [any TrendCommand.Type] = [CompleteCommand.self]

    /// Every configuration, for help, the man page and completions.
    static var configurations: [CommandConfiguration] { commands.map { $0.configuration } }
    static let globalOptions: [OptionSpec] = GlobalOptions.all.map { $0.spec }
    /// Builds the configuration of the command given, and of no other.
    static let parser = ArgumentParser(
        commandNames: (commands + hidden).flatMap { $0.names }, globalOptions: globalOptions, distance: EditDistance.between,
        configuration: { command(named: $0)?.configuration })

    static func command(named name: String) -> (any TrendCommand.Type)? {
        commands.first { $0.names.contains(name) } ?? hidden.first { $0.names.contains(name) }
    }

    /// `--output FILE`: what a command writes, into a file (SPEC §4, §17).
    static let outputOption = Option<Path>(
        "output", short: "o", valueName: "FILE", help: "Write to FILE (atomically) instead of standard output.", completion: .file)

    /// `--method NAME`: a trend method for this run only.
    static let methodOption = Option<TrendMethod>(
        "method", valueName: "NAME", help: "Compute the trend with NAME for this run (see 'trend method').")

    /// `--force`: log a weight that looks like a typo anyway.
    static let forceFlag = Flag("force", help: "Log the weight even when it is far from the trend (a likely typo).")

    /// `--format` with the formats a command writes (its own enumeration,
    /// so every switch over it is exhaustive); the first is the default.
    static func format<Format: EnumeratedArgument>(_ formats: Format.Type, help: String = "Output format") -> Option<Format> {
        Option(
            "format", valueName: "FORMAT",
            help: "\(help): \(Format.valueList) (default \(Format.valueNames[0])).")
    }
}
