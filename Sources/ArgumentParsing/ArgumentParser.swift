/// The command line after parsing: which command, and the text of each
/// option and argument, already checked against its declaration.
public struct ParsedValues: Sendable {
    public var command: CommandConfiguration?
    /// Each option given, by long name, in order (flags: an empty value).
    public var options: [(name: String, value: String)] = []
    public var positionals: [String] = []

    /// True when the option or flag named `long` was given.
    public func has(_ long: String) -> Bool { options.contains { $0.name == long } }

    public subscript(flag: Flag) -> Bool { has(flag.spec.long) }

    /// The last value given: a later option overrides an earlier one.
    public subscript<Value: ArgumentValue>(option: Option<Value>) -> Value? {
        options.last { $0.name == option.spec.long }.flatMap { Value(argument: $0.value) }
    }

    /// Every value of a repeating argument, in order.
    public func all<Value: ArgumentValue>(_ argument: Argument<Value>) -> [Value] {
        guard let index = command?.arguments.firstIndex(where: { $0.name == argument.spec.name }), index < positionals.count
        else { return [] }
        return positionals[index...].compactMap(Value.init(argument:))
    }

    public subscript<Value: ArgumentValue>(argument: Argument<Value>) -> Value? {
        guard let index = command?.arguments.firstIndex(where: { $0.name == argument.spec.name }), index < positionals.count
        else { return nil }
        return Value(argument: positionals[index])
    }
}

/// A mistake in how the program was called: reported with the usage line
/// and a hint.
public struct UsageError: Error, Equatable {
    public let message: String
    public var commandName: String?

    public init(message: String, commandName: String? = nil) {
        self.message = message
        self.commandName = commandName
    }
}

/// Parses arguments against the commands' declarations, in the manner of
/// swift-argument-parser: `--name value`, `--name=value`, `-q`, `--` ends
/// options, global options before or after the command, long options never
/// abbreviated, the nearest option suggested for a typo, and every value
/// checked against its type.
public struct ArgumentParser: Sendable {
    /// Every command name, aliases included: for lookup and suggestions.
    public let commandNames: [String]
    public let globalOptions: [OptionSpec]
    /// A command's configuration by any of its names, built when it is used.
    private let configuration: @Sendable (String) -> CommandConfiguration?
    /// How far apart two names are, for "did you mean".
    private let distance: @Sendable (String, String) -> Int

    public init(
        commandNames: [String], globalOptions: [OptionSpec], distance: @escaping @Sendable (String, String) -> Int,
        configuration: @escaping @Sendable (String) -> CommandConfiguration?
    ) {
        self.commandNames = commandNames
        self.globalOptions = globalOptions
        self.distance = distance
        self.configuration = configuration
    }

    public func parse(_ arguments: [String]) throws(UsageError) -> ParsedValues {
        var result = ParsedValues()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !Self.looksLikeOption(argument) {
                if result.command == nil {
                    guard let command = command(named: argument) else { throw unknownCommand(argument) }
                    result.command = command
                } else {
                    result.positionals.append(argument)
                }
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            let available = (result.command?.options ?? []) + globalOptions
            let commandName = result.command?.name
            if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                let name = String(body.prefix { $0 != "=" })
                let inline = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
                guard let option = available.first(where: { $0.long == name }) else {
                    throw unknownOption("--" + name, among: available.map { "--" + $0.long }, command: commandName)
                }
                if option.takesValue {
                    var value: String
                    if let inline { value = inline } else { value = try nextValue(for: "--" + name, option, arguments, &index, command: commandName) }
                    try check(value, for: option, command: commandName)
                    result.options.append((option.long, value))
                } else {
                    guard inline == nil else {
                        throw UsageError(message: "'--\(name)' does not take a value", commandName: commandName)
                    }
                    result.options.append((option.long, ""))
                }
                continue
            }
            // A cluster of short options: -q, -qh, -n5, -n 5.
            var characters = Array(argument.dropFirst())
            while !characters.isEmpty {
                let character = characters.removeFirst()
                guard let option = available.first(where: { $0.short == character }) else {
                    throw unknownOption("-" + String(character), among: available.map { "--" + $0.long }, command: commandName)
                }
                if option.takesValue {
                    var value = String(characters)
                    if characters.isEmpty {
                        value = try nextValue(for: "-" + String(character), option, arguments, &index, command: commandName)
                    }
                    characters = []
                    try check(value, for: option, command: commandName)
                    result.options.append((option.long, value))
                } else {
                    result.options.append((option.long, ""))
                }
            }
        }
        if let command = result.command, !result.has("help") {
            try checkArguments(result, of: command)
            for group in command.exclusive {
                let given = group.filter { result.has($0) }
                if given.count > 1 {
                    throw UsageError(
                        message: given.map { "--" + $0 }.joined(separator: " and ") + " cannot be used together",
                        commandName: command.name)
                }
            }
        }
        return result
    }

    public func command(named name: String) -> CommandConfiguration? {
        commandNames.contains(name) ? configuration(name) : nil
    }

    private func checkArguments(_ result: ParsedValues, of command: CommandConfiguration) throws(UsageError) {
        let maximum = command.arguments.last?.isRepeating == true ? Int.max : command.arguments.count
        if result.positionals.count > maximum {
            throw UsageError(message: "unexpected argument '\(result.positionals[maximum])'", commandName: command.name)
        }
        if let missing = command.arguments.dropFirst(result.positionals.count).first(where: { !$0.isOptional }) {
            throw UsageError(message: "missing \(missing.name)", commandName: command.name)
        }
        let specs = command.arguments + Array(repeating: command.arguments.last, count: max(0, result.positionals.count - command.arguments.count)).compactMap { $0 }
        for (argument, text) in zip(specs, result.positionals) where !argument.accepts(text) {
            throw UsageError(
                message: "invalid value '\(text)' for \(argument.name): expected \(argument.expectation)", commandName: command.name)
        }
    }

    /// The argument after an option that takes a value; an option name there means it is missing.
    private func nextValue(
        for typed: String, _ option: OptionSpec, _ arguments: [String], _ index: inout Int, command: String?
    ) throws(UsageError) -> String {
        guard index < arguments.count, !Self.isLongOption(arguments[index]) else {
            throw UsageError(message: "missing value for '\(typed)' (\(option.valueName ?? "VALUE"))", commandName: command)
        }
        index += 1
        return arguments[index - 1]
    }

    /// `-5`, `-.5` and `-,5` are values (so `trend log -5` is refused as a
    /// weight, not as an option), not options.
    static func looksLikeOption(_ argument: String) -> Bool {
        guard argument.hasPrefix("-"), argument.count > 1 else { return false }
        let second = argument[argument.index(after: argument.startIndex)]
        return !(second.isASCII && second.isNumber) && second != "." && second != ","
    }

    /// `--name…`: a value may start with `--` when no option name follows.
    private static func isLongOption(_ argument: String) -> Bool {
        guard argument.hasPrefix("--"), let third = argument.dropFirst(2).first else { return false }
        return third.isLetter
    }

    /// Values are checked against their type here, so every command refuses them alike.
    private func check(_ value: String, for option: OptionSpec, command: String?) throws(UsageError) {
        guard !option.accepts(value) else { return }
        if let reason = option.explain(value) {
            throw UsageError(message: "invalid value '\(value)' for '--\(option.long)': \(reason)", commandName: command)
        }
        throw UsageError(
            message: "invalid value '\(value)' for '--\(option.long)': expected \(option.expectation)", commandName: command)
    }

    public func unknownCommand(_ name: String, from commandName: String? = nil) -> UsageError {
        var message = "unknown command '\(name)'"
        if let suggestion = Suggestion.nearest(to: name, among: commandNames, distance: distance) {
            message += ". Did you mean '\(suggestion)'?"
        }
        return UsageError(message: message, commandName: commandName)
    }

    private func unknownOption(_ name: String, among names: [String], command: String?) -> UsageError {
        var message = "unknown option '\(name)'"
        if let suggestion = Suggestion.nearest(to: name, among: names, distance: distance) { message += ". Did you mean '\(suggestion)'?" }
        return UsageError(message: message, commandName: command)
    }
}

/// "Did you mean …?", only when one name is close (SPEC §4): the only name
/// the typed text starts (`prog` → `progress`, `--dat` → `--date`), or the
/// nearest within an edit distance of 1 for short words and 2 for longer
/// ones (a swap of two letters counts once), so `foo` suggests nothing.
enum Suggestion {
    static func nearest(to typed: String, among candidates: [String], distance: (String, String) -> Int) -> String? {
        let prefixed = candidates.filter { $0.hasPrefix(typed) && $0 != typed }
        if prefixed.count == 1, typed.count >= 2 { return prefixed[0] }
        let limit = typed.trimmingDashes.count <= 4 ? 1 : 2
        let scored = candidates.map { ($0, distance(typed, $0)) }.filter { $0.1 <= limit }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        // Two names as close: the one the typed text starts, else no guess.
        let tied = scored.filter { $0.1 == best.1 }.map(\.0)
        if tied.count == 1 { return tied[0] }
        let started = tied.filter { $0.hasPrefix(typed) }
        return started.count == 1 ? started[0] : nil
    }
}

extension String {
    fileprivate var trimmingDashes: Substring { drop { $0 == "-" } }
}
