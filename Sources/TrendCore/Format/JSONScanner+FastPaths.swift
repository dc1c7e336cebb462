/// Shortcuts for the canonical `weights.json` layout: keys and fixed-width
/// strings taken as bytes, so a large history reads without allocating.
extension JSONScanner {

    /// Steps over the writer's line break and four-space indent before a
    /// record in one comparison, where `skipWhitespace` takes five turns of
    /// its loop; anything else is left for `skipWhitespace`.
    @inline(__always) mutating func skipRecordIndent() {
        guard index + 8 <= bytes.count, let base = bytes.baseAddress else { return }
        // `\n` and four spaces, the low five bytes of the word.
        if CanonicalBytes.load(base, index) & 0xFF_FFFF_FFFF == 0x20_2020_200A { index += 5 }
    }

    /// The bytes of a string with no escapes, without allocating; nil (and
    /// nothing consumed) when it has escapes, so the caller can fall back.
    mutating func readRawString() throws(Failure) -> Range<Int>? {
        try expect(UInt8(ascii: "\""), "a string")
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return start..<(index - 1)
            }
            if byte == UInt8(ascii: "\\") {
                index = start - 1
                return nil
            }
            if byte < 0x20 { throw fail("control character in a string") }
            index += 1
        }
        throw fail("unterminated string")
    }

    /// Consumes `"date"`, `"id"`, `"kilograms"` or `"note"` and returns its
    /// field bit (1, 2, 4, 8); nil, consuming nothing, for anything else.
    mutating func takeKnownKey() -> UInt8? {
        let i = index
        guard i + 4 < bytes.count, bytes[i] == 34 else { return nil }
        switch bytes[i + 1] {
        case UInt8(ascii: "d") where i + 5 < bytes.count && bytes[i + 2] == 97 && bytes[i + 3] == 116 && bytes[i + 4] == 101 && bytes[i + 5] == 34:
            index = i + 6
            return 1
        case UInt8(ascii: "i") where bytes[i + 2] == 100 && bytes[i + 3] == 34:
            index = i + 4
            return 2
        case UInt8(ascii: "k") where i + 10 < bytes.count && bytes[i + 10] == 34 && matches((i + 1)..<(i + 10), "kilograms"):
            index = i + 11
            return 4
        case UInt8(ascii: "n") where i + 5 < bytes.count && bytes[i + 2] == 111 && bytes[i + 3] == 116 && bytes[i + 4] == 101 && bytes[i + 5] == 34:
            index = i + 6
            return 8
        default:
            return nil
        }
    }

    /// A string of exactly `length` bytes (quotes aside), taken without
    /// looking inside: the caller validates every byte of it. Nil, consuming
    /// nothing, when the closing quote is not where it should be.
    mutating func takeFixedString(_ length: Int) -> Range<Int>? {
        let start = index + 1
        guard index < bytes.count, bytes[index] == 34, start + length < bytes.count, bytes[start + length] == 34 else { return nil }
        index = start + length + 1
        return start..<(start + length)
    }

    /// True when `range` holds exactly `word`.
    func matches(_ range: Range<Int>, _ word: StaticString) -> Bool {
        guard range.count == word.utf8CodeUnitCount else { return false }
        return word.withUTF8Buffer { expected in
            var i = 0
            while i < expected.count {
                if bytes[range.lowerBound + i] != expected[i] { return false }
                i += 1
            }
            return true
        }
    }
}
