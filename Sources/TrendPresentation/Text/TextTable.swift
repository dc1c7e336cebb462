/// Columns padded to their widest cell; the last column is not padded.
public struct TextTable {
    let headers: [String]
    let rightAligned: Set<Int>
    private var rows: [[String]] = []

    public init(headers: [String], rightAligned: Set<Int> = []) {
        self.headers = headers
        self.rightAligned = rightAligned
    }

    public mutating func add(_ row: [String]) {
        rows.append(row)
    }

    public func rendered(display: Display) -> String {
        var widths = headers.map(\.count)
        for row in rows {
            for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) }
        }
        func line(_ cells: [String]) -> String {
            var parts: [String] = []
            for (i, cell) in cells.enumerated() {
                let padding = String(repeating: " ", count: widths[i] - cell.count)
                if i == cells.count - 1 && !rightAligned.contains(i) {
                    parts.append(cell)
                } else {
                    parts.append(rightAligned.contains(i) ? padding + cell : cell + padding)
                }
            }
            var text = parts.joined(separator: "  ")
            while text.hasSuffix(" ") { text.removeLast() }
            return text
        }
        var out = display.bold(line(headers)) + "\n"
        for row in rows { out += line(row) + "\n" }
        return out
    }
}
