/// Brings the terminal from the screen it shows to the next one: all of it
/// the first time and after a resize or a suspend, afterwards only the runs
/// of cells that changed, so a key costs a few bytes, not a screenful.
public struct ScreenRenderer: Sendable {
    private var shown: Screen?

    public init() {}

    /// The next update redraws everything (the window changed, or came back).
    public mutating func invalidate() { shown = nil }

    /// The bytes that turn what is shown into `screen`. A wide character is
    /// written once, over its two cells: a run of changed cells that starts
    /// on a continuation starts at the character it continues.
    public mutating func update(to screen: Screen) -> [UInt8] {
        var out = ""
        let previous = shown.flatMap { $0.columns == screen.columns && $0.rows == screen.rows ? $0 : nil }
        if previous == nil { out += "\u{1B}[0m\u{1B}[2J" }
        var style = ""
        out += "\u{1B}[0m"
        for row in 0..<screen.rows {
            var column = 0
            while column < screen.columns {
                if let previous, previous[row, column] == screen[row, column] {
                    column += 1
                    continue
                }
                if screen[row, column].isContinuation, column > 0 { column -= 1 }
                out += "\u{1B}[\(row + 1);\(column + 1)H"
                while column < screen.columns {
                    let next = screen[row, column]
                    if let previous, previous[row, column] == next, !next.isContinuation { break }
                    if next.isContinuation {
                        // The right half of a character just written: the terminal moved past it.
                        column += 1
                        continue
                    }
                    if next.style != style {
                        out += "\u{1B}[0" + (next.style.isEmpty ? "" : ";" + next.style) + "m"
                        style = next.style
                    }
                    out.append(next.character)
                    column += 1
                }
            }
        }
        if !style.isEmpty { out += "\u{1B}[0m" }
        shown = screen
        return Array(out.utf8)
    }
}
