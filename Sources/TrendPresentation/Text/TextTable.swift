/// Columns padded to their widest cell; the last column is not padded.
/// Laid out to the display's width when it has one (SPEC §17): a last
/// column that does not fit wraps under itself, and a table whose other
/// columns do not fit is shown one row at a time, a header before each value
/// (or, for a table read down its rows, with columns dropped from the right).
public struct TextTable {
    let headers: [String]
    let rightAligned: Set<Int>
    private var rows: [[String]] = []
    /// Keep one line a row when narrow, dropping columns from the right
    /// (`stats`: a quarter of weeks stays a quarter of lines).
    public var dropsColumnsWhenNarrow = false

    /// The last column wraps under itself while it has at least this many columns.
    static let leastLastColumn = 16

    public init(headers: [String], rightAligned: Set<Int> = []) {
        self.headers = headers
        self.rightAligned = rightAligned
    }

    public mutating func add(_ row: [String]) {
        rows.append(row)
    }

    public func rendered(display: Display) -> String {
        if dropsColumnsWhenNarrow, let width = display.width {
            var table = self
            table.dropsColumnsWhenNarrow = false
            while table.headers.count > 2, table.naturalWidth > width {
                table = TextTable(headers: Array(table.headers.dropLast()), rightAligned: table.rightAligned)
                table.rows = rows.map { Array($0.prefix(table.headers.count)) }
            }
            return table.rendered(widths: table.widths, display: display, lastColumnWidth: nil)
        }
        var widths = headers.map(Self.columns)
        for row in rows {
            for (i, cell) in row.enumerated() { widths[i] = max(widths[i], Self.columns(cell)) }
        }
        let last = headers.count - 1
        // Where the last column starts: every other column and its two spaces.
        let lastStart = widths.dropLast().reduce(0) { $0 + $1 + 2 }
        if let width = display.width, lastStart + widths[last] > width {
            if width - lastStart >= Self.leastLastColumn && !rightAligned.contains(last) {
                return rendered(widths: widths, display: display, lastColumnWidth: width - lastStart)
            }
            return vertical(width: width, display: display)
        }
        return rendered(widths: widths, display: display, lastColumnWidth: nil)
    }

    /// Each column's widest cell or header.
    private var widths: [Int] {
        var widths = headers.map(Self.columns)
        for row in rows {
            for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], Self.columns(cell)) }
        }
        return widths
    }

    /// The width of the table's longest line.
    private var naturalWidth: Int { widths.reduce(0, +) + 2 * (headers.count - 1) }

    private func rendered(widths: [Int], display: Display, lastColumnWidth: Int?) -> String {
        let lastStart = widths.dropLast().reduce(0) { $0 + $1 + 2 }
        let isRight = widths.indices.map(rightAligned.contains)
        // Laid out as bytes: a listing can have a hundred thousand lines, and
        // growing a String a piece at a time costs several times more.
        func add(_ cells: [String], to out: inout [UInt8]) {
            let lineStart = out.count
            for (i, cell) in cells.enumerated() {
                if i > 0 { out.append(contentsOf: [0x20, 0x20]) }
                let padding = repeatElement(UInt8(ascii: " "), count: max(0, widths[i] - Self.columns(cell)))
                if i == cells.count - 1 && !isRight[i] {
                    if let width = lastColumnWidth {
                        out.append(contentsOf: TextWrap.wrap(cell, indent: lastStart, width: lastStart + width).utf8.dropFirst(lastStart))
                    } else {
                        out.append(contentsOf: cell.utf8)
                    }
                } else if isRight[i] {
                    out.append(contentsOf: padding)
                    out.append(contentsOf: cell.utf8)
                } else {
                    out.append(contentsOf: cell.utf8)
                    out.append(contentsOf: padding)
                }
            }
            while out.count > lineStart, out.last == UInt8(ascii: " ") { out.removeLast() }
        }
        var header: [UInt8] = []
        add(headers, to: &header)
        var out = Array(display.bold(String(decoding: header, as: UTF8.self)).utf8) + [UInt8(ascii: "\n")]
        out.reserveCapacity(out.count + rows.count * (lastStart + 24))
        for row in rows {
            add(row, to: &out)
            out.append(UInt8(ascii: "\n"))
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The columns a cell takes on a terminal: a wide character two, a combining one none.
    static func columns(_ cell: String) -> Int {
        DisplayWidth.of(cell)
    }

    /// Each row as `HEADER  value` lines, rows apart by a blank line.
    private func vertical(width: Int, display: Display) -> String {
        let labelWidth = headers.map(\.count).max() ?? 0
        var blocks: [String] = []
        for row in rows {
            var block = ""
            for (i, cell) in row.enumerated() where !cell.isEmpty {
                let label = headers[i] + String(repeating: " ", count: labelWidth - headers[i].count) + "  "
                block += TextWrap.hanging(label, cell, width: width) + "\n"
            }
            blocks.append(block)
        }
        return blocks.joined(separator: "\n")
    }
}
