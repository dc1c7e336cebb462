import TrendPresentation

/// One character cell and how it is drawn: the SGR parameters (`1;34`),
/// empty for the terminal's own. A wide character (CJK, emoji) fills two
/// cells: itself, then a continuation the terminal covers with it.
public struct Cell: Equatable, Sendable {
    public var character: Character
    public var style: String
    /// The right half of the wide character in the cell before: nothing of its own is written.
    public var isContinuation = false

    public init(_ character: Character = " ", style: String = "") {
        self.character = character
        self.style = style
    }

    static func continuation(style: String) -> Cell {
        var cell = Cell("\u{0}", style: style)
        cell.isContinuation = true
        return cell
    }

    /// Two cells wide: the next cell is its continuation.
    var isWide: Bool { !isContinuation && DisplayWidth.of(character) == 2 }
}

/// What the terminal should show: a grid of cells the size of the window.
/// Text is laid out by display width (SPEC §19): drawing past an edge is
/// cut there, a wide character that would straddle the last column is not
/// drawn, and a control character or bidi override is shown escaped, so
/// nothing is ever written outside or moves the cursor.
public struct Screen: Equatable, Sendable {
    public let columns: Int
    public let rows: Int
    public private(set) var cells: [Cell]

    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        cells = Array(repeating: Cell(), count: self.columns * self.rows)
    }

    public subscript(row: Int, column: Int) -> Cell {
        cells[row * columns + column]
    }

    /// Writes `text` from `column` on `row` in `style`; returns the column after it.
    @discardableResult
    public mutating func put(_ text: String, row: Int, column: Int = 0, style: String = "") -> Int {
        var at = column
        guard (0..<rows).contains(row) else { return at }
        for character in text.terminalSafe {
            let width = DisplayWidth.of(character)
            guard width > 0 else { continue }
            if at >= 0, at + width <= columns {
                set(Cell(character, style: style), row: row, column: at)
                if width == 2 { set(.continuation(style: style), row: row, column: at + 1) }
            } else if (0..<columns).contains(at) {
                // Half of a wide character would be past the edge: a space instead.
                set(Cell(" ", style: style), row: row, column: at)
            }
            at += width
        }
        return at
    }

    /// Puts `cell` in place, blanking the other half of a wide character it overwrites half of.
    private mutating func set(_ cell: Cell, row: Int, column: Int) {
        let index = row * columns + column
        let old = cells[index]
        if old.isContinuation, !cell.isContinuation, column > 0 {
            cells[index - 1] = Cell(" ", style: cells[index - 1].style)
        }
        if old.isWide, column + 1 < columns, !(DisplayWidth.of(cell.character) == 2 && !cell.isContinuation) {
            cells[index + 1] = Cell(" ", style: cells[index + 1].style)
        }
        cells[index] = cell
    }

    /// Writes a line that carries its colours as SGR sequences (a chart's).
    public mutating func put(styledLine line: String, row: Int, column: Int = 0) {
        var at = column
        var style = ""
        var characters = line.makeIterator()
        var text = ""
        while let character = characters.next() {
            guard character == "\u{1B}" else {
                text.append(character)
                continue
            }
            at = put(text, row: row, column: at, style: style)
            text = ""
            guard characters.next() == "[" else { continue }
            var parameters = ""
            while let next = characters.next(), next != "m" { parameters.append(next) }
            style = parameters == "0" || parameters.isEmpty ? "" : style.isEmpty ? parameters : style + ";" + parameters
        }
        put(text, row: row, column: at, style: style)
    }

    /// Fills `row` from `column` to the edge with spaces in `style` (a bar).
    public mutating func fill(row: Int, from column: Int = 0, style: String) {
        guard (0..<rows).contains(row) else { return }
        for at in max(0, column)..<columns where cells[row * columns + at].style.isEmpty {
            cells[row * columns + at].style = style
        }
    }

    /// The row's text without styles, trailing spaces cut: what a person reads.
    public func text(ofRow row: Int) -> String {
        var line = String(cells[(row * columns)..<((row + 1) * columns)].filter { !$0.isContinuation }.map(\.character))
        while line.last == " " { line.removeLast() }
        return line
    }

    public var text: String { (0..<rows).map(text(ofRow:)).joined(separator: "\n") }
}
