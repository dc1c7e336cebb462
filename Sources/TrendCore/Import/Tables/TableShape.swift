/// How a table is laid out in a file that names no app (SPEC §18): its
/// separator, where it starts after any banner lines, and its decimal mark,
/// found from the file itself.
struct TableShape: Equatable {
    /// `,` `;` tab or `|`.
    var separator: UInt8
    /// Lines before the table (a title, an export banner, user details).
    var skippedLines: Int
    /// Fields in each of the table's rows.
    var fields: Int
    /// `80,5`: a comma between digits is the decimal mark.
    var decimalComma = false

    /// The separators tried, in the order that wins a tie: a semicolon or a
    /// tab is never a decimal mark, a comma may be one.
    static let separators: [UInt8] = [9, UInt8(ascii: ";"), UInt8(ascii: "|"), UInt8(ascii: ",")]

    /// Rows of the same number of fields that make a table.
    static let leastRun = 3

    /// The shape of the table in `bytes`, from up to its first 200 lines;
    /// nil when no separator gives a run of three rows of two or more
    /// fields alike (or a file whose every line has the same two or more).
    static func find(in bytes: [UInt8]) -> TableShape? {
        let lines = firstLines(of: bytes, count: 200)
        var best: (shape: TableShape, run: Int)?
        for separator in separators {
            let counts = lines.map { fieldCount($0, separator: separator) }
            guard let run = longestRun(in: counts) else { continue }
            let shape = TableShape(separator: separator, skippedLines: run.start, fields: run.fields)
            if best.map({ run.rows > $0.run || run.rows == $0.run && run.start < $0.shape.skippedLines }) ?? true {
                best = (shape, run.rows)
            }
        }
        guard var shape = best?.shape else { return nil }
        if shape.separator != UInt8(ascii: ",") {
            shape.decimalComma = lines.dropFirst(shape.skippedLines).contains { hasDecimalComma($0) }
        }
        return shape
    }

    /// The longest run of lines with one field count of 2 or more (blank
    /// lines inside it allowed), the earliest on a tie: a banner of
    /// `Name,value` lines before the table is shorter than the table.
    static func longestRun(in counts: [Int]) -> (start: Int, fields: Int, rows: Int)? {
        var best: (start: Int, fields: Int, rows: Int)?
        var start = 0
        while start < counts.count {
            let count = counts[start]
            var end = start + 1
            var rows = 1
            while end < counts.count && (counts[end] == count || count > 0 && counts[end] == 0) {
                if counts[end] == count { rows += 1 }
                end += 1
            }
            if count >= 2 && rows >= leastRun && rows > (best?.rows ?? 0) { best = (start, count, rows) }
            start = end
        }
        // A file of just a header and a row or two is a table too, when every line agrees.
        let lines = counts.filter { $0 > 0 }
        if best == nil, lines.count >= 2, let first = lines.first, first >= 2, lines.allSatisfy({ $0 == first }) {
            best = (counts.firstIndex(of: first) ?? 0, first, lines.count)
        }
        return best
    }

    /// The first `count` lines (CR, LF or CRLF), without their ends.
    static func firstLines(of bytes: [UInt8], count: Int) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        var i = 0
        var quoted = false
        while i < bytes.count && lines.count < count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\"") { quoted.toggle() }
            if !quoted && (byte == 10 || byte == 13) {
                lines.append(bytes[start..<i])
                if byte == 13 && i + 1 < bytes.count && bytes[i + 1] == 10 { i += 1 }
                start = i + 1
            }
            i += 1
        }
        if start < bytes.count && lines.count < count { lines.append(bytes[start..<bytes.count]) }
        return lines
    }

    /// Fields in one line, quotes respected; 0 for a blank line.
    static func fieldCount(_ line: ArraySlice<UInt8>, separator: UInt8) -> Int {
        guard line.contains(where: { $0 != 32 && $0 != 9 }) || separator == 9 && line.contains(9) else { return 0 }
        var fields = 1
        var quoted = false
        for byte in line {
            if byte == UInt8(ascii: "\"") { quoted.toggle() } else if byte == separator && !quoted { fields += 1 }
        }
        return fields
    }

    /// A comma with a digit on each side and no point in the number.
    static func hasDecimalComma(_ line: ArraySlice<UInt8>) -> Bool {
        let bytes = Array(line)
        return bytes.indices.contains { i in
            bytes[i] == UInt8(ascii: ",") && i > 0 && i + 1 < bytes.count && (48...57).contains(bytes[i - 1]) && (48...57).contains(bytes[i + 1])
        }
    }
}
