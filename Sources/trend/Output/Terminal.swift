#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParsing
import TrendCore

/// What the terminal allows: colour, width, whether stdout is a terminal.
struct Terminal {
    let isOutputTerminal: Bool
    let useColor: Bool
    let width: Int
    /// `COLUMNS` named the width: text fits it even when piped (SPEC §17).
    let isWidthGiven: Bool
    let isUTF8: Bool

    /// Standard error is a terminal that can redraw a line (not `TERM=dumb`): where a progress line goes (SPEC §6).
    let redrawsErrorLine: Bool

    init(environment: [String: String], noColorFlag: Bool) {
        isOutputTerminal = isatty(1) == 1
        redrawsErrorLine = isatty(2) == 1 && environment["TERM"] != "dumb"
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        useColor = isOutputTerminal && !noColor && environment["TERM"] != "dumb" && !noColorFlag
        let measured = Terminal.size(of: 1)?.columns ?? 80
        if let text = environment["COLUMNS"], !text.isEmpty {
            if let columns = Int(text), Terminal.widths.contains(columns) {
                width = columns
                isWidthGiven = true
                widthProblem = nil
            } else {
                // A width no terminal has would make every line, and the chart, that wide.
                // Set, but to no width: laid out at the one the warning names.
                width = measured
                isWidthGiven = true
                widthProblem = "warning: COLUMNS=\(text.prefix(40).terminalSafe) is not a width from \(Terminal.widths.lowerBound) to \(Terminal.widths.upperBound) columns; using \(measured)\n"
            }
        } else {
            width = measured
            isWidthGiven = false
            widthProblem = nil
        }
        let locale = environment["LC_ALL"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["LC_CTYPE"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["LANG"] ?? ""
        isUTF8 = Terminal.namesUTF8(locale)
        let rows = environment["LINES"].flatMap(Int.init) ?? Terminal.size(of: 1)?.rows ?? 24
        let command = isOutputTerminal ? Terminal.pagerCommand(environment: environment) : nil
        if let command, !Terminal.canRun(command, path: environment["PATH"] ?? "/usr/bin:/bin") {
            // A pager that cannot start would swallow the output: write it plainly, and say why.
            pager = nil
            pagerProblem = "warning: the pager '\(command)' cannot be run; writing to the terminal directly\n"
        } else {
            pager = command.map { ($0, rows) }
            pagerProblem = nil
        }
    }

    /// Why the pager asked for is not used, when it cannot be run.
    let pagerProblem: String?
    /// Why `COLUMNS` was not used, when it names no width a terminal has.
    let widthProblem: String?

    /// The widths text is laid out for.
    static let widths = 20...1000

    /// The pager for long output and the screen height, when output goes
    /// to a terminal: `TREND_PAGER`, `PAGER`, else `less -FRX` when it is
    /// installed; `cat` or an empty value means none (as git does).
    let pager: (command: String, rows: Int)?

    func bold(_ text: String) -> String { useColor ? "\u{1B}[1m" + text + "\u{1B}[0m" : text }
}

extension Terminal {
    /// `en_GB.UTF-8`, `C.utf8`: compared as ASCII bytes, because
    /// `String.contains` brings in the string-processing searcher at start-up.
    static func namesUTF8(_ locale: String) -> Bool {
        let upper = locale.utf8.map { $0 >= 97 && $0 <= 122 ? $0 - 32 : $0 }
        for start in upper.indices where upper[start...].starts(with: "UTF".utf8) {
            let rest = upper[(start + 3)...]
            if rest.starts(with: "8".utf8) || rest.starts(with: "-8".utf8) { return true }
        }
        return false
    }

    /// Whether the program a command line starts with can be run: found in
    /// `PATH` (or at the path given) and executable.
    static func canRun(_ command: String, path: String) -> Bool {
        guard let program = command.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) else { return false }
        if program.contains("/") { return access(program, X_OK) == 0 }
        // Shell syntax (a variable, a subshell) is left to the shell.
        if program.contains(where: { "$`'\"(=".contains($0) }) { return true }
        return path.split(separator: ":").contains { access($0 + "/" + program, X_OK) == 0 }
    }

    static func pagerCommand(environment: [String: String]) -> String? {
        let chosen = environment["TREND_PAGER"] ?? environment["PAGER"]
        if let chosen {
            let command = chosen.trimmed
            return command.isEmpty || command == "cat" ? nil : command
        }
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        let hasLess = path.split(separator: ":").contains { access($0 + "/less", X_OK) == 0 }
        return hasLess ? "less -FRX" : nil
    }
}

extension Terminal {
    /// The width and height of the terminal on `fd`, or nil when it is none.
    static func size(of fd: Int32) -> (columns: Int, rows: Int)? {
        var size = winsize()
        #if canImport(Glibc)
        let ok = ioctl(fd, UInt(TIOCGWINSZ), &size) == 0
        #else
        let ok = ioctl(fd, TIOCGWINSZ, &size) == 0
        #endif
        guard ok, size.ws_col > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }
}
