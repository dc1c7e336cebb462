import Foundation
import Testing
import TestSupport

/// SPEC §18 end to end: the built `trend` imports a table it has never seen
/// with no options and says how it read it; a table it cannot read one way
/// only is refused (65) with the options that settle it, and nothing is
/// stored until they are given.
@Suite("Import: tables read by content, end to end")
struct ContentImportTests {
    @Test("a semicolon-separated German sheet imports with no options; the summary says how it was read")
    func german() throws {
        let cli = try CLIHarness()
        try cli.directory.write("Datum;Gewicht (kg);Bemerkung\n01.03.2025;80,5;müde\n02.03.2025;80,2;\n03.03.2025;80,0;\n", to: "Waage.csv")
        let dry = try cli.ok("import", cli.directory.file("Waage.csv"), "--dry-run")
        #expect(dry.stderr.contains("Read as a table: date in column 1 (Datum, day.month.year), weight in column 2 (Gewicht (kg)), separated by ';', decimal comma."))
        #expect(cli.weightsFile == nil, "a dry run stores nothing")
        let imported = try cli.ok("import", cli.directory.file("Waage.csv"))
        #expect(imported.stderr.contains("3 added"))
        let entries = try cli.entries()
        #expect(entries.compactMap { $0["kilograms"] as? Double } == [80.5, 80.2, 80.0])
        #expect(entries.compactMap { $0["note"] as? String } == ["müde"])
        #expect((entries.first?["date"] as? String)?.hasPrefix("2025-03-01T12:00:00") == true)
        #expect(imported.stdout.isEmpty, "the summary is a report on standard error")
    }

    @Test("two weight-like columns: 65 naming both and --weight-column, nothing stored; the option imports the one chosen")
    func tie() throws {
        let cli = try CLIHarness()
        try cli.directory.write("Date,Morning,Evening\n2025-03-01,80.5,81.0\n2025-03-02,80.2,81.1\n2025-03-03,80.0,81.2\n", to: "both.csv")
        let refused = try cli.run("import", cli.directory.file("both.csv"))
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("column 2 (Morning)") && refused.stderr.contains("column 3 (Evening)") && refused.stderr.contains("--weight-column N"))
        #expect(refused.stdout.isEmpty)
        #expect(cli.weightsFile == nil)
        try cli.ok("import", cli.directory.file("both.csv"), "--weight-column", "3")
        #expect(try cli.entries().compactMap { $0["kilograms"] as? Double } == [81.0, 81.1, 81.2])
        let bad = try cli.run("import", cli.directory.file("both.csv"), "--weight-column", "0")
        #expect(bad.status == 64 && bad.stderr.contains("--weight-column"))
    }

    @Test("a table with no weights names its columns; a file that is no table at all gets the list of formats")
    func refusals() throws {
        let cli = try CLIHarness()
        try cli.directory.write("Date;Steps\n2025-03-01;8000\n2025-03-02;9000\n2025-03-03;7000\n", to: "steps.csv")
        let steps = try cli.run("import", cli.directory.file("steps.csv"))
        #expect(steps.status == 65 && steps.stderr.contains("no column holds weights") && steps.stderr.contains("--weight-column N"))
        try cli.directory.write("{\"name\": \"x\", \"items\": [{\"a\": 1}]}", to: "other.json")
        let other = try cli.run("import", cli.directory.file("other.json"))
        #expect(other.status == 65 && other.stderr.contains("not a format trend can import") && !other.stderr.contains("unknown key"))
        #expect(cli.weightsFile == nil)
    }

    @Test("a UTF-16 file with CRLF lines and a banner before its table is read like any other")
    func utf16WithBanner() throws {
        let cli = try CLIHarness()
        let text = "Scale export\r\nUser\tAnna\r\n\r\nTime\tWeight\r\n2025-03-01 07:30\t80.5\r\n2025-03-02 07:31\t80.2\r\n2025-03-03 07:29\t80.0\r\n"
        let bytes: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        try Data(bytes).write(to: URL(fileURLWithPath: cli.directory.file("u16.txt")))
        let imported = try cli.ok("import", cli.directory.file("u16.txt"))
        #expect(imported.stderr.contains("date in column 1 (Time, year-month-day), weight in column 2 (Weight), tab-separated, 3 lines before the table skipped"))
        #expect(try cli.entries().count == 3)
    }
}
