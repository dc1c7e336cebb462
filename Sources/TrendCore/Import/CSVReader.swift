/// A small RFC 4180 reader: quoted fields with embedded separators, quotes
/// and line breaks, CRLF or LF, a UTF-8 byte-order mark, and a choice of
/// separator (`;` for Libra).
package struct CSVReader: Sequence, Sendable {
    package struct Record: Equatable, Sendable {
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

    package struct Iterator: IteratorProtocol {
        let bytes: [UInt8]
        let separator: UInt8
        var index = 0
        var line = 1

        package mutating func next() -> Record? {
            guard index < bytes.count else { return nil }
            let startLine = line
            var fields: [String] = []
            var field: [UInt8] = []
            var quoted = false
            var wasQuoted = false
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if quoted {
                    if byte == UInt8(ascii: "\"") {
                        if index < bytes.count && bytes[index] == UInt8(ascii: "\"") {
                            field.append(byte)
                            index += 1
                        } else {
                            quoted = false
                        }
                    } else {
                        if byte == 10 { line += 1 }
                        field.append(byte)
                    }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\"") where field.isEmpty && !wasQuoted:
                    quoted = true
                    wasQuoted = true
                case separator:
                    fields.append(String(decoding: field, as: UTF8.self))
                    field.removeAll(keepingCapacity: true)
                    wasQuoted = false
                case 13 where index < bytes.count && bytes[index] == 10:
                    continue
                case 10, 13:
                    line += 1
                    fields.append(String(decoding: field, as: UTF8.self))
                    return Record(line: startLine, fields: fields)
                default:
                    field.append(byte)
                }
            }
            fields.append(String(decoding: field, as: UTF8.self))
            return Record(line: startLine, fields: fields, isUnterminated: quoted)
        }
    }
}
