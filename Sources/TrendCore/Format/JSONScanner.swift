#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A strict, allocation-light JSON reader over UTF-8 bytes.
///
/// The data files are read by walking their known layout with this scanner
/// instead of `JSONDecoder`: it is several times faster, and it reports what
/// `JSONDecoder` cannot: duplicate keys and the line and column of a fault.
struct JSONScanner {
    struct Failure: Error, Equatable {
        let offset: Int
        let reason: String
    }

    /// Borrowed: a scanner lives inside `withUnsafeBufferPointer` (or a
    /// mapped file) and never outlives it.
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    /// Told every 8 MiB how far the reading has come, or nil: a mapped file
    /// lets go of the pages before it, a long merge shows it (SPEC §6).
    private let release: ((Int) -> Void)?
    private var releasedUpTo = 0

    init(bytes: UnsafeBufferPointer<UInt8>, release: ((Int) -> Void)? = nil) {
        self.bytes = bytes
        self.release = release
    }

    /// Lets go of what was read, every 8 MiB: a long history read from a
    /// mapped file then holds its records, not the records and the file.
    mutating func releaseRead() {
        guard let release, index - releasedUpTo >= 8 << 20 else { return }
        release(index)
        releasedUpTo = index
    }

    var offset: Int { index }

    func fail(_ reason: String, at offset: Int? = nil) -> Failure {
        Failure(offset: offset ?? index, reason: reason)
    }

    /// 1-based line and column of a byte offset.
    func position(of offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        var i = 0
        let end = min(offset, bytes.count)
        while i < end {
            if bytes[i] == 10 {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
        return (line, end - lineStart + 1)
    }

    @inline(__always) mutating func skipWhitespace() {
        // Most calls find a value, not a space.
        if index < bytes.count && bytes[index] > 0x20 { return }
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    @inline(__always) mutating func peek() -> UInt8? {
        skipWhitespace()
        return index < bytes.count ? bytes[index] : nil
    }

    @inline(__always) mutating func expect(_ byte: UInt8, _ what: @autoclosure () -> String) throws(Failure) {
        guard peek() == byte else { throw unexpected(expecting: what()) }
        index += 1
    }

    /// Consumes `byte` if it is next.
    @inline(__always) mutating func take(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        index += 1
        return true
    }

    mutating func expectEnd() throws(Failure) {
        skipWhitespace()
        guard index == bytes.count else { throw fail("unexpected data after the end of the document") }
    }

    func unexpected(expecting what: String) -> Failure {
        guard index < bytes.count else { return fail("unexpected end of file, expected \(what)") }
        let byte = bytes[index]
        if byte == 0 { return fail("unexpected NUL byte, expected \(what)") }
        if byte >= 0x20 && byte < 0x7F {
            return fail("unexpected '\(Character(Unicode.Scalar(byte)))', expected \(what)")
        }
        return fail("unexpected byte 0x\(String(byte, radix: 16)), expected \(what)")
    }

    /// Iterates an object's members, refusing duplicate keys. `body` must
    /// consume the value.
    mutating func readObject(_ body: (inout JSONScanner, String, Int) throws(Failure) -> Void) throws(Failure) {
        try expect(UInt8(ascii: "{"), "'{'")
        if take(UInt8(ascii: "}")) { return }
        var seen: [String] = []
        repeat {
            skipWhitespace()
            let keyOffset = index
            guard peek() == UInt8(ascii: "\"") else { throw unexpected(expecting: "a key in quotes") }
            let key = try readString()
            if seen.contains(key) { throw fail("duplicate key \"\(key)\"", at: keyOffset) }
            seen.append(key)
            try expect(UInt8(ascii: ":"), "':'")
            skipWhitespace()
            try body(&self, key, keyOffset)
        } while take(UInt8(ascii: ","))
        try expect(UInt8(ascii: "}"), "',' or '}'")
    }

    /// The keys an object is expected to have, looked up by a key's bytes
    /// (at most 64).
    struct MemberNames {
        private let names: [StaticString]
        /// For each first byte, the first name that starts with it (-1: none).
        private let byFirstByte: [Int8]

        init(_ names: [StaticString]) {
            precondition(names.count <= 64)
            self.names = names
            var table = [Int8](repeating: -1, count: 256)
            for (index, name) in names.enumerated().reversed() { table[Int(name.utf8Start[0])] = Int8(index) }
            byFirstByte = table
        }

        func index(of key: UnsafeBufferPointer<UInt8>) -> Int? {
            for index in names.indices where names[index].utf8CodeUnitCount == key.count {
                let name = names[index].utf8Start
                var offset = 0
                while offset < key.count && name[offset] == key[offset] { offset += 1 }
                if offset == key.count { return index }
            }
            return nil
        }

        /// The member whose name is the key whose opening quote is at
        /// `quote`, written plainly, and the offset after its closing quote.
        /// A key is looked up by its first byte, which tells the names of
        /// a record apart; another name with that byte is then tried too.
        @inline(__always) func match(_ bytes: UnsafeBufferPointer<UInt8>, at quote: Int) -> (member: Int, end: Int)? {
            guard quote + 1 < bytes.count else { return nil }
            let first = Int(byFirstByte[Int(bytes[quote + 1])])
            guard first >= 0 else { return nil }
            for member in first..<names.count where names[member].utf8Start[0] == bytes[quote + 1] {
                let count = names[member].utf8CodeUnitCount
                let close = quote + 1 + count
                if close < bytes.count, bytes[close] == UInt8(ascii: "\""), memcmp(names[member].utf8Start, bytes.baseAddress! + quote + 1, count) == 0 {
                    return (member, close + 1)
                }
            }
            return nil
        }

        func text(_ index: Int) -> String { names[index].description }
    }

    /// Iterates an object whose keys are expected among `names`, matched as
    /// bytes rather than made into strings (a history has a million such
    /// keys): `body` gets the key's index in `names`, or nil for any other
    /// key, and its offset, and must consume the value. A key of `names`
    /// met twice is refused.
    mutating func readMembers(_ names: MemberNames, _ body: (inout JSONScanner, Int?, Int) throws(Failure) -> Void) throws(Failure) {
        try expect(UInt8(ascii: "{"), "'{'")
        if take(UInt8(ascii: "}")) { return }
        var seen: UInt64 = 0
        repeat {
            skipWhitespace()
            let keyOffset = index
            guard peek() == UInt8(ascii: "\"") else { throw unexpected(expecting: "a key in quotes") }
            // A key spelt as trend writes it is matched where it lies; any
            // other (unknown, or with escapes) is decoded, and its UTF-8
            // checked, first.
            let known: Int?
            if let (member, end) = names.match(bytes, at: index) {
                known = member
                index = end
            } else {
                known = try readString(parsing: names.index)
            }
            if let known {
                guard seen & (1 << known) == 0 else { throw fail("duplicate key \"\(names.text(known))\"", at: keyOffset) }
                seen |= 1 << known
            }
            try expect(UInt8(ascii: ":"), "':'")
            skipWhitespace()
            try body(&self, known, keyOffset)
        } while take(UInt8(ascii: ","))
        try expect(UInt8(ascii: "}"), "',' or '}'")
    }

    mutating func readArray(_ body: (inout JSONScanner) throws(Failure) -> Void) throws(Failure) {
        try expect(UInt8(ascii: "["), "'['")
        if take(UInt8(ascii: "]")) { return }
        repeat {
            skipWhitespace()
            try body(&self)
        } while take(UInt8(ascii: ","))
        try expect(UInt8(ascii: "]"), "',' or ']'")
    }

    /// A string's value passed to `parse` as bytes (an id, a date), or nil
    /// when `parse` refuses it; a string with escapes is decoded first.
    /// `width`: the length `parse` expects, tried in place first (a value
    /// that parses holds no quote, escape or control character), so the
    /// bytes of an id or a date are read once, not twice.
    @inline(__always) mutating func readString<Value>(width: Int = 0, parsing parse: (UnsafeBufferPointer<UInt8>) -> Value?) throws(Failure) -> Value? {
        if width > 0, peek() == UInt8(ascii: "\""), index + width + 1 < bytes.count, bytes[index + width + 1] == UInt8(ascii: "\""),
            let value = parse(UnsafeBufferPointer(rebasing: bytes[(index + 1)..<(index + 1 + width)]))
        {
            index += width + 2
            return value
        }
        let start = index
        if let plain = try plainString() {
            return parse(UnsafeBufferPointer(rebasing: bytes[plain]))
        }
        index = start
        var text = try readString()
        return text.withUTF8(parse)
    }

    /// The string at `offset` again, decoded: for a message about it.
    mutating func rereadString(at offset: Int) throws(Failure) -> String {
        index = offset
        return try readString()
    }

    /// The bytes of a string without escapes (checked as UTF-8), consumed;
    /// nil, consuming nothing, when it has escapes.
    private mutating func plainString() throws(Failure) -> Range<Int>? {
        try expect(UInt8(ascii: "\""), "a string")
        let start = index
        var allBits: UInt8 = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                // Invalid UTF-8 is refused, never replaced: what is read back must be what was written.
                guard allBits < 0x80 || String(validating: bytes[start..<index], as: UTF8.self) != nil else {
                    throw fail("invalid UTF-8 in a string", at: start)
                }
                index += 1
                return start..<(index - 1)
            }
            if byte == UInt8(ascii: "\\") {
                index = start - 1
                return nil
            }
            if byte < 0x20 { throw fail("control character in a string") }
            allBits |= byte
            index += 1
        }
        throw fail("unterminated string")
    }

    mutating func readString() throws(Failure) -> String {
        if let plain = try plainString() {
            return String(decoding: bytes[plain], as: UTF8.self)
        }
        // With escapes: decoded into one buffer, made a String once. Each
        // raw run between escapes is checked as UTF-8 where it ends.
        try expect(UInt8(ascii: "\""), "a string")
        let start = index
        while bytes[index] != UInt8(ascii: "\\") { index += 1 }
        var decoded = Array(bytes[start..<index])
        var runStart = start
        func checkRun(upTo end: Int) throws(Failure) {
            guard bytes[runStart..<end].contains(where: { $0 >= 0x80 }) else { return }
            guard String(validating: bytes[runStart..<end], as: UTF8.self) != nil else { throw fail("invalid UTF-8 in a string") }
        }
        func append(_ scalar: UInt32) {
            switch scalar {
            case ..<0x80:
                decoded.append(UInt8(scalar))
            case ..<0x800:
                decoded.append(UInt8(0xC0 | scalar >> 6))
                decoded.append(UInt8(0x80 | scalar & 0x3F))
            case ..<0x10000:
                decoded.append(UInt8(0xE0 | scalar >> 12))
                decoded.append(UInt8(0x80 | scalar >> 6 & 0x3F))
                decoded.append(UInt8(0x80 | scalar & 0x3F))
            default:
                decoded.append(UInt8(0xF0 | scalar >> 18))
                decoded.append(UInt8(0x80 | scalar >> 12 & 0x3F))
                decoded.append(UInt8(0x80 | scalar >> 6 & 0x3F))
                decoded.append(UInt8(0x80 | scalar & 0x3F))
            }
        }
        while true {
            guard index < bytes.count else { throw fail("unterminated string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                try checkRun(upTo: index - 1)
                break
            }
            if byte < 0x20 { throw fail("control character in a string") }
            if byte != UInt8(ascii: "\\") {
                decoded.append(byte)
                index += 1
                continue
            }
            try checkRun(upTo: index)
            index += 1
            guard index < bytes.count else { throw fail("unterminated string") }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): decoded.append(0x22)
            case UInt8(ascii: "\\"): decoded.append(0x5C)
            case UInt8(ascii: "/"): decoded.append(0x2F)
            case UInt8(ascii: "b"): decoded.append(0x08)
            case UInt8(ascii: "f"): decoded.append(0x0C)
            case UInt8(ascii: "n"): decoded.append(0x0A)
            case UInt8(ascii: "r"): decoded.append(0x0D)
            case UInt8(ascii: "t"): decoded.append(0x09)
            case UInt8(ascii: "u"):
                let high = try readHex4()
                if (0xD800..<0xDC00).contains(high) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                    else { throw fail("unpaired surrogate in a string") }
                    index += 2
                    let low = try readHex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw fail("unpaired surrogate in a string") }
                    append(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
                } else {
                    guard Unicode.Scalar(high) != nil else { throw fail("unpaired surrogate in a string") }
                    append(high)
                }
            default:
                throw fail("invalid escape in a string", at: index - 2)
            }
            runStart = index
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    private mutating func readHex4() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("unterminated string") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[index]
            let digit: UInt8
            switch c {
            case 48...57: digit = c - 48
            case 65...70: digit = c - 55
            case 97...102: digit = c - 87
            default: throw fail("invalid \\u escape")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

mutating func readNull() throws(Failure) {
        try readLiteral("null")
    }

    private mutating func readLiteral(_ word: StaticString) throws(Failure) {
        skipWhitespace()
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw unexpected(expecting: "\(word)") }
        let matches = word.withUTF8Buffer { expected in
            for i in 0..<count where bytes[index + i] != expected[i] { return false }
            return true
        }
        guard matches else { throw unexpected(expecting: "\(word)") }
        index += count
    }

    /// Reads and discards any value; for lenient peeks at a newer file.
    mutating func skipValue(depth: Int = 0) throws(Failure) {
        guard depth < 512 else { throw fail("nesting too deep") }
        switch peek() {
        case UInt8(ascii: "{"):
            try readObject { (scanner: inout JSONScanner, _: String, _: Int) throws(Failure) in
                try scanner.skipValue(depth: depth + 1)
            }
        case UInt8(ascii: "["):
            try readArray { (scanner: inout JSONScanner) throws(Failure) in try scanner.skipValue(depth: depth + 1) }
        case UInt8(ascii: "\""): _ = try readString()
        case UInt8(ascii: "t"): try readLiteral("true")
        case UInt8(ascii: "f"): try readLiteral("false")
        case UInt8(ascii: "n"): try readLiteral("null")
        default: _ = try readNumber()
        }
    }

    /// Describes the JSON type of the next value, for "expected X, found Y".
    mutating func kindOfNextValue() -> String {
        switch peek() {
        case UInt8(ascii: "{"): "an object"
        case UInt8(ascii: "["): "an array"
        case UInt8(ascii: "\""): "a string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): "a boolean"
        case UInt8(ascii: "n"): "null"
        case nil: "the end of the file"
        case .some(UInt8(ascii: "-")), .some(UInt8(ascii: "0")...UInt8(ascii: "9")): "a number"
        default: "something that is not JSON"
        }
    }
}
