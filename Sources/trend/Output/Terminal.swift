#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
            var size = winsize()
            #if canImport(Glibc)
            let ok = ioctl(1, UInt(TIOCGWINSZ), &size) == 0
            #else
            let ok = ioctl(1, TIOCGWINSZ, &size) == 0
            #endif
            width = ok && size.ws_col > 0 ? Int(size.ws_col) : 80
        }
        let locale = environment["LC_ALL"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["LC_CTYPE"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["LANG"] ?? ""
        isUTF8 = locale.uppercased().contains("UTF-8") || locale.uppercased().contains("UTF8")
    }

    func bold(_ text: String) -> String { useColor ? "\u{1B}[1m" + text + "\u{1B}[0m" : text }
    func dim(_ text: String) -> String { useColor ? "\u{1B}[2m" + text + "\u{1B}[0m" : text }
    func green(_ text: String) -> String { useColor ? "\u{1B}[32m" + text + "\u{1B}[0m" : text }
    func red(_ text: String) -> String { useColor ? "\u{1B}[31m" + text + "\u{1B}[0m" : text }
}
