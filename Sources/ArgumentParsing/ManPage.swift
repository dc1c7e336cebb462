#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The man page, man(7) format, generated from the command descriptions.
public enum ManPage {
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

    public static func render(_ program: ProgramDescription) -> String {
        let name = program.name
        var out = ".TH \(name.uppercased()) 1 \"\" \"\(name) \(program.version)\" \"User Commands\"\n"
        out += ".SH NAME\n\(name) \\- \(program.tagline)\n"
        out += ".SH SYNOPSIS\n.B \(name)\n.I command\n[\\fIoptions\\fR]\n"
        out += ".SH DESCRIPTION\n"
        out += program.description.map(escape).joined(separator: "\n.PP\n") + "\n"
        out += ".SH COMMANDS\n"
        for command in program.commands {
            out += ".TP\n.B " + escape(command.usage(program: name)) + "\n" + escape(command.abstract) + "\n"
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
        for option in program.globalOptions {
            out += ".TP\n" + optionLine(option) + "\n" + escape(option.help) + "\n"
        }
        out += ".SH FILES\n"
        for (file, meaning) in program.files { out += ".TP\n.I " + escape(file) + "\n" + escape(meaning) + "\n" }
        out += ".PP\n" + escape(program.filesNote) + "\n"
        out += ".SH ENVIRONMENT\n"
        for (variable, meaning) in program.environment { out += ".TP\n.B " + variable + "\n" + escape(meaning) + "\n" }
        out += ".SH EXIT STATUS\n"
        for (code, meaning) in program.exitStatuses { out += ".TP\n.B \(code)\n" + escape(meaning) + "\n" }
        out += ".SH EXAMPLES\n"
        for command in program.commands {
            for example in command.examples { out += ".PP\n.nf\n" + escape(example) + "\n.fi\n" }
        }
        return out
    }
}
