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
                + "By default the trend is an exponentially smoothed moving average (10% a day) of each day's earliest weigh-in, with the days between weigh-ins estimated by linear interpolation, as in TrendWeight; trend method chooses The Hacker's Diet, Libra, or Holt's linear smoothing (three presets of trend's own; TrendWeight has no such method) instead.")
            + "\n.PP\n"
            + escape(
                "trend progress reports, for a range (1M by default): the first and latest weigh-in, the change in trend and in weight, the lowest, highest and average weight; "
                    + "and, as of the latest weigh-in whatever the range: the trend and its weekly rate (the least-squares slope of the last 14 daily trends), "
                    + "the energy balance (3500 kcal a pound), how far the trend moved in 1, 7, 14 and 28 days, and the goal: how much is left to lose or gain and when the trend would reach it. "
                    + "The goal is reached as TrendWeight decides it: once the trend has crossed the goal, and while it stays within 2.5 lb (1.1 kg) of it; a trend coming down toward the goal, even within that band, has not reached it yet. With --format json the same report, each weigh-in and estimated day with its trend, is written for scripts.")
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
        for (name, meaning) in HelpRenderer.files { out += ".TP\n.I " + escape(name) + "\n" + escape(meaning) + "\n" }
        out += ".PP\n" + escape("Every change takes the lock, writes a complete new file and renames it into place: concurrent trend processes never lose an edit, and a crash leaves the old file or the new one.") + "\n"
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
            ("TREND_NOW", "An ISO 8601 instant to use as now (tests, reproducible examples); it changes nothing stored."),
            ("TREND_LOCK_WAIT", "Seconds to wait for a lock another trend process holds, 0.1 to 600 (default 10)."),
            ("TREND_HOOK_TIME_LIMIT", "Seconds the post-change hook may run, 0.1 to 600 (default 10)."),
            ("TREND_NO_HOOKS", "When set and not 0, the post-change hook is not run (trend sets it for the hook itself)."),
            ("XDG_CONFIG_HOME", "When absolute, the hook is $XDG_CONFIG_HOME/trend/hooks/post-change (else under ~/.config)."),
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
