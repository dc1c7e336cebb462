import ArgumentParsing
import TrendCore
import TrendPresentation

/// When and how a command draws its terminal chart: on a terminal unless
/// `--no-chart`, elsewhere only with `--chart`; `--chart-height` rows,
/// `--ascii` characters instead of braille.
struct ChartOptions: Sendable {
    let always: Bool
    let never: Bool
    let terminalChart: TerminalChart

    static let heightOption = Option<Count>(
        "chart-height", valueName: "ROWS",
        help: "Rows of the terminal chart (default \(TerminalChart.defaultRows), \(TerminalChart.rowRange.lowerBound) to \(TerminalChart.rowRange.upperBound)).")
    static let asciiFlag = Flag("ascii", help: "Draw the terminal chart with ASCII characters instead of braille.")

    /// `--chart-height` outside what a chart can show is a usage error.
    init(_ values: ParsedValues, always: Bool, never: Bool, command: String) throws(UsageError) {
        let rows = values[Self.heightOption]?.value ?? TerminalChart.defaultRows
        guard TerminalChart.rowRange.contains(rows) else {
            throw UsageError(
                message: "--chart-height must be \(TerminalChart.rowRange.lowerBound) to \(TerminalChart.rowRange.upperBound) rows", commandName: command)
        }
        self.always = always
        self.never = never
        terminalChart = TerminalChart(rows: rows, ascii: values[Self.asciiFlag])
    }

    func isWanted(onTerminal: Bool) -> Bool {
        !never && (always || onTerminal)
    }
}
