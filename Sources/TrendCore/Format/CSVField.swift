/// RFC 4180 fields, as every CSV that trend writes quotes them.
package enum CSVField {
    /// The text as a field: quoted when it holds a comma, quote or line break.
    ///
    /// Looks at Unicode scalars, not Characters: `"\r\n"` is one Character
    /// that is neither `"\r"` nor `"\n"`, and a quote followed by a combining
    /// mark is one Character that is not `"\""` (both found by fuzzing).
    package static func quoted(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard scalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        var quoted = String.UnicodeScalarView()
        quoted.append("\"")
        for scalar in scalars {
            quoted.append(scalar)
            if scalar == "\"" { quoted.append("\"") }
        }
        quoted.append("\"")
        return String(quoted)
    }
}
