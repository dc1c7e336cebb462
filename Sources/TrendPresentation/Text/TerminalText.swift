/// Text that is safe to print on a terminal (SPEC §4): notes, imported
/// cells and file names come from outside, and a control character in them
/// could move the cursor, set the title, write the clipboard or fake a row;
/// a bidi override could make a row read backwards, and a zero-width
/// character hide what a name really is.
extension StringProtocol {
    /// `\n`, `\t`, `\r` by name; other C0 and C1 controls and DEL as `\xHH`;
    /// bidi overrides and isolates, zero-width and other invisible format
    /// characters, and line and paragraph separators as `\u{202E}`. A joiner
    /// inside an emoji (👩‍💻) and the tags of a flag stay: they draw as one picture.
    public var terminalSafe: String {
        guard TerminalText.needsEscaping(self) else { return String(self) }
        var out = ""
        for character in self {
            let scalars = character.unicodeScalars
            var previous: Unicode.Scalar?
            var rest = scalars.makeIterator()
            var next = rest.next()
            while let scalar = next {
                next = rest.next()
                switch scalar {
                case "\n": out += "\\n"
                case "\t": out += "\\t"
                case "\r": out += "\\r"
                case _ where TerminalText.isControl(scalar):
                    out += "\\x" + TerminalText.hex(scalar, digits: 2)
                case _ where TerminalText.isInvisible(scalar) && !TerminalText.joinsEmoji(scalar, after: previous, before: next, in: scalars.first):
                    out += "\\u{" + TerminalText.hex(scalar, digits: 1) + "}"
                default: out.unicodeScalars.append(scalar)
                }
                previous = scalar
            }
        }
        return out
    }
}

public enum TerminalText {
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Drawn as nothing, or as a reordering or a line break of what
    /// follows: bidi embeddings, overrides and isolates (U+202A–202E,
    /// U+2066–2069), marks (U+200E, U+200F, U+061C), zero-width spaces
    /// and joiners, the word joiner and invisible operators, the byte-order
    /// mark, tags, and every other format character; line and paragraph separators.
    public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.value >= 0xAD else { return false }
        switch scalar.properties.generalCategory {
        case .format, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }

    /// A zero-width joiner between two pictures, or a tag in a flag (🏴 and its tags): part of one emoji.
    static func joinsEmoji(_ scalar: Unicode.Scalar, after previous: Unicode.Scalar?, before next: Unicode.Scalar?, in first: Unicode.Scalar?) -> Bool {
        if scalar == "\u{200D}" {
            guard let previous, let next else { return false }
            return isPicture(next) && (isPicture(previous) || previous == "\u{FE0F}" || previous.properties.isEmojiModifier)
        }
        return (0xE0020...0xE007F).contains(scalar.value) && first == "\u{1F3F4}"
    }

    private static func isPicture(_ scalar: Unicode.Scalar) -> Bool {
        !scalar.isASCII && scalar.properties.isEmoji
    }

    /// Whether any character in `text` would be escaped; plain printable ASCII is checked byte by byte.
    static func needsEscaping(_ text: some StringProtocol) -> Bool {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F }) else { return false }
        return text.unicodeScalars.contains { isControl($0) || isInvisible($0) }
    }

    static func hex(_ scalar: Unicode.Scalar, digits: Int) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - hex.count)) + hex
    }
}
