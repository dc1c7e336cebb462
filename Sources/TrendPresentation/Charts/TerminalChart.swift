import TrendCore

/// The chart below a text report (SPEC §8): its height in rows, and braille
/// or ASCII; drawn as wide as the display.
public struct TerminalChart: Sendable {
    public var rows: Int
    public var ascii: Bool

    public static let defaultRows = 16
    public static let rowRange = 6...200

    public init(rows: Int = TerminalChart.defaultRows, ascii: Bool = false) {
        self.rows = rows
        self.ascii = ascii
    }

    /// About one value tick every three rows.
    public var valueTickCount: Int { max(3, rows / 3) }

    /// The chart of `model` for `display`: its width, its colours, braille
    /// where the locale is UTF-8 and ASCII was not asked for.
    func rendered(_ model: ChartModel, display: Display) -> String {
        BrailleChart(
            model: model, columns: max(20, display.terminalWidth), rows: rows, unicode: display.isUTF8 && !ascii, color: display.usesColor
        ).rendered()
    }
}
