/// A key as the dashboard reads it.
public enum Key: Equatable, Sendable {
    case character(Character)
    /// Ctrl and a letter (`control("c")` is Ctrl-C): raw mode delivers them as bytes.
    case control(Character)
    case enter, escape, tab, backspace
    case up, down, left, right, pageUp, pageDown, home, end
}

/// Turns what a terminal sends into keys: UTF-8 text, control bytes, and
/// the CSI and SS3 sequences of the arrows and paging keys. A sequence it
/// does not know is skipped whole, never read as the letters it ends with.
public enum KeyDecoder {
    public static func keys(in bytes: [UInt8]) -> [Key] {
        var keys: [Key] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x1B:
                let (key, length) = escapeSequence(bytes, at: index)
                if let key { keys.append(key) }
                index += length
                continue
            case 0x0D, 0x0A: keys.append(.enter)
            case 0x09: keys.append(.tab)
            case 0x7F, 0x08: keys.append(.backspace)
            case 0x01...0x1A: keys.append(.control(Character(Unicode.Scalar(byte + 0x60))))
            case 0x20...0x7E: keys.append(.character(Character(Unicode.Scalar(byte))))
            case 0xC0...0xF7:
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                let end = min(bytes.count, index + length)
                if let text = String(validating: bytes[index..<end], as: UTF8.self), let character = text.first { keys.append(.character(character)) }
                index = end
                continue
            default: break
            }
            index += 1
        }
        return keys
    }

    /// The key an escape sequence at `start` stands for, and its length. A
    /// lone ESC (nothing after it in the same read) is the Escape key.
    private static func escapeSequence(_ bytes: [UInt8], at start: Int) -> (Key?, Int) {
        guard start + 1 < bytes.count else { return (.escape, 1) }
        let kind = bytes[start + 1]
        guard kind == UInt8(ascii: "[") || kind == UInt8(ascii: "O") else { return (.escape, 1) }
        // Parameters, then one final byte from @ to ~.
        var end = start + 2
        while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
        guard end < bytes.count else { return (nil, bytes.count - start) }
        let parameters = String(decoding: bytes[(start + 2)..<end], as: UTF8.self)
        let key: Key? =
            switch bytes[end] {
            case UInt8(ascii: "A"): .up
            case UInt8(ascii: "B"): .down
            case UInt8(ascii: "C"): .right
            case UInt8(ascii: "D"): .left
            case UInt8(ascii: "H"): .home
            case UInt8(ascii: "F"): .end
            case UInt8(ascii: "Z"): .tab
            case UInt8(ascii: "~"):
                switch parameters {
                case "5": .pageUp
                case "6": .pageDown
                case "1", "7": .home
                case "4", "8": .end
                default: nil
                }
            default: nil
            }
        return (key, end - start + 1)
    }
}
