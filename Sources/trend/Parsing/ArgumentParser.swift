/// The command line after parsing: which command, its option values and its
/// positional arguments.
struct ParsedArguments {
    var command: CommandDescription?
    /// Long option name to the values given, in order (flags: one empty value each).
    var options: [String: [String]] = [:]
    var positionals: [String] = []

    func flag(_ long: String) -> Bool { options[long] != nil }

    /// The last value given: a later option overrides an earlier one.
    func value(_ long: String) -> String? { options[long]?.last }
}

/// A mistake in how trend was called: exit 64 with usage and a hint.
struct UsageError: Error, Equatable {
    let message: String
    var commandName: String? = nil
}

/// Parses arguments against `CommandLineInterface`, in the manner of
/// swift-argument-parser: `--name value`, `--name=value`, `-q`, `--` ends
/// options, global options before or after the command, long options never
/// abbreviated, and the nearest option suggested for a typo.
enum ArgumentParser {
    static func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var result = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !looksLikeOption(argument) {
                if result.command == nil {
                    guard let command = CommandLineInterface.command(named: argument) else {
                        throw unknownCommand(argument)
                    }
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
            let available = result.command?.allOptions ?? CommandLineInterface.globalOptions
            if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                let name = String(body.prefix { $0 != "=" })
                let inline = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
                guard let option = available.first(where: { $0.long == name }) else {
                    throw unknownOption("--" + name, among: available.map { "--" + $0.long }, command: result.command)
                }
                if option.takesValue {
                    var value: String
                    if let inline { value = inline } else { value = try nextValue(for: "--" + name, option, arguments, &index, command: result.command) }
                    try check(value, for: option, command: result.command)
                    result.options[option.long, default: []].append(value)
                } else {
                    guard inline == nil else {
                        throw UsageError(message: "'--\(name)' does not take a value", commandName: result.command?.name)
                    }
                    result.options[option.long, default: []].append("")
                }
                continue
            }
            // A cluster of short options: -q, -qh, -n5, -n 5.
            var characters = Array(argument.dropFirst())
            while !characters.isEmpty {
                let character = characters.removeFirst()
                guard let option = available.first(where: { $0.short == character }) else {
                    throw unknownOption("-" + String(character), among: available.map { "--" + $0.long }, command: result.command)
                }
                if option.takesValue {
                    var value = String(characters)
                    if characters.isEmpty { value = try nextValue(for: "-" + String(character), option, arguments, &index, command: result.command) }
                    characters = []
                    try check(value, for: option, command: result.command)
                    result.options[option.long, default: []].append(value)
                } else {
                    result.options[option.long, default: []].append("")
                }
            }
        }
        if let command = result.command, !result.flag("help") {
            let maximum = command.arguments.count
            if result.positionals.count > maximum {
                throw UsageError(
                    message: "unexpected argument '\(result.positionals[maximum])'", commandName: command.name)
            }
            if let missing = command.arguments.dropFirst(result.positionals.count).first(where: { !$0.isOptional }) {
                throw UsageError(message: "missing \(missing.name)", commandName: command.name)
            }
        }
        return result
    }

    /// The argument after an option that takes a value; an option name there means it is missing.
    private static func nextValue(
        for typed: String, _ option: OptionDescription, _ arguments: [String], _ index: inout Int, command: CommandDescription?
    ) throws(UsageError) -> String {
        guard index < arguments.count, !isLongOption(arguments[index]) else {
            throw UsageError(message: "missing value for '\(typed)' (\(option.valueName ?? "VALUE"))", commandName: command?.name)
        }
        index += 1
        return arguments[index - 1]
    }

    /// `-5`, `-.5` and `-,5` are values (so `trend log -5` is refused as a
    /// weight, exit 65), not options.
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

    /// Enumerated values are checked here so every command refuses them alike.
    private static func check(_ value: String, for option: OptionDescription, command: CommandDescription?) throws(UsageError) {
        guard !option.values.isEmpty, !option.values.contains(where: { $0.lowercased() == value.lowercased() }) else { return }
        throw UsageError(
            message: "invalid value '\(value)' for '--\(option.long)': expected \(option.values.joined(separator: ", "))",
            commandName: command?.name)
    }

    private static func unknownCommand(_ name: String) -> UsageError {
        var message = "unknown command '\(name)'"
        let names = CommandLineInterface.commands.flatMap { [$0.name] + $0.aliases }
        if let suggestion = Suggestion.nearest(to: name, among: names) { message += ". Did you mean '\(suggestion)'?" }
        return UsageError(message: message)
    }

    private static func unknownOption(_ name: String, among names: [String], command: CommandDescription?) -> UsageError {
        var message = "unknown option '\(name)'"
        if let suggestion = Suggestion.nearest(to: name, among: names) { message += ". Did you mean '\(suggestion)'?" }
        return UsageError(message: message, commandName: command?.name)
    }
}

/// "Did you mean …?": the closest name by edit distance, or one the typed
/// text starts (`--dat` → `--date`).
enum Suggestion {
    static func nearest(to typed: String, among candidates: [String]) -> String? {
        let scored = candidates.map { ($0, distance(typed, $0)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        if best.1 <= max(2, typed.count / 3) { return best.0 }
        return candidates.first { $0.hasPrefix(typed) && typed.count >= 3 }
    }

    /// Levenshtein distance.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
