#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParsing
import TrendCore
import TrendPresentation

/// Runs one invocation of `trend`: parse, build the command and the model,
/// run, report. Returns the exit status; only `main.swift` exits.
@MainActor
enum CommandRunner {
    static func run(arguments: ProcessArguments.Words, environment: [String: String], notUTF8: [String] = [], console: Console) async -> Int32 {
        guard let clock = AppClock.system(testNow: environment["TREND_NOW"]) else {
            console.error(TrendProgram.usageError(UsageError(message: "TREND_NOW must be an ISO 8601 instant such as 2026-12-01T07:00:00Z")))
            return ExitStatus.usage
        }
        let limits: WaitLimits
        switch WaitLimits.from(environment: environment) {
        case .success(let given): limits = given
        case .failure(let problem):
            let range = DecimalText.shortest(problem.allowed.lowerBound) + " to " + DecimalText.shortest(problem.allowed.upperBound)
            console.error(TrendProgram.usageError(UsageError(message: "\(problem.variable) must be seconds from \(range), not '\(problem.text.terminalSafe)'")))
            return ExitStatus.usage
        }
        if let position = arguments.firstInvalid {
            console.error(TrendProgram.usageError(UsageError(message: "argument \(position) is not valid UTF-8")))
            return ExitStatus.usage
        }
        let status = await execute(arguments: arguments.words, environment: environment, notUTF8: notUTF8, console: console, clock: clock, limits: limits)
        console.finish()
        guard let failure = console.outputFailure else { return status }
        // `trend list | head -1`: the reader went away; stop quietly, as filters do.
        if failure == EPIPE { return ExitStatus.brokenPipe }
        console.error("Error: cannot write to standard output: \(String(cString: strerror(failure)))\n")
        return ExitStatus.ioError
    }

    private static var keptUntilExit: AppModel?

    private static func execute(
        arguments: [String], environment: [String: String], notUTF8: [String], console: Console, clock: AppClock, limits: WaitLimits
    ) async -> Int32 {
        let parsed: ParsedValues
        let command: (any TrendCommand)?
        do {
            parsed = try CommandTable.parser.parse(arguments)
            console.isQuiet = parsed[GlobalOptions.quiet]
            if !parsed[GlobalOptions.help], let name = parsed.command?.name, let type = CommandTable.command(named: name) {
                command = try type.init(parsed)
            } else {
                command = nil
            }
        } catch {
            console.error(TrendProgram.usageError(error))
            return ExitStatus.usage
        }
        let terminal = Terminal(environment: environment, noColorFlag: parsed[GlobalOptions.noColor])
        if let problem = terminal.widthProblem { console.message(problem) }
        if !parsed[GlobalOptions.noPager] {
            if let pager = terminal.pager { console.page(through: pager.command, rows: pager.rows) }
            if let problem = terminal.pagerProblem { console.message(problem) }
        }
        if parsed[GlobalOptions.version] {
            console.out("trend \(CommandTable.version)\n")
            return ExitStatus.success
        }
        guard let command else {
            // `trend` alone: the short overview; `trend --help`: the whole of it.
            let help = TrendProgram.help(width: terminal.width)
            console.out(parsed.command.map(help.help(for:)) ?? (parsed[GlobalOptions.help] ? help.overview() : help.shortOverview()))
            return ExitStatus.success
        }
        let directory = DataDirectory.resolve(flag: parsed[GlobalOptions.dataDirectory]?.text, environment: environment, notUTF8: notUTF8)
        if let name = directory.variableNotUTF8, type(of: command).usesData {
            console.error("Error: " + CommandLineErrors.message(for: StorageError.variableNotUTF8(name: name)) + "\n")
            return ExitStatus.cannotCreate
        }
        let app = AppModel(
            dataDirectory: directory, clock: clock, command: ShellWords.line(arguments), limits: limits, replacementGuard: SignalSafeReplacements())
        // Kept until the process ends: freeing a long history entry by entry only costs time.
        keptUntilExit = app
        app.settingsFeature.useForSession(parsed[GlobalOptions.unit])
        app.settingsFeature.useMethodForSession(parsed[CommandTable.methodOption])
        let context = CommandContext(
            app: app, console: console, terminal: terminal, commandName: type(of: command).configuration.name, progressDelay: limits.progressSeconds)
        // After the change is in place, whatever the command then says: a
        // change made is a change to tell the hook about (SPEC §14).
        // A hook folder named by bytes that are not UTF-8 cannot be named exactly: no hook, and a warning.
        let hookNotNamed = ["XDG_CONFIG_HOME", "HOME"].first { notUTF8.contains($0) && environment["XDG_CONFIG_HOME"] == nil }
        defer {
            if let hookNotNamed, !app.recordLogFeature.changes.isEmpty {
                console.message("warning: the post-change hook was not run: \(hookNotNamed) is not valid UTF-8\n")
            }
            HookRunner(
                console: console, environment: environment, noHooksFlag: parsed[GlobalOptions.noHooks] || hookNotNamed != nil, dataDirectory: directory,
                command: context.commandName, commandLine: ShellWords.line(["trend"] + arguments), timeLimit: limits.hookSeconds
            ).run(for: app)
        }
        // What the undo journal said of each change, whatever the command then did.
        defer { JournalNotes.report(app.recordLogFeature.changes.flatMap(\.journalNotes), console: console) }
        do {
            try await command.run(context)
            if type(of: command).readsWeights { context.warnAboutSyncConflicts() }
            return ExitStatus.success
        } catch let error as UsageError {
            console.error(TrendProgram.usageError(error))
            return ExitStatus.usage
        } catch let problem as UsageProblem {
            console.error(TrendProgram.usageError(UsageError(message: CommandLineErrors.usageMessage(for: problem), commandName: context.commandName)))
            return ExitStatus.usage
        } catch let error as PeriodError {
            console.error(TrendProgram.usageError(UsageError(message: CommandLineErrors.usageMessage(for: error), commandName: context.commandName)))
            return ExitStatus.usage
        } catch let failure as CommandFailure {
            if let message = failure.message { console.message(message + "\n") }
            return failure.status
        } catch {
            console.error("Error: " + CommandLineErrors.message(for: error).terminalSafe + "\n")
            return ExitStatus.code(for: error)
        }
    }
}
