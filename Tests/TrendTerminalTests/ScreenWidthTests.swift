import Testing

@testable import TrendTerminal

/// SPEC §19: the screen is laid out by display width, so a wide character
/// takes two cells, nothing is written past a row's end, and no control
/// character or bidi override reaches the terminal raw.
@Suite("The screen lays text out by display width")
struct ScreenWidthTests {
    @Test("a wide character takes two cells; one that would straddle the edge is not drawn")
    func wideCells() {
        var screen = Screen(columns: 5, rows: 1)
        let end = screen.put("a日本", row: 0)
        #expect(end == 5)
        #expect(screen.text == "a日本")
        #expect(screen[0, 2].isContinuation && screen[0, 4].isContinuation)
        var narrow = Screen(columns: 4, rows: 1)
        narrow.put("a日本", row: 0)
        #expect(narrow.text == "a日", "本 needs two cells and only one is left")
        #expect(!narrow[0, 3].isContinuation && narrow[0, 3].character == " ")
    }

    @Test("writing over half of a wide character blanks its other half")
    func overwriteHalf() {
        var screen = Screen(columns: 6, rows: 1)
        screen.put("日本語", row: 0)
        screen.put("x", row: 0, column: 1)
        #expect(screen.text == " x本語")
        screen.put("y", row: 0, column: 2)
        #expect(screen.text == " xy 語")
    }

    @Test("control characters and bidi overrides are shown escaped, never put in a cell")
    func escaped() {
        var screen = Screen(columns: 40, rows: 1)
        screen.put("a\u{9B}2J\u{1B}]0;x\u{07}\u{202E}b", row: 0)
        #expect(screen.text == "a\\x9B2J\\x1B]0;x\\x07\\u{202E}b")
        #expect(screen.cells.allSatisfy { cell in !cell.character.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) } || cell.isContinuation })
    }

    @Test("a wide character is written once, and a change to it rewrites it from its first cell")
    func rendering() {
        var renderer = ScreenRenderer()
        var screen = Screen(columns: 10, rows: 1)
        screen.put("ab日本", row: 0)
        let first = String(decoding: renderer.update(to: screen), as: UTF8.self)
        #expect(first.contains("ab日本"))
        #expect(!first.contains("\u{0}"), "no continuation is written")
        screen.put("語", row: 0, column: 4)
        let second = String(decoding: renderer.update(to: screen), as: UTF8.self)
        #expect(second.contains("\u{1B}[1;5H語"), "at its first cell: \(second.debugDescription)")
        #expect(!second.contains("日"))
    }
}
