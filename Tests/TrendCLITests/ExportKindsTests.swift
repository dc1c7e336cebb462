import Foundation
import Testing
import TestSupport

/// SPEC §6, every kind (issue 67): the default CSV stays the weigh-ins and
/// says what it left out; every export message counts each kind; `--kind
/// all` writes one table of every record that imports back without loss.
@Suite("Export of every kind")
struct ExportKindsTests {
    /// Three weigh-ins (one with body fat, one with a note that needs quoting), two meals, two measurements, two days marked.
    func stocked() throws -> CLIHarness {
        let cli = try CLIHarness()
        try cli.ok("log", "80.25", "--date", "2026-11-20 07:00")
        try cli.ok("log", "80.1", "--date", "2026-11-21 07:10", "--fat", "22.4")
        try cli.ok("log", "79.9", "--date", "2026-11-22 07:05", "--note", "after \"run\", tired\nsecond line")
        try cli.ok("eat", "650", "--date", "2026-11-21 12:30", "--note", "lunch, late")
        try cli.ok("eat", "1800.5", "--date", "2026-11-22 19:00")
        try cli.ok("measure", "waist", "91.25", "--date", "2026-11-21 08:00")
        try cli.ok("measure", "bust", "92", "--date", "2026-11-22 08:00", "--new")
        try cli.ok("mark", "sick", "--date", "2026-11-21", "--days", "2", "--note", "a cold, \"bad\"")
        return cli
    }

    @Test("the default CSV holds the weigh-ins and says what it left out, to a file and to standard output")
    func csvSaysWhatItLeftOut() throws {
        let cli = try stocked()
        let file = cli.directory.file("weights.csv")
        let toFile = try cli.ok("export", "--output", file)
        #expect(toFile.stderr == "Exported 3 weigh-ins to \(file); 2 intake entries, 2 measurements and 2 marks are not in this CSV: --kind all or --format json holds them.\n")
        let csv = try String(contentsOfFile: file, encoding: .utf8)
        #expect(csv.hasPrefix("date,weight,unit,note"), "scripts rely on it")
        let piped = try cli.ok("export")
        #expect(piped.stdout == csv)
        #expect(piped.stderr == "2 intake entries, 2 measurements and 2 marks are not in this CSV: --kind all or --format json holds them.\n")
        #expect(try cli.ok("export", "-q").stderr.isEmpty)
    }

    @Test("every export message counts each kind it holds")
    func jsonCountsEveryKind() throws {
        let cli = try stocked()
        let file = cli.directory.file("backup.json")
        #expect(try cli.ok("export", "--format", "json", "--output", file).stderr == "Exported 3 weigh-ins, 2 intake entries, 2 measurements and 2 marks to \(file).\n")
        let table = cli.directory.file("all.csv")
        #expect(try cli.ok("export", "--kind", "all", "--output", table).stderr == "Exported 3 weigh-ins, 2 intake entries, 2 measurements and 2 marks to \(table).\n")
        // Weigh-ins alone: nothing left out, nothing more said.
        let only = try CLIHarness()
        try only.ok("log", "80")
        let onlyFile = only.directory.file("w.csv")
        #expect(try only.ok("export", "--output", onlyFile).stderr == "Exported 1 weigh-in to \(onlyFile).\n")
        #expect(try only.ok("export").stderr.isEmpty)
    }

    @Test("--kind all is one table of every record, which imports back into an empty store without loss")
    func everyKindRoundTrip() throws {
        let cli = try stocked()
        let table = try cli.ok("export", "--kind", "all").stdout
        let lines = table.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "kind,id,date,value,unit,name,note,fat", "fat last, since a weigh-in has it")
        #expect(table.contains("\nintake,") && table.contains("\nmeasurement,") && table.contains(",91.25,cm,waist,"), "\(table)")
        #expect(table.contains(",2026-11-21,,,sick,\"a cold, \"\"bad\"\"\","), "a mark is dated by its day: \(table)")
        let file = cli.directory.file("all.csv")
        try cli.directory.write(table, to: "all.csv")
        let fresh = try CLIHarness()
        let imported = try fresh.ok("import", file)
        #expect(imported.stderr.contains("3 added") && imported.stderr.contains("marks: 2 added"), "\(imported.stderr)")
        let mine = try cli.weightsJSON()
        let theirs = try fresh.weightsJSON()
        for key in ["entries", "intake", "measurements", "marks"] {
            let a = try #require(mine[key] as? [[String: AnyHashable]])
            let b = try #require(theirs[key] as? [[String: AnyHashable]])
            #expect(a == b, "\(key): \(a) against \(b)")
        }
        // Again: every record is already there, by its id.
        let again = try fresh.ok("import", file)
        #expect(again.stderr.contains("0 added") && again.stderr.contains("3 duplicate"), "\(again.stderr)")
    }

    @Test("--kind intake, measurement or mark writes that kind's own CSV, as its command writes it, and says what it left out",
          arguments: [("intake", "intake entries", ["intake", "--entries", "--format", "csv"]), ("measurement", "measurements", ["measure", "--format", "csv"]),
                      ("mark", "marks", ["marks", "--entries", "--format", "csv"])])
    func oneKind(kind: String, plural: String, command: [String]) throws {
        let cli = try stocked()
        let file = cli.directory.file("\(kind).csv")
        let result = try cli.ok("export", "--kind", kind, "--output", file)
        let others = ["3 weigh-ins", "2 intake entries", "2 measurements", "2 marks"].filter { !$0.hasSuffix(plural) }
        #expect(result.stderr == "Exported 2 \(plural) to \(file); \(others[0]), \(others[1]) and \(others[2]) are not in this CSV: --kind all or --format json holds them.\n")
        let written = try String(contentsOfFile: file, encoding: .utf8)
        // The kind's own CSV: its command's header and rows (in store order here; `measure` lists by name).
        let own = try cli.ok(command).stdout.split(separator: "\n")
        let lines = written.split(separator: "\n")
        #expect(lines.first == own.first && Set(lines.dropFirst()) == Set(own.dropFirst()), "\(written) against \(own)")
        #expect(written.split(separator: "\n").count == 3, "a header and a row a record: \(written)")
    }

    @Test("--kind is for the CSV; a kind trend does not know is a usage error", arguments: [["--kind", "all", "--format", "json"], ["--kind", "meals"]])
    func kindRefused(arguments: [String]) throws {
        let cli = try stocked()
        let result = try cli.run(["export"] + arguments)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test("a table row that is not a record is named by its line, and nothing is imported")
    func badRows() throws {
        let cli = try CLIHarness()
        let table = """
            kind,id,date,value,unit,name,note
            weight,0b1e6f3c-8d2a-4c1b-9e7f-2a3b4c5d6e7f,2026-11-20T07:00:00+00:00,80,kg,,
            meal,1c2d3e4f-8d2a-4c1b-9e7f-2a3b4c5d6e7f,2026-11-20T12:00:00+00:00,650,kcal,,
            intake,2d3e4f5a-8d2a-4c1b-9e7f-2a3b4c5d6e7f,2026-11-20T12:00:00+00:00,650,lb,,

            """
        try cli.directory.write(table, to: "bad.csv")
        let result = try cli.run("import", cli.directory.file("bad.csv"))
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("bad.csv:3: 'meal' is no kind of record"), "\(result.stderr)")
        #expect(result.stderr.contains("bad.csv:4: intake's unit is kcal"), "\(result.stderr)")
        #expect(cli.weightsFile == nil)
    }
}

extension CLIHarness {
    @discardableResult
    func run(_ arguments: [String]) throws -> TrendBinary.Result {
        try binary.run(arguments, environment: environment)
    }
}
