#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TrendCore

/// What the terminal allows: colour, width, whether stdout is a terminal.
struct Terminal {
    let isOutputTerminal: Bool
    let useColor: Bool
    let width: Int
    let isUTF8: Bool

    init(environment: [String: String], noColorFlag: Bool) {
        isOutputTerminal = isatty(1) == 1
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        useColor = isOutputTerminal && !noColor && environment["TERM"] != "dumb" && !noColorFlag
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 {
            width = columns
        } else {
            width = Terminal.size(of: 1)?.columns ?? 80
        }
        let locale = environment["LC_ALL"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["LC_CTYPE"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["LANG"] ?? ""
        isUTF8 = Terminal.namesUTF8(locale)
        let rows = environment["LINES"].flatMap(Int.init) ?? Terminal.size(of: 1)?.rows ?? 24
        pager = isOutputTerminal ? Terminal.pagerCommand(environment: environment).map { ($0, rows) } : nil
    }

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
