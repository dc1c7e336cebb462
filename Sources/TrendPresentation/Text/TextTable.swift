/// Columns padded to their widest cell; the last column is not padded.
/// Laid out to the display's width when it has one (SPEC §17): a last
/// column that does not fit wraps under itself, and a table whose other
/// columns do not fit is shown one row at a time, a header before each value
/// (or, for a table read down its rows, with columns dropped from the right).
public struct TextTable {
    let headers: [String]
    let rightAligned: Set<Int>
    private var rows: [[String]] = []
    /// Rows made on demand, asked twice (each column's width, then the
    /// lines): a long listing is written without holding its cells.
    private var source: ((([String]) -> Void) -> Void)?
    /// Keep one line a row when narrow, dropping columns from the right
    /// (`stats`: a quarter of weeks stays a quarter of lines).
    public var dropsColumnsWhenNarrow = false

    /// The last column wraps under itself while it has at least this many columns.
    static let leastLastColumn = 16

    public init(headers: [String], rightAligned: Set<Int> = []) {
        self.headers = headers
        self.rightAligned = rightAligned
    }

    /// A table whose rows `source` hands out, each time it is asked.
    public init(headers: [String], rightAligned: Set<Int> = [], rows source: @escaping (([String]) -> Void) -> Void) {
        self.init(headers: headers, rightAligned: rightAligned)
        self.source = source
    }

    public mutating func add(_ row: [String]) {
        rows.append(row)
    }

    private func forEachRow(_ body: ([String]) -> Void) {
        rows.forEach(body)
        source?(body)
    }

    public func rendered(display: Display) -> String {
        var out: [UInt8] = []
        write(display: display) { out.append(contentsOf: $0) }
        return String(decoding: out, as: UTF8.self)
    }

    /// The table laid out as `rendered` lays it, handed to `write` a piece at a time.
    public func write(display: Display, to write: ([UInt8]) -> Void) {
        if dropsColumnsWhenNarrow, let width = display.width {
            var table = self
            table.dropsColumnsWhenNarrow = false
            while table.headers.count > 2, table.naturalWidth > width {
                let count = table.headers.count - 1
                table = TextTable(headers: Array(table.headers.dropLast()), rightAligned: table.rightAligned)
                table.rows = rows.map { Array($0.prefix(count)) }
                table.source = source.map { source in { body in source { body(Array($0.prefix(count))) } } }
            }
            return table.write(widths: table.widths, display: display, lastColumnWidth: nil, to: write)
        }
        let widths = self.widths
        let last = headers.count - 1
        // Where the last column starts: every other column and its two spaces.
        let lastStart = widths.dropLast().reduce(0) { $0 + $1 + 2 }
        if let width = display.width, lastStart + widths[last] > width {
            if width - lastStart >= Self.leastLastColumn && !rightAligned.contains(last) {
                return self.write(widths: widths, display: display, lastColumnWidth: width - lastStart, to: write)
            }
            return vertical(width: width, display: display, to: write)
        }
        self.write(widths: widths, display: display, lastColumnWidth: nil, to: write)
    }

    /// Each column's widest cell or header.
    private var widths: [Int] {
        var widths = headers.map(Self.columns)
        forEachRow { row in
            for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], Self.columns(cell)) }
        }
        return widths
    }

    /// The width of the table's longest line.
    private var naturalWidth: Int { widths.reduce(0, +) + 2 * (headers.count - 1) }

    private func write(widths: [Int], display: Display, lastColumnWidth: Int?, to write: ([UInt8]) -> Void) {
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
        // Handed on every 64 KiB: a long listing is never held whole.
        out.reserveCapacity(1 << 16 + 4096)
        forEachRow { row in
            add(row, to: &out)
            out.append(UInt8(ascii: "\n"))
            if out.count >= 1 << 16 {
                write(out)
                out.removeAll(keepingCapacity: true)
            }
        }
        if !out.isEmpty { write(out) }
    }

    /// The columns a cell takes on a terminal: a wide character two, a combining one none.
    static func columns(_ cell: String) -> Int {
        DisplayWidth.of(cell)
    }

    /// Each row as `HEADER  value` lines, rows apart by a blank line.
    private func vertical(width: Int, display: Display, to write: ([UInt8]) -> Void) {
        let labelWidth = headers.map(\.count).max() ?? 0
        var first = true
        forEachRow { row in
            var block = first ? "" : "\n"
            first = false
            for (i, cell) in row.enumerated() where !cell.isEmpty {
                let label = headers[i] + String(repeating: " ", count: labelWidth - headers[i].count) + "  "
                block += TextWrap.hanging(label, cell, width: width) + "\n"
            }
            write(Array(block.utf8))
        }
    }
}
