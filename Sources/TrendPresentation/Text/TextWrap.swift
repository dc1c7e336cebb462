/// Words laid out to a width: help, report details, messages.
public enum TextWrap {
    /// Word-wraps `text` to `width`, every line indented by `indent`. No
    /// line is longer than `width` (SPEC §17): a word longer than the room
    /// left is broken across lines, and an indent that leaves less than 10
    /// columns shrinks to leave them.
    public static func wrap(_ text: String, indent: Int, width: Int) -> String {
        let indent = max(0, min(indent, width - 10))
        let room = max(1, width - indent)
        let pad = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in text.split(separator: " ") {
            var word = Substring(word)
            var wordWidth = DisplayWidth.of(word)
            if !line.isEmpty && lineWidth + 1 + wordWidth > room {
                lines.append(pad + line)
                line = ""
                lineWidth = 0
            }
            while wordWidth > room {
                // Longer than a whole line: broken where the line ends (the line is empty here).
                var head = DisplayWidth.prefix(word, fitting: room)
                if head.isEmpty { head = word.prefix(1) }
                lines.append(pad + head)
                word = word[head.endIndex...]
                wordWidth = DisplayWidth.of(word)
            }
            guard !word.isEmpty else { continue }
            lineWidth += (line.isEmpty ? 0 : 1) + wordWidth
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(pad + line)
        return lines.joined(separator: "\n")
    }

    /// `lead` followed by `text` wrapped to
    /// `width` under itself; when that leaves under `least` columns, `text`
    /// goes on the lines below, indented by 2. Without a width, one line.
    public static func hanging(_ lead: String, _ text: String, width: Int?, least: Int = 10) -> String {
        guard let width, DisplayWidth.of(lead) + DisplayWidth.of(text) > width else { return lead + text }
        let column = DisplayWidth.of(lead)
        if column <= width - least {
            return lead + wrap(text, indent: column, width: width).dropFirst(column)
        }
        var head = lead
        while head.hasSuffix(" ") { head.removeLast() }
        let below = wrap(text, indent: 2, width: width)
        if head.isEmpty { return below }
        return (DisplayWidth.of(head) > width ? wrap(head, indent: 0, width: width) : head) + "\n" + below
    }
}
