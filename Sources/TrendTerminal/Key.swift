/// A key as the dashboard reads it.
public enum Key: Equatable, Sendable {
    case character(Character)
    /// Ctrl and a letter (`control("c")` is Ctrl-C): raw mode delivers them as bytes.
    case control(Character)
    case enter, escape, tab, backspace
    case up, down, left, right, pageUp, pageDown, home, end
    /// Text pasted while bracketed paste is on: text, never keys.
    case paste(String)
}

/// Turns what a terminal sends into keys: UTF-8 text, control bytes, the
/// CSI and SS3 sequences of the arrows and paging keys, and bracketed
/// pastes. A sequence it does not know is skipped whole, never read as the
/// letters it ends with. A read may end inside a sequence, a character or a
/// paste: the decoder keeps that part for the next read.
public struct KeyDecoder: Sendable {
    /// The start of a read's last sequence or character, still to come whole.
    private var pending: [UInt8] = []
    /// Inside a bracketed paste: what it has brought so far.
    private var paste: [UInt8]?

    /// What a terminal sends around pasted text once bracketed paste is on (`ESC [ ? 2004 h`).
    static let pasteStart = Array("\u{1B}[200~".utf8)
    static let pasteEnd = Array("\u{1B}[201~".utf8)
    /// A paste keeps at most this many bytes; a prompt takes one line of it.
    public static let pasteLimit = 64 * 1024

    public init() {}

    /// The keys in one read, in a decoder that has not read before.
    public static func keys(in bytes: [UInt8]) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.keys(in: bytes)
    }

    public mutating func keys(in bytes: [UInt8]) -> [Key] {
        let bytes = pending + bytes
        pending = []
        var keys: [Key] = []
        var index = 0
        while index < bytes.count {
            if paste != nil {
                index = readPaste(bytes, from: index, into: &keys)
                continue
            }
            let byte = bytes[index]
            switch byte {
            case 0x1B:
                guard let (key, length) = Self.escapeSequence(bytes, at: index) else {
                    pending = Array(bytes[index...])
                    return keys
                }
                if bytes[index..<(index + length)].elementsEqual(Self.pasteStart) {
                    paste = []
                } else if let key {
                    keys.append(key)
                }
                index += length
                continue
            case 0x0D, 0x0A: keys.append(.enter)
            case 0x09: keys.append(.tab)
            case 0x7F, 0x08: keys.append(.backspace)
            case 0x01...0x1A: keys.append(.control(Character(Unicode.Scalar(byte + 0x60))))
            case 0x20...0x7E: keys.append(.character(Character(Unicode.Scalar(byte))))
            case 0xC0...0xF7:
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                guard index + length <= bytes.count else {
                    pending = Array(bytes[index...])
                    return keys
                }
                if let text = String(validating: bytes[index..<(index + length)], as: UTF8.self), let character = text.first { keys.append(.character(character)) }
                index += length
                continue
            default: break
            }
            index += 1
        }
        return keys
    }

    /// Takes pasted bytes from `start` up to the paste's end, or up to the
    /// read's end (keeping back what may be the start of the end marker);
    /// returns where reading goes on.
    private mutating func readPaste(_ bytes: [UInt8], from start: Int, into keys: inout [Key]) -> Int {
        let end = Self.pasteEnd
        var index = start
        while index < bytes.count {
            if bytes[index] == 0x1B {
                let available = bytes.count - index
                if available < end.count {
                    guard bytes[index...].elementsEqual(end.prefix(available)) else {
                        index += 1
                        continue
                    }
                    keep(bytes[start..<index])
                    pending = Array(bytes[index...])
                    return bytes.count
                }
                if bytes[index..<(index + end.count)].elementsEqual(end) {
                    keep(bytes[start..<index])
                    keys.append(.paste(String(decoding: paste ?? [], as: UTF8.self)))
                    paste = nil
                    return index + end.count
                }
            }
            index += 1
        }
        keep(bytes[start...])
        return bytes.count
    }

    private mutating func keep(_ bytes: ArraySlice<UInt8>) {
        guard var text = paste else { return }
        text += bytes.prefix(max(0, Self.pasteLimit - text.count))
        paste = text
    }

    /// The key an escape sequence at `start` stands for (nil: none), and
    /// its length; nil when the read ended inside it. A lone ESC (nothing
    /// after it in the same read) is the Escape key.
    private static func escapeSequence(_ bytes: [UInt8], at start: Int) -> (Key?, Int)? {
        guard start + 1 < bytes.count else { return (.escape, 1) }
        let kind = bytes[start + 1]
        guard kind == UInt8(ascii: "[") || kind == UInt8(ascii: "O") else { return (.escape, 1) }
        // Parameters, then one final byte from @ to ~.
        var end = start + 2
        while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
        guard end < bytes.count else { return nil }
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
