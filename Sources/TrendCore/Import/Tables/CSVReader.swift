/// A small RFC 4180 reader: quoted fields with embedded separators, quotes
/// and line breaks, CRLF or LF, a UTF-8 byte-order mark, and a choice of
/// separator (`;` for Libra).
package struct CSVReader: Sequence, Sendable {
    package struct Row: Equatable, Sendable {
        /// The 1-based line the record starts on, for error messages.
        package let line: Int
        package let fields: [String]
        /// A quoted field opened here never closes: the record ran to the end
        /// of the file, so it (and everything after it) cannot be read.
        package var isUnterminated = false
    }

    let bytes: [UInt8]
    let separator: UInt8

    package init(bytes: [UInt8], separator: Character = ",") {
        // A byte-order mark is not part of the first header name.
        self.bytes = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        self.separator = separator.asciiValue ?? UInt8(ascii: ",")
    }

    package init(text: String, separator: Character = ",") {
        self.init(bytes: Array(text.utf8), separator: separator)
    }

    package func makeIterator() -> Iterator { Iterator(bytes: bytes, separator: separator) }

    /// The separator the first lines use most, outside quotes: `,`, `;`,
    /// tab or `|` (a comma when none is there).
    package static func separator(guessedFrom bytes: [UInt8]) -> Character {
        var counts: [UInt8: Int] = [:]
        var quoted = false
        var lines = 0
        for byte in bytes.prefix(16_384) {
            if byte == 34 { quoted.toggle() }
            guard !quoted else { continue }
            if byte == 10 {
                lines += 1
                if lines == 5 { break }
            }
            if byte == 44 || byte == 59 || byte == 9 || byte == 124 { counts[byte, default: 0] += 1 }
        }
        guard let best = counts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key != 44) }) else { return "," }
        return Character(Unicode.Scalar(best.key))
    }

    package struct Iterator: IteratorProtocol {
        let bytes: [UInt8]
        let separator: UInt8
        var index = 0
        var line = 1
        /// The last record's field count: most records have as many.
        var expectedFields = 4

        /// The next record's fields as byte ranges, when none of them is
        /// quoted (what most lines of a large export are): no strings are
        /// made. A record with a quote leaves the reader where it was and
        /// returns false; `next()` then reads it in full.
        package mutating func nextRanges(_ ranges: inout [Range<Int>], line recordLine: inout Int) -> Bool {
            ranges.removeAll(keepingCapacity: true)
            guard index < bytes.count else { return false }
            let separator = separator
            let start = index
            let found = bytes.withUnsafeBufferPointer { b -> Int? in
                var i = start
                var fieldStart = start
                let count = b.count
                while i < count {
                    let byte = b[i]
                    if byte == separator {
                        ranges.append(fieldStart..<i)
                        fieldStart = i + 1
                    } else if byte == 10 || byte == 13 {
                        ranges.append(fieldStart..<i)
                        return byte == 13 && i + 1 < count && b[i + 1] == 10 ? i + 2 : i + 1
                    } else if byte == UInt8(ascii: "\"") {
                        return nil
                    }
                    i += 1
                }
                ranges.append(fieldStart..<count)
                return count
            }
            guard let end = found else {
                ranges.removeAll(keepingCapacity: true)
                return false
            }
            recordLine = line
            line += 1
            index = end
            return true
        }

        package mutating func next() -> Row? {
            guard index < bytes.count else { return nil }
            let startLine = line
            var fields: [String] = []
            fields.reserveCapacity(expectedFields)
            let separator = separator
            return bytes.withUnsafeBufferPointer { b -> Row in
                let count = b.count
                while true {
                    // An unquoted field is taken as one slice of the bytes, not a byte at a time.
                    if index < count && b[index] != UInt8(ascii: "\"") {
                        let start = index
                        while index < count {
                            let byte = b[index]
                            if byte == separator || byte == 10 || byte == 13 { break }
                            index += 1
                        }
                        fields.append(String(decoding: UnsafeBufferPointer(rebasing: b[start..<index]), as: UTF8.self))
                    } else if index < count {
                        // A quoted field: quotes doubled inside it, separators and line breaks kept.
                        var field: [UInt8] = []
                        index += 1
                        var closed = false
                        while index < count {
                            let byte = b[index]
                            index += 1
                            if byte == UInt8(ascii: "\"") {
                                if index < count && b[index] == UInt8(ascii: "\"") {
                                    field.append(byte)
                                    index += 1
                                } else {
                                    closed = true
                                    break
                                }
                            } else {
                                if byte == 10 { line += 1 }
                                field.append(byte)
                            }
                        }
                        if !closed {
                            fields.append(String(decoding: field, as: UTF8.self))
                            expectedFields = fields.count
                            return Row(line: startLine, fields: fields, isUnterminated: true)
                        }
                        // Text after the closing quote, up to the separator, belongs to the field (as before).
                        while index < count {
                            let byte = b[index]
                            if byte == separator || byte == 10 || byte == 13 { break }
                            field.append(byte)
                            index += 1
                        }
                        fields.append(String(decoding: field, as: UTF8.self))
                    } else {
                        fields.append("")
                    }
                    guard index < count else {
                        expectedFields = fields.count
                        return Row(line: startLine, fields: fields)
                    }
                    let byte = b[index]
                    index += 1
                    if byte == separator { continue }
                    // CRLF, LF or CR ends the record.
                    if byte == 13 && index < count && b[index] == 10 { index += 1 }
                    line += 1
                    expectedFields = fields.count
                    return Row(line: startLine, fields: fields)
                }
            }
        }
    }
}
