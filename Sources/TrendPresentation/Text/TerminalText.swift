/// Text that is safe to print on a terminal (SPEC §4): notes, imported
/// cells and file names come from outside, and a control character in them
/// could move the cursor, set the title, write the clipboard or fake a row.
extension StringProtocol {
    /// `\n`, `\t`, `\r` by name; other C0 and C1 controls and DEL as `\xHH`.
    public var terminalSafe: String {
        guard unicodeScalars.contains(where: TerminalText.isControl) else { return String(self) }
        var out = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case _ where TerminalText.isControl(scalar):
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\x" + (hex.count < 2 ? "0" : "") + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

public enum TerminalText {
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
