import TrendCore

/// Runs one invocation of `trend`: parse, build the model, run the command,
/// report. Returns the exit status; only `main.swift` exits.
@MainActor
enum CommandRunner {
    static func run(arguments: [String], environment: [String: String], console: Console, clock: AppClock = .system) async -> Int32 {
        let parsed: ParsedArguments
        do {
            parsed = try ArgumentParser.parse(arguments)
        } catch {
            console.error(HelpRenderer.usageError(error))
            return ExitStatus.usage
        }
        console.isQuiet = parsed.flag("quiet")
        let terminal = Terminal(environment: environment, noColorFlag: parsed.flag("no-color"))
        if parsed.flag("version") {
            console.out("trend \(CommandLineInterface.version)\n")
            return ExitStatus.success
        }
        guard let command = parsed.command else {
            console.out(HelpRenderer.overview(width: min(terminal.width, 100)))
            return ExitStatus.success
        }
        if parsed.flag("help") {
            console.out(HelpRenderer.help(for: command, width: min(terminal.width, 100)))
            return ExitStatus.success
        }
        if command.name == "help" {
            return help(parsed, console: console, width: min(terminal.width, 100))
        }
        if command.name == "completions" {
            let shell = parsed.positionals[0]
            guard let script = CompletionScripts.script(for: shell) else {
                console.error(HelpRenderer.usageError(UsageError(message: "unknown shell '\(shell)': expected bash, zsh or fish", commandName: "completions")))
                return ExitStatus.usage
            }
            console.out(script)
            return ExitStatus.success
        }

        let directory = DataDirectory.resolve(flag: parsed.value("data-dir"), environment: environment)
        let app = AppModel(dataDirectory: directory, clock: clock)
        app.settingsFeature.useForSession(parsed.value("unit").flatMap(WeightUnit.init(parsing:)))
        let context = CommandContext(arguments: parsed, app: app, console: console, terminal: terminal)
        do {
            switch command.name {
            case "log": try await LogCommand.run(context)
            case "list": try await ListCommand.run(context)
            case "edit": try await EditCommand.run(context)
            case "remove": try await RemoveCommand.run(context)
            case "progress": try await ProgressCommand.run(context)
            case "goal": try await GoalCommand.run(context)
            case "unit": try await UnitCommand.run(context)
            case "last": try await LastCommand.run(context)
            case "import": try await ImportCommand.run(context)
            case "export": try await ExportCommand.run(context)
            case "info": try await InfoCommand.run(context)
            default: throw UsageError(message: "unknown command '\(command.name)'")
            }
            return ExitStatus.success
        } catch let error as UsageError {
            console.error(HelpRenderer.usageError(error))
            return ExitStatus.usage
        } catch let failure as CommandFailure {
            if let message = failure.message { console.message(message + "\n") }
            return failure.status
        } catch {
            console.error("Error: \(error)\n")
            return ExitStatus.code(for: error)
        }
    }

    private static func help(_ parsed: ParsedArguments, console: Console, width: Int) -> Int32 {
        if parsed.flag("man") {
            console.out(ManPage.render())
            return ExitStatus.success
        }
        guard let name = parsed.positionals.first else {
            console.out(HelpRenderer.overview(width: width))
            return ExitStatus.success
        }
        guard let command = CommandLineInterface.command(named: name) else {
            var message = "unknown command '\(name)'"
            let names = CommandLineInterface.commands.map(\.name)
            if let suggestion = Suggestion.nearest(to: name, among: names) { message += ". Did you mean '\(suggestion)'?" }
            console.error(HelpRenderer.usageError(UsageError(message: message, commandName: "help")))
            return ExitStatus.usage
        }
        console.out(HelpRenderer.help(for: command, width: width))
        return ExitStatus.success
    }
}
