/// Words laid out to a width: help, report details, messages.
public enum TextWrap {
    /// Word-wraps `text` to `width`, every line indented by `indent`.
    public static func wrap(_ text: String, indent: Int, width: Int) -> String {
        let limit = max(width, indent + 20)
        let pad = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = pad
        for word in text.split(separator: " ") {
            if line.count > indent && line.count + 1 + word.count > limit {
                lines.append(line)
                line = pad
            }
            line += (line.count > indent ? " " : "") + word
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}
