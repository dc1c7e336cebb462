#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The man page, man(7) format, generated from the command descriptions.
enum ManPage {
    /// Roff-safe text: backslashes and hyphens escaped, no line starting with a control character.
    static func escape(_ text: String) -> String {
        var out = text.replacing("\\", with: "\\e").replacing("-", with: "\\-")
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }

    private static func optionLine(_ option: OptionSpec) -> String {
        var text = option.short.map { "\\fB\\-\($0)\\fR, " } ?? ""
        text += "\\fB" + escape("--" + option.long) + "\\fR"
        if let value = option.valueName { text += " \\fI" + value + "\\fR" }
        return text
    }

    static func render() -> String {
        var out = ".TH TREND 1 \"\" \"trend \(CommandTable.version)\" \"User Commands\"\n"
        out += ".SH NAME\ntrend \\- a weight tracker for the shell\n"
        out += ".SH SYNOPSIS\n.B trend\n.I command\n[\\fIoptions\\fR]\n"
        out += ".SH DESCRIPTION\n"
        out += escape(
            "trend logs weigh-ins, shows the smoothed trend and the progress toward a goal, and is made to be scripted from cron. "
                + "Weights are stored in kilograms at full precision; each weigh-in keeps the UTC offset it was logged at, which decides its calendar day. "
                + "The trend is an exponentially smoothed moving average (10% a day) of each day's earliest weigh-in, with days between weigh-ins interpolated, as in TrendWeight and The Hacker's Diet.")
            + "\n"
        out += ".SH COMMANDS\n"
        for command in CommandTable.configurations {
            out += ".TP\n.B " + escape(command.usage) + "\n" + escape(command.abstract) + "\n"
            if !command.aliases.isEmpty { out += "Alias: " + escape(command.aliases.joined(separator: ", ")) + ".\n" }
            if let discussion = command.discussion { out += escape(discussion) + "\n" }
            for argument in command.arguments {
                out += ".RS\n.TP\n.I " + argument.name + "\n" + escape(argument.help) + "\n.RE\n"
            }
            for option in command.options {
                out += ".RS\n.TP\n" + optionLine(option) + "\n" + escape(option.help) + "\n.RE\n"
            }
        }
        out += ".SH OPTIONS\nAccepted before or after the command.\n"
        for option in CommandTable.globalOptions {
            out += ".TP\n" + optionLine(option) + "\n" + escape(option.help) + "\n"
        }
        out += ".SH FILES\n"
        out += ".TP\n.I weights.json\n" + escape("Weigh-ins and the goal, in the data directory. Changed only under a lock on weights.json.lock, by writing a new file and renaming it into place.") + "\n"
        out += ".TP\n.I settings.json\n" + escape("The unit.") + "\n"
        out += ".SH ENVIRONMENT\n"
        let environment: [(String, String)] = [
            ("TREND_DATA_DIR", "The data directory, unless --data-dir is given."),
            ("XDG_DATA_HOME", "When absolute, the data directory is $XDG_DATA_HOME/trend."),
            ("HOME", "Otherwise the data directory is $HOME/.local/share/trend (the password database's home when HOME is unset)."),
            ("TZ", "The local time zone, in any form the C library accepts."),
            ("NO_COLOR", "When set and not empty, no colour."),
            ("TERM", "When dumb, no colour."),
            ("COLUMNS", "The width of the chart and help, instead of the terminal's."),
            ("TREND_PAGER, PAGER", "The pager for long output on a terminal (default: less -FRX); cat or an empty value turns it off."),
        ]
        for (name, meaning) in environment { out += ".TP\n.B " + name + "\n" + escape(meaning) + "\n" }
        out += ".SH EXIT STATUS\n"
        for (code, meaning) in ExitStatus.documented { out += ".TP\n.B \(code)\n" + escape(meaning) + "\n" }
        out += ".SH EXAMPLES\n"
        for command in CommandTable.configurations {
            for example in command.examples { out += ".PP\n.nf\n" + escape(example) + "\n.fi\n" }
        }
        return out
    }
}
