/// RFC 4180 fields, as every CSV that trend writes quotes them.
public enum CSVField {
    /// The text as a field: quoted when it holds a comma, quote or line break.
    public static func quoted(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        var quoted = "\""
        for character in text {
            quoted.append(character)
            if character == "\"" { quoted.append("\"") }
        }
        return quoted + "\""
    }
}
