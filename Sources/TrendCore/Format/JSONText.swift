/// Writing JSON text by hand: the data files need sorted keys, one entry per
/// line and byte-identical output for the same data, and the report output
/// needs a fixed key order. Both are simpler to get exactly right here than
/// through `JSONEncoder`.
package enum JSONText {
    /// A JSON string literal with the minimal escapes; non-ASCII is kept as UTF-8.
    package static func quoted(_ text: String) -> String {
        // Nearly every string (a key, a date, an id) needs no escape: one
        // pass over the bytes decides, instead of scalar-by-scalar appends.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F }) {
            return "\"" + text + "\""
        }
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
        return out
    }

    /// Appends what `quoted` gives: for reports written as bytes, so a
    /// string that needs no escape is copied in without making a String.
    package static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        // Over the contiguous bytes: a walk over `utf8` goes a scalar at a time.
        var text = text
        let escaped = text.withUTF8 { bytes in
            for byte in bytes where byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F { return true }
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: bytes)
            out.append(UInt8(ascii: "\""))
            return false
        }
        if escaped { out.append(contentsOf: quoted(text).utf8) }
    }

    /// Appends what `number` gives (see `appendNumber(_:to:)` for sinks).
    package static func appendNumber(_ value: Double, toBytes out: inout [UInt8]) {
        appendNumber(value, to: &out)
    }

    /// Shortest text that reads back as the same Double (`75`, `80.5`).
    package static func number(_ value: Double) -> String {
        DecimalText.shortest(value)
    }

    /// What `number` gives, appended as bytes; a short decimal (a weight as
    /// typed: `80.5`, `22.4`, `75`) without making a String on the way:
    /// every write of a long history writes a million of them.
    static func appendNumber<Sink: ByteSink>(_ value: Double, to out: inout Sink) {
        guard let (negative, units, places) = DecimalText.shortDecimal(value) else {
            out.append(contentsOf: number(value).utf8)
            return
        }
        if negative { out.append(UInt8(ascii: "-")) }
        var digits: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            // Right to left: the fraction's digits, the point, then the whole part.
            var end = buffer.count
            var rest = units
            for place in 0..<places {
                end -= 1
                buffer[end] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                if place == places - 1 {
                    end -= 1
                    buffer[end] = UInt8(ascii: ".")
                }
            }
            repeat {
                end -= 1
                buffer[end] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[end...]))
        }
    }
}
