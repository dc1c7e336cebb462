import Testing
@testable import TrendPresentation

/// SPEC §17's tables: columns padded to their widest cell by characters,
/// right-aligned numbers, no trailing spaces, a last column that wraps
/// under itself, and one row at a time when the others do not fit.
@Suite("Text tables")
struct TextTableLayoutTests {
    func table() -> TextTable {
        var table = TextTable(headers: ["ID", "WEIGHT", "NOTE"], rightAligned: [1])
        table.add(["é1", "80.5 kg", "Müller's scale, après le café"])
        table.add(["b22", "9.0 kg", ""])
        table.add(["c", "100.25 kg", "日本"])
        return table
    }

    @Test("cells are padded by characters, not bytes; numbers align right; no line ends in a space")
    func padding() {
        let lines = table().rendered(display: Display()).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines == [
            "ID      WEIGHT  NOTE",
            "é1     80.5 kg  Müller's scale, après le café",
            "b22     9.0 kg",
            "c    100.25 kg  日本",
            "",
        ])
    }

    @Test("a last column too wide for the display wraps under itself")
    func wrapsLastColumn() {
        let lines = table().rendered(display: Display(width: 34)).split(separator: "\n").map(String.init)
        #expect(lines[1] == "é1     80.5 kg  Müller's scale,")
        #expect(lines[2] == String(repeating: " ", count: 16) + "après le café", "under the column: 3 + 2 + 9 + 2 columns in")
        #expect(lines.allSatisfy { $0.count <= 34 })
    }

    @Test("when the other columns do not fit, each row is shown as header and value lines")
    func vertical() {
        let text = table().rendered(display: Display(width: 24))
        #expect(text.contains("ID      é1\nWEIGHT  80.5 kg\n"))
        #expect(!text.contains("ID      WEIGHT"))
    }

    /// The same rows, made on demand each time the table asks.
    func streamedTable() -> TextTable {
        let rows = [["é1", "80.5 kg", "Müller's scale, après le café"], ["b22", "9.0 kg", ""], ["c", "100.25 kg", "日本"]]
        return TextTable(headers: ["ID", "WEIGHT", "NOTE"], rightAligned: [1]) { row in rows.forEach(row) }
    }

    @Test("a table whose rows are made as it is written lays out byte for byte as one holding them, at every width",
          arguments: [nil, 80, 34, 24] as [Int?])
    func streamedRows(_ width: Int?) {
        let display = Display(width: width)
        var pieces: [[UInt8]] = []
        streamedTable().write(display: display) { pieces.append($0) }
        #expect(String(decoding: pieces.joined(), as: UTF8.self) == table().rendered(display: display))
        #expect(streamedTable().rendered(display: display) == table().rendered(display: display))
    }

    @Test("a long table is handed on in pieces of about 64 KiB, never held whole")
    func longTableInPieces() {
        let table = TextTable(headers: ["N", "TEXT"], rightAligned: [0]) { row in
            for n in 0..<20_000 { row(["\(n)", "row \(n) of a long listing"]) }
        }
        var sizes: [Int] = []
        table.write(display: Display()) { sizes.append($0.count) }
        #expect(sizes.count > 5 && sizes.dropLast().allSatisfy { $0 >= 1 << 16 && $0 < (1 << 16) + 4096 }, "\(sizes)")
    }
}
