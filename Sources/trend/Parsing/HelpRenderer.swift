/// Help text in the sections of swift-argument-parser, generated from the
/// command declarations.
struct HelpRenderer {
    let width: Int

    func overview() -> String {
        var out = "OVERVIEW: trend: a weight tracker for the shell.\n\n"
        out += Self.wrap(
            "Log weigh-ins, see the smoothed trend and your progress toward a goal, and script it from cron. "
                + "Weights are stored in kilograms; text output uses the configured unit.", indent: 0, width: width)
        out += "\n\nUSAGE: trend <command> [options]\n\nSUBCOMMANDS:\n"
        for command in CommandTable.configurations {
            out += row(command.names.joined(separator: ", "), command.abstract)
        }
        out += "\nOPTIONS:\n"
        for option in CommandTable.globalOptions { out += row(option.synopsis, option.help) }
        out += "\nEXIT STATUS:\n"
        for (code, meaning) in ExitStatus.documented { out += row(String(code), meaning) }
        out += "\nSee 'trend help <command>' for detailed help.\n"
        return out
    }

    func help(for command: CommandConfiguration) -> String {
        var out = "OVERVIEW: " + command.abstract + "\n"
        if let discussion = command.discussion { out += "\n" + Self.wrap(discussion, indent: 0, width: width) + "\n" }
        out += "\nUSAGE: " + command.usage + "\n"
        if !command.aliases.isEmpty { out += "\nALIASES: " + command.aliases.joined(separator: ", ") + "\n" }
        if !command.arguments.isEmpty {
            out += "\nARGUMENTS:\n"
            for argument in command.arguments { out += row(argument.name, argument.help) }
        }
        out += "\nOPTIONS:\n"
        for option in command.options { out += row(option.synopsis, option.help) }
        out += "\nGLOBAL OPTIONS:\n"
        for option in CommandTable.globalOptions { out += row(option.synopsis, option.help) }
        if !command.examples.isEmpty {
            out += "\nEXAMPLES:\n"
            for example in command.examples { out += "  " + example + "\n" }
        }
        return out
    }

    /// `Error: …`, the usage line and where to read more.
    static func usageError(_ error: UsageError) -> String {
        var out = "Error: " + error.message.terminalSafe + "\n"
        if let name = error.commandName, let command = CommandTable.parser.command(named: name) {
            out += "Usage: " + command.usage + "\n  See 'trend \(command.name) --help'.\n"
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
        let limit = max(width, indent + 20)
        let pad = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = pad
        for word in text.split(separator: " ") {
            if line.count > indent && line.count + 1 + word.count > limit {
                lines.append(line)
                line = pad
            }
            line += (line.count > indent ? " " : "") + word
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}
