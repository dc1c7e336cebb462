/// One character cell and how it is drawn: the SGR parameters (`1;34`),
/// empty for the terminal's own.
public struct Cell: Equatable, Sendable {
    public var character: Character
    public var style: String

    public init(_ character: Character = " ", style: String = "") {
        self.character = character
        self.style = style
    }
}

/// What the terminal should show: a grid of cells the size of the window.
/// Drawing past an edge is cut there, so nothing is ever written outside.
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
        for character in text where !character.isNewline {
            if (0..<columns).contains(at) { cells[row * columns + at] = Cell(character, style: style) }
            at += 1
        }
        return at
    }

    /// Writes a line that carries its colours as SGR sequences (a chart's).
    public mutating func put(styledLine line: String, row: Int, column: Int = 0) {
        var at = column
        var style = ""
        var scalars = line.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\u{1B}" else {
                at = put(String(scalar), row: row, column: at, style: style)
                continue
            }
            guard scalars.next() == "[" else { continue }
            var parameters = ""
            while let next = scalars.next(), next != "m" { parameters.unicodeScalars.append(next) }
            style = parameters == "0" || parameters.isEmpty ? "" : style.isEmpty ? parameters : style + ";" + parameters
        }
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
        var line = String(cells[(row * columns)..<((row + 1) * columns)].map(\.character))
        while line.last == " " { line.removeLast() }
        return line
    }

    public var text: String { (0..<rows).map(text(ofRow:)).joined(separator: "\n") }
}
