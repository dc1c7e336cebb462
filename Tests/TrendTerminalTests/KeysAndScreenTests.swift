import Testing

@testable import TrendTerminal

@Suite("Keys are read and the screen is drawn as a terminal needs")
struct KeysAndScreenTests {
    @Test(
        "the bytes a terminal sends are the keys pressed",
        arguments: [
            ([0x31], [Key.character("1")]),
            ([0x1B, 0x5B, 0x43], [.right]),
            ([0x1B, 0x5B, 0x44, 0x1B, 0x5B, 0x41], [.left, .up]),
            ([0x1B, 0x4F, 0x42], [.down]),
            ([0x1B, 0x5B, 0x35, 0x7E, 0x1B, 0x5B, 0x36, 0x7E], [.pageUp, .pageDown]),
            ([0x09, 0x0D, 0x7F], [.tab, .enter, .backspace]),
            ([0x03, 0x1A], [.control("c"), .control("z")]),
            ([0x1B], [.escape]),
            ([0xC3, 0xA9], [.character("é")]),
            // An unknown sequence is skipped whole, not read as the letters it ends with.
            ([0x1B, 0x5B, 0x32, 0x30, 0x39, 0x7E, 0x71], [.character("q")]),
        ] as [([UInt8], [Key])])
    func decoding(bytes: [UInt8], keys: [Key]) {
        #expect(KeyDecoder.keys(in: bytes) == keys)
    }

    @Test("text past an edge of the screen is cut there")
    func clipping() {
        var screen = Screen(columns: 5, rows: 2)
        screen.put("abcdefgh", row: 0, column: 2)
        screen.put("never", row: 2)
        screen.put("xy", row: 1, column: -1)
        #expect(screen.text == "  abc\ny")
    }

    @Test("a chart line's colours become the cells' styles")
    func styledLine() {
        var screen = Screen(columns: 6, rows: 1)
        screen.put(styledLine: "a\u{1B}[34mbc\u{1B}[0md", row: 0)
        #expect(screen.text == "abcd")
        #expect(screen[0, 0].style == "")
        #expect(screen[0, 1].style == "34")
        #expect(screen[0, 3].style == "")
    }

    @Test("after the first frame only the cells that changed are written")
    func onlyChangedCells() {
        var renderer = ScreenRenderer()
        var screen = Screen(columns: 40, rows: 3)
        screen.put("range 1M", row: 0)
        screen.put("q quit", row: 2)
        let first = String(decoding: renderer.update(to: screen), as: UTF8.self)
        #expect(first.contains("\u{1B}[2J") && first.contains("q quit"))
        screen.put("3", row: 0, column: 6)
        let second = String(decoding: renderer.update(to: screen), as: UTF8.self)
        #expect(second.contains("\u{1B}[1;7H3"), "the one cell, at its place")
        #expect(!second.contains("quit") && !second.contains("range"))
        #expect(renderer.update(to: screen).count <= "\u{1B}[0m".utf8.count, "nothing changed, nothing written")
        renderer.invalidate()
        #expect(String(decoding: renderer.update(to: screen), as: UTF8.self).contains("q quit"), "all of it after a resize")
    }
}
