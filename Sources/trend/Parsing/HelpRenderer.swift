import TrendPresentation

/// Help text in the sections of swift-argument-parser, generated from the
/// command declarations.
struct HelpRenderer {
    let width: Int

    /// What `trend` alone prints: what it is, the commands a line each, where
    /// to read more. Short enough for one screen.
    func shortOverview() -> String {
        var out = "trend: a weight tracker for the shell.\n"
        out += Self.wrap("Log weigh-ins, see the smoothed trend and your progress toward a goal, script it from cron.", indent: 0, width: width)
        out += "\n\nUSAGE: trend <command> [options]\n\nCOMMANDS:\n"
        for command in CommandTable.configurations where command.isListed {
            out += row(command.name, command.abstract)
        }
        out += "\nSee 'trend help COMMAND' for a command, 'trend help' for options, files and exit statuses.\n"
        return out
    }

    /// `trend help` and `trend --help`: everything about trend as a whole.
    func overview() -> String {
        var out = "OVERVIEW: trend: a weight tracker for the shell.\n\n"
        out += Self.wrap(
            "Log weigh-ins, see the smoothed trend and your progress toward a goal, and script it from cron. "
                + "Weights are stored in kilograms; text output uses the configured unit.", indent: 0, width: width)
        out += "\n\nUSAGE: trend <command> [options]\n\nCOMMANDS:\n"
        for command in CommandTable.configurations {
            out += row(command.names.joined(separator: ", "), command.abstract)
        }
        out += "\nOPTIONS:\n"
        for option in CommandTable.globalOptions { out += row(option.synopsis, option.help) }
        out += "\nFILES:\n"
        for (name, meaning) in Self.files { out += row(name, meaning) }
        out += "\nEXIT STATUS:\n"
        for (code, meaning) in ExitStatus.documented { out += row(String(code), meaning) }
        out += "\nSee 'trend help <command>' for detailed help, 'trend help --man' for the manual.\n"
        return out
    }

    /// The files trend keeps, for help and the man page.
    static let files: [(String, String)] = [
        ("DIR/weights.json", "The weigh-ins, the goal and its plan. DIR is --data-dir, else $TREND_DATA_DIR, else $XDG_DATA_HOME/trend, else ~/.local/share/trend; 'trend info' says which."),
        ("DIR/settings.json", "The unit, the trend method and the height, when set."),
        ("DIR/.weights.json.undo/", "The undo journal: the last 20 changes, kept as hard links."),
        ("DIR/*.lock", "Lock files: changes wait for them; never deleted."),
        (
            "~/.config/trend/hooks/post-change",
            "Run after each change to the weigh-ins, with the change as JSON on its standard input and TREND_DATA_DIR set, when it is an executable file of yours that no one else can write; 10 s at most; its failure never fails the change. --no-hooks skips it."
        ),
    ]

    func help(for command: CommandConfiguration) -> String {
        var out = "OVERVIEW: " + command.abstract + "\n"
        if let discussion = command.discussion { out += "\n" + Self.wrap(discussion, indent: 0, width: width) + "\n" }
        out += "\nUSAGE: " + Self.wrapUsage(command.usage, width: width, indent: 7).dropFirst(7) + "\n"
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
        for option in CommandTable.globalOptions { out += row(option.synopsis, option.help) }
        if !command.examples.isEmpty {
            out += "\nEXAMPLES:\n"
            for example in command.examples { out += "  " + example + "\n" }
        }
        return out
    }

    /// A usage line broken between options (never inside `[--date DATE]`)
    /// to fit `width`, the lines after the first indented by `indent`.
    static func wrapUsage(_ usage: String, width: Int, indent: Int) -> String {
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

    /// `Error: …`, the usage line and where to read more.
    static func usageError(_ error: UsageError) -> String {
        var out = "Error: " + error.message.terminalSafe + "\n"
        if let name = error.commandName, let command = CommandTable.parser.command(named: name) {
            out += "Usage: " + wrapUsage(command.usage, width: 100, indent: 7).dropFirst(7) + "\n  See 'trend \(command.name) --help'.\n"
        } else {
            out += "Usage: trend <command> [options]\n  See 'trend --help'.\n"
        }
        return out
    }

    private static let column = 26

    private func row(_ left: String, _ right: String) -> String {
        let lead = "  " + left
        let text = Self.wrap(right, indent: Self.column, width: width)
        if lead.count + 2 <= Self.column {
            return lead + String(repeating: " ", count: Self.column - lead.count) + text.dropFirst(Self.column) + "\n"
        }
        return lead + "\n" + text + "\n"
    }

    /// Word-wraps `text` to `width`, every line indented by `indent`.
    static func wrap(_ text: String, indent: Int, width: Int) -> String {
        TextWrap.wrap(text, indent: indent, width: width)
    }
}
