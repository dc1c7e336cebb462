/// Help text in the sections of swift-argument-parser, generated from the
/// command descriptions.
enum HelpRenderer {
    static func overview(width: Int) -> String {
        var out = "OVERVIEW: trend: a weight tracker for the shell.\n\n"
        out += wrap(
            "Log weigh-ins, see the smoothed trend and your progress toward a goal, and script it from cron. "
                + "Weights are stored in kilograms; text output uses the configured unit.", indent: 0, width: width)
        out += "\n\nUSAGE: trend <command> [options]\n\nSUBCOMMANDS:\n"
        for command in CommandLineInterface.commands {
            let name = ([command.name] + command.aliases).joined(separator: ", ")
            out += row(name, command.abstract, width: width)
        }
        out += "\nOPTIONS:\n"
        for option in CommandLineInterface.globalOptions { out += row(option.synopsis, option.help, width: width) }
        out += "\nEXIT STATUS:\n"
        for (code, meaning) in CommandLineInterface.exitStatuses { out += row(String(code), meaning, width: width) }
        out += "\nSee 'trend help <command>' for detailed help.\n"
        return out
    }

    static func help(for command: CommandDescription, width: Int) -> String {
        var out = "OVERVIEW: " + command.abstract + "\n"
        if let discussion = command.discussion { out += "\n" + wrap(discussion, indent: 0, width: width) + "\n" }
        out += "\nUSAGE: " + command.usage + "\n"
        if !command.aliases.isEmpty { out += "\nALIASES: " + command.aliases.joined(separator: ", ") + "\n" }
        if !command.arguments.isEmpty {
            out += "\nARGUMENTS:\n"
            for argument in command.arguments { out += row(argument.name, argument.help, width: width) }
        }
        out += "\nOPTIONS:\n"
        for option in command.options { out += row(option.synopsis, option.help, width: width) }
        out += "\nGLOBAL OPTIONS:\n"
        for option in CommandLineInterface.globalOptions { out += row(option.synopsis, option.help, width: width) }
        if !command.examples.isEmpty {
            out += "\nEXAMPLES:\n"
            for example in command.examples { out += "  " + example + "\n" }
        }
        return out
    }

    /// `Error: …`, the usage line and where to read more.
    static func usageError(_ error: UsageError) -> String {
        var out = "Error: " + error.message + "\n"
        if let name = error.commandName, let command = CommandLineInterface.command(named: name) {
            out += "Usage: " + command.usage + "\n  See 'trend \(command.name) --help'.\n"
        } else {
            out += "Usage: trend <command> [options]\n  See 'trend --help'.\n"
        }
        return out
    }

    private static let column = 26

    private static func row(_ left: String, _ right: String, width: Int) -> String {
        let lead = "  " + left
        let text = wrap(right, indent: column, width: width)
        if lead.count + 2 <= column {
            return lead + String(repeating: " ", count: column - lead.count) + text.dropFirst(column) + "\n"
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
