/// How an import file's text is read (SPEC §6: text is never replaced
/// silently). UTF-8 as it is; a file with not one UTF-8 sequence beyond
/// ASCII but other high bytes is older Windows text and read as
/// Windows-1252 (the summary says so); a file that mixes UTF-8 with bytes
/// that are not is read as UTF-8, and each row holding such bytes is an
/// unreadable row, never a row with U+FFFD in it.
struct ImportText {
    enum Encoding: Equatable {
        case utf8
        case windows1252
        /// UTF-8 with bytes that are not: rows holding them are refused.
        case brokenUTF8
    }

    let bytes: [UInt8]
    let encoding: Encoding

    init(_ given: [UInt8]) {
        var raw = given
        // UTF-16 with its byte-order mark, as spreadsheets save "Unicode text" (SPEC §18).
        if raw.starts(with: [0xFF, 0xFE]) || raw.starts(with: [0xFE, 0xFF]), let text = Self.utf16(raw) {
            raw = Array(text.utf8)
        }
        guard String(validating: raw, as: UTF8.self) == nil else {
            bytes = raw
            encoding = .utf8
            return
        }
        if Self.hasMultibyteUTF8(raw) {
            bytes = raw
            encoding = .brokenUTF8
        } else {
            bytes = Array(Windows1252.decode(raw).utf8)
            encoding = .windows1252
        }
    }

    /// UTF-16 after its byte-order mark, little- or big-endian; nil when it
    /// is not (an odd length, a lone surrogate).
    /// With `prefix`, the bytes are a file's head, cut anywhere: an odd
    /// last byte and a pair cut in two are left out.
    static func utf16(_ bytes: [UInt8], prefix: Bool = false) -> String? {
        guard bytes.count % 2 == 0 || prefix, bytes.count >= 2 else { return nil }
        let little = bytes[0] == 0xFF
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2 - 1)
        var i = 2
        while i + 1 < bytes.count {
            units.append(little ? UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8 : UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]))
            i += 2
        }
        var text = ""
        var decoder = UTF16()
        var iterator = units.makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): text.unicodeScalars.append(scalar)
            case .emptyInput: return text
            case .error: return prefix ? text : nil
            }
        }
    }

    /// What is wrong with a file that starts with a UTF-16 byte-order mark
    /// but is not UTF-16 text; nil for any other file.
    static func utf16Problem(_ bytes: [UInt8]) -> String? {
        guard bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]), utf16(bytes) == nil else { return nil }
        let order = bytes[0] == 0xFF ? "little-endian" : "big-endian"
        let why = bytes.count % 2 == 1 ? "it has an odd number of bytes" : "it holds half of a surrogate pair"
        return "it starts with a UTF-16 (\(order)) byte-order mark, but \(why), so it is not UTF-16 text; save it again as UTF-8 or UTF-16"
    }

    /// Whether any well-formed sequence of two to four bytes is there.
    static func hasMultibyteUTF8(_ bytes: [UInt8]) -> Bool {
        var i = 0
        while i < bytes.count {
            let lead = bytes[i]
            let length = lead >= 0xF0 && lead <= 0xF4 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 && lead <= 0xDF ? 2 : 1
            if lead >= 0x80, length > 1, i + length <= bytes.count,
                bytes[(i + 1)..<(i + length)].allSatisfy({ $0 & 0xC0 == 0x80 }),
                String(validating: bytes[i..<(i + length)], as: UTF8.self) != nil
            {
                return true
            }
            i += 1
        }
        return false
    }

    /// What a row with bytes that are not UTF-8 is told.
    static let brokenRowReason = "the row holds bytes that are not UTF-8 text; save the file as UTF-8"
}

/// Windows-1252, as older Windows programs write text: Latin-1 with
/// typographic characters in 0x80–0x9F.
enum Windows1252 {
    /// The five bytes Windows-1252 leaves undefined stay the C1 controls of
    /// the same value (as browsers read them): shown escaped, never replaced.
    private static let high: [UInt32] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
    ]

    static func decode(_ bytes: [UInt8]) -> String {
        var scalars = String.UnicodeScalarView()
        for byte in bytes {
            let value = (0x80...0x9F).contains(byte) ? high[Int(byte) - 0x80] : UInt32(byte)
            scalars.append(Unicode.Scalar(value)!)
        }
        return String(scalars)
    }
}
