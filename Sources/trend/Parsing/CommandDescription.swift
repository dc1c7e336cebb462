/// One option as users type it. The same description drives parsing, help,
/// error messages, the man page and shell completions, so they never drift.
struct OptionDescription: Sendable {
    let long: String
    var short: Character? = nil
    /// Nil for a flag.
    var valueName: String? = nil
    let help: String
    /// Enumerated values, offered by completion and listed in help.
    var values: [String] = []

    var takesValue: Bool { valueName != nil }

    /// `--date DATE`, `-q, --quiet`.
    var synopsis: String {
        var text = short.map { "-\($0), " } ?? ""
        text += "--" + long
        if let valueName { text += " " + valueName }
        return text
    }
}

struct ArgumentDescription: Sendable {
    let name: String
    let help: String
    var isOptional = false
    var values: [String] = []
}

struct CommandDescription: Sendable {
    let name: String
    var aliases: [String] = []
    let abstract: String
    var discussion: String? = nil
    var arguments: [ArgumentDescription] = []
    var options: [OptionDescription] = []
    /// Options shown in the usage line, as users combine them.
    var usageTail: String = ""
    var examples: [String] = []

    var usage: String {
        var parts = ["trend", name]
        for argument in arguments {
            parts.append(argument.isOptional ? "[\(argument.name)]" : argument.name)
        }
        if !usageTail.isEmpty { parts.append(usageTail) }
        return parts.joined(separator: " ")
    }

    func option(named long: String) -> OptionDescription? {
        options.first { $0.long == long } ?? CommandLineInterface.globalOptions.first { $0.long == long }
    }

    func option(short: Character) -> OptionDescription? {
        options.first { $0.short == short } ?? CommandLineInterface.globalOptions.first { $0.short == short }
    }

    var allOptions: [OptionDescription] { options + CommandLineInterface.globalOptions }
}
