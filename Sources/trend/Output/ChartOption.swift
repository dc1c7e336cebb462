import TrendCore

/// When and how a command draws its terminal chart: on a terminal unless
/// `--no-chart`, elsewhere only with `--chart`; `--chart-height` rows,
/// `--ascii` characters instead of braille.
struct ChartOption: Sendable {
    let always: Bool
    let never: Bool
    var height = ChartOption.defaultHeight
    var ascii = false

    static let defaultHeight = 16
    static let minimumHeight = 6
    /// Taller than any screen is no chart: a bound, so no value makes it costly.
    static let maximumHeight = 200

    static let heightOption = Option<Count>(
        "chart-height", valueName: "ROWS", help: "Rows of the terminal chart (default \(defaultHeight), \(minimumHeight) to \(maximumHeight)).")
    static let asciiFlag = Flag("ascii", help: "Draw the terminal chart with ASCII characters instead of braille.")

    /// `--chart-height` below the least a chart can show is a usage error.
    static func height(_ values: ParsedValues, command: String) throws(UsageError) -> Int {
        let rows = values[heightOption]?.value ?? defaultHeight
        guard (minimumHeight...maximumHeight).contains(rows) else {
            throw UsageError(message: "--chart-height must be \(minimumHeight) to \(maximumHeight) rows", commandName: command)
        }
        return rows
    }

    func isWanted(on terminal: Terminal) -> Bool {
        !never && (always || terminal.isOutputTerminal)
    }

    /// The chart painted for this terminal: its width, its colours, braille
    /// where the locale is UTF-8 and `--ascii` was not given.
    func chart(_ model: ChartModel, terminal: Terminal) -> BrailleChart {
        BrailleChart(model: model, columns: max(40, terminal.width), rows: height, unicode: terminal.isUTF8 && !ascii, color: terminal.useColor)
    }

    /// About one value tick every three rows.
    var valueTickCount: Int { max(3, height / 3) }
}
