import Testing
@testable import TrendPresentation

/// SPEC §19: text is measured by the cells a terminal gives it, and what
/// could move the cursor, reorder a line or hide a character is shown escaped.
@Suite("Display width and text safe to print")
struct DisplayWidthTests {
    @Test(
        "each character takes the cells a terminal gives it",
        arguments: [
            ("abc", 3), ("日本", 4), ("한국어", 6), ("e\u{301}", 1), ("Ａ", 2), ("ｱ", 1), ("👩\u{200D}💻", 2), ("❤\u{FE0F}", 2), ("🇫🇷", 2),
            ("\u{200B}", 0), ("\u{FE0F}", 0), ("\u{301}", 0), ("a\u{1B}b", 2), ("😀x", 3),
        ] as [(String, Int)])
    func width(text: String, columns: Int) {
        #expect(DisplayWidth.of(text) == columns)
    }

    @Test("a start and an end of text cut to a number of cells never split a wide character")
    func cutting() {
        #expect(DisplayWidth.prefix("ab日本", fitting: 3) == "ab")
        #expect(DisplayWidth.prefix("ab日本", fitting: 4) == "ab日")
        #expect(DisplayWidth.suffix("日本ab", fitting: 3) == "ab")
        #expect(DisplayWidth.suffix("日本ab", fitting: 4) == "本ab")
    }

    @Test(
        "controls, bidi overrides and zero-width characters are shown escaped; an emoji's joiners stay",
        arguments: [
            ("a\u{9B}b\u{9D}c\u{9C}", "a\\x9Bb\\x9Dc\\x9C"),
            ("\u{1B}[2J", "\\x1B[2J"),
            ("abc\u{202E}fdp.exe", "abc\\u{202E}fdp.exe"),
            ("\u{2066}x\u{2069}", "\\u{2066}x\\u{2069}"),
            ("pay\u{200B}pal", "pay\\u{200B}pal"),
            ("a\u{200D}b", "a\\u{200D}b"),
            ("\u{FEFF}note", "\\u{FEFF}note"),
            ("line\u{2028}break", "line\\u{2028}break"),
            ("👩\u{200D}💻 at work", "👩\u{200D}💻 at work"),
            ("🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}", "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}"),
            ("日本語のメモ", "日本語のメモ"),
            ("tab\there", "tab\\there"),
        ] as [(String, String)])
    func escaping(text: String, shown: String) {
        #expect(text.terminalSafe == shown)
    }

    @Test("a table pads by cells: a wide character takes two")
    func tablePadding() {
        var table = TextTable(headers: ["NAME", "NOTE"])
        table.add(["日本", "a"])
        table.add(["abcde", "b"])
        let lines = table.rendered(display: Display()).split(separator: "\n").map(String.init)
        #expect(lines == ["NAME   NOTE", "日本   a", "abcde  b"])
    }

    @Test("wrapping measures cells: no line of wide text is wider than the width")
    func wrapping() {
        let text = String(repeating: "日本語", count: 10) + " 朝ごはん"
        let lines = TextWrap.wrap(text, indent: 4, width: 20).split(separator: "\n")
        #expect(lines.count > 2)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 20 }, "\(lines)")
        #expect(lines.map { $0.dropFirst(4) }.joined().replacing(" ", with: "") == text.replacing(" ", with: ""), "nothing lost")
    }
}
