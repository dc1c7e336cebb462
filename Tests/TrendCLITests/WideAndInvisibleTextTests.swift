import Foundation
import Testing
import TestSupport

/// SPEC §4 and §19: text output measures a wide character as two columns,
/// and shows a bidi override or a zero-width character escaped wherever a
/// note is printed as text; JSON and CSV keep the note exactly as typed.
@Suite("Wide and invisible characters in text output")
struct WideAndInvisibleTextTests {
    /// Spoofs a file name backwards, hides a space in a word, isolates a run; the emoji's joiner is part of it.
    static let note = "gnp.\u{202E}exe pay\u{200B}pal \u{2066}x\u{2069} \u{FEFF}👩\u{200D}💻"
    static let shown = "gnp.\\u{202E}exe pay\\u{200B}pal \\u{2066}x\\u{2069} \\u{FEFF}👩\u{200D}💻"
    static let invisible: Set<UInt32> = [0x202E, 0x200B, 0x2066, 0x2069, 0xFEFF]

    @Test("a note's bidi override and zero-width characters are escaped in list, last, intake, measure and undo --list")
    func escapedEverywhere() throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80", "--date", "2026-11-29 07:00", "--note", Self.note)
        try cli.ok("eat", "650", "--date", "2026-11-29 12:00", "--note", Self.note)
        try cli.ok("measure", "waist", "91", "--date", "2026-11-29 07:00", "--note", Self.note)
        for arguments in [["list"], ["last"], ["intake", "--entries"], ["measure", "waist"], ["undo", "--list"]] {
            let output = try cli.ok(arguments).stdout
            #expect(output.contains(Self.shown), "trend \(arguments.joined(separator: " ")): \(output)")
            #expect(!output.unicodeScalars.contains { Self.invisible.contains($0.value) }, "trend \(arguments.joined(separator: " "))")
        }
        let json = try #require(try cli.json(try cli.ok("list", "--format", "json").stdout) as? [[String: Any]])
        #expect(json.first?["note"] as? String == Self.note, "JSON as typed")
        #expect(try cli.ok("list", "--format", "csv").stdout.contains(Self.note), "CSV as typed")
    }

    @Test("a CJK note is wrapped by columns: no line of list is wider than COLUMNS", arguments: [50, 80])
    func wideNoteWraps(columns: Int) throws {
        var cli = try CLIHarness()
        cli.extraEnvironment = ["COLUMNS": String(columns)]
        try cli.ok("log", "80", "--date", "2026-11-29 07:00", "--note", "朝ごはんの前に測った。今日はとても寒い日でした。体重計の電池を替えた。とても長いメモです。")
        let lines = try cli.ok("list").stdout.split(separator: "\n")
        // The test's own measure: two columns for CJK ideographs, kana and CJK punctuation.
        let widths = lines.map { $0.unicodeScalars.reduce(0) { $0 + ((0x3000...0x9FFF).contains($1.value) ? 2 : 1) } }
        #expect(widths.allSatisfy { $0 <= columns }, "\(widths)")
        #expect(lines.joined().replacing(" ", with: "").contains("とても長いメモです。"), "nothing lost")
    }
}
