/// Help text in the sections of swift-argument-parser, generated from the
/// command declarations.
public struct HelpText: Sendable {
    public let program: ProgramDescription
    public let width: Int
    /// Word-wraps a text to a width, every line indented (the program's own).
    public let wrap: @Sendable (_ text: String, _ indent: Int, _ width: Int) -> String

    public init(program: ProgramDescription, width: Int, wrap: @escaping @Sendable (String, Int, Int) -> String) {
        self.program = program
        self.width = width
        self.wrap = wrap
    }

    /// What `trend` alone prints: what it is, the commands a line each, where
    /// to read more. Short enough for one screen.
    public func shortOverview() -> String {
        let name = program.name
        var out = "\(name): \(program.tagline).\n"
        out += wrap(program.shortSummary, 0, width)
        out += "\n\nUSAGE: \(name) <command> [options]\n\nCOMMANDS:\n"
        for command in program.commands where command.isListed {
            out += row(command.name, command.abstract)
        }
        out += "\nSee '\(name) help COMMAND' for a command, '\(name) help' for options, files and exit statuses.\n"
        return out
    }

    /// `PROGRAM help` and `PROGRAM --help`: everything about it as a whole.
    public func overview() -> String {
        let name = program.name
        var out = "OVERVIEW: \(name): \(program.tagline).\n\n"
        out += wrap(program.summary, 0, width)
        out += "\n\nUSAGE: \(name) <command> [options]\n\nCOMMANDS:\n"
        for command in program.commands {
            out += row(command.names.joined(separator: ", "), command.abstract)
        }
        out += "\nOPTIONS:\n"
        for option in program.globalOptions { out += row(option.synopsis, option.help) }
        out += "\nFILES:\n"
        for (file, meaning) in program.files { out += row(file, meaning) }
        out += "\nEXIT STATUS:\n"
        for (code, meaning) in program.exitStatuses { out += row(String(code), meaning) }
        out += "\nSee '\(name) help <command>' for detailed help, '\(name) help --man' for the manual.\n"
        return out
    }

    public func help(for command: CommandConfiguration) -> String {
        var out = "OVERVIEW: " + command.abstract + "\n"
        if let discussion = command.discussion { out += "\n" + wrap(discussion, 0, width) + "\n" }
        out += "\nUSAGE: " + Self.wrapUsage(command.usage(program: program.name), width: width, indent: 7).dropFirst(7) + "\n"
        if !command.aliases.isEmpty { out += "\nALIASES: " + command.aliases.joined(separator: ", ") + "\n" }
        if !command.arguments.isEmpty {
            out += "\nARGUMENTS:\n"
            for argument in command.arguments { out += row(argument.name, argument.help) }
        }
        if !command.options.isEmpty {
            out += "\nOPTIONS:\n"
            for option in command.options { out += row(option.synopsis, option.help) }
        }
        out += "\nGLOBAL OPTIONS:\n"
        for option in program.globalOptions { out += row(option.synopsis, option.help) }
        if !command.examples.isEmpty {
            out += "\nEXAMPLES:\n"
            for example in command.examples { out += "  " + example + "\n" }
        }
        return out
    }

    /// A usage line broken between options (never inside `[--date DATE]`)
    /// to fit `width`, the lines after the first indented by `indent`.
    public static func wrapUsage(_ usage: String, width: Int, indent: Int) -> String {
        var words: [String] = []
        var depth = 0
        var current = ""
        for character in usage {
            if character == "[" { depth += 1 }
            if character == "]" { depth -= 1 }
            if character == " " && depth == 0 {
                words.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        let pad = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = pad
        for word in words {
            if line.count > indent && line.count + 1 + word.count > max(width, indent + 20) {
                lines.append(line)
                line = pad + "    "
            }
            line += (line.hasSuffix(" ") || line.isEmpty ? "" : " ") + word
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }

    /// `Error: …` (the message as given: made safe to print by the caller),
    /// the usage line of `command` and where to read more.
    public static func usageError(_ message: String, command: CommandConfiguration?, program: String) -> String {
        var out = "Error: " + message + "\n"
        if let command {
            out += "Usage: " + wrapUsage(command.usage(program: program), width: 100, indent: 7).dropFirst(7) + "\n  See '\(program) \(command.name) --help'.\n"
        } else {
            out += "Usage: \(program) <command> [options]\n  See '\(program) --help'.\n"
        }
        return out
    }

    private static let column = 26

    private func row(_ left: String, _ right: String) -> String {
        let lead = "  " + left
        let text = wrap(right, Self.column, width)
        if lead.count + 2 <= Self.column {
            return lead + String(repeating: " ", count: Self.column - lead.count) + text.dropFirst(Self.column) + "\n"
        }
        return lead + "\n" + text + "\n"
    }
}
