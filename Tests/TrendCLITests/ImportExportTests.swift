import Foundation
import Testing
import TestSupport

@Suite("trend import and export")
struct ImportExportTests {
    func write(_ cli: CLIHarness, _ name: String, _ text: String) throws -> String {
        try cli.directory.write(text, to: name)
        return cli.directory.file(name)
    }

    @Test("imports a file with a summary; importing it again adds nothing")
    func reimport() throws {
        let cli = try CLIHarness()
        let file = try write(cli, "w.csv", "date,weight,note\n2026-01-01 07:00,80.5,a\n2026-01-02 07:00,0,\n2026-01-03 07:00,80.1,\n")
        let first = try cli.ok("import", file)
        #expect(first.stderr == "Imported \(file) (CSV): 2 added, 0 updated, 0 duplicate, 1 skipped (no reading), 0 invalid.\nWeights read as kg, the configured unit: the file names none; use --unit lb if they are pounds.\n")
        #expect(first.stdout.isEmpty)
        let second = try cli.ok("import", file)
        // Now there is a history, and in kilograms the file matches it.
        #expect(second.stderr == "Imported \(file) (CSV): 0 added, 0 updated, 2 duplicate, 1 skipped (no reading), 0 invalid.\nWeights read as kilograms: the file names no unit, and in kilograms they match your trend of 80.4 kg.\n")
        #expect(try cli.entries().count == 2)
    }

    @Test("two overlapping exports add only the new rows")
    func overlapping() throws {
        let cli = try CLIHarness()
        let older = try write(cli, "a.csv", "Date,\"Weight (kg)\",\"Fat mass (kg)\",Comments\n\"2026-01-02 07:00:00\",80.4,16,\n\"2026-01-01 07:00:00\",80.9,16,\n")
        let newer = try write(cli, "b.csv", "Date,\"Weight (kg)\",\"Fat mass (kg)\",Comments\n\"2026-01-03 07:00:00\",80.1,16,\n\"2026-01-02 07:00:00\",80.4,16,\n")
        try cli.ok("import", older)
        let result = try cli.ok("import", newer)
        #expect(result.stderr.contains("(Withings): 1 added, 0 updated, 1 duplicate"))
        #expect(try cli.entries().map { $0["kilograms"] as? Double } == [80.9, 80.4, 80.1])
    }

    @Test("one bad row: exit 65 naming file:line, data file byte-identical; --skip-invalid imports the rest")
    func badRow() throws {
        let cli = try CLIHarness()
        try cli.ok("log", "70", "--date", "2025-12-01")
        let before = cli.weightsFile
        let file = try write(cli, "w.csv", "date,weight\n2026-01-01,80\n2026-01-02,eighty\n2026-01-03,81\n")
        let refused = try cli.run("import", file)
        #expect(refused.status == 65)
        #expect(refused.stderr.hasPrefix("\(file):3: 'eighty' is not a weight"))
        #expect(refused.stderr.contains("nothing was imported"))
        #expect(cli.weightsFile == before)
        let skipped = try cli.ok("import", file, "--skip-invalid")
        #expect(skipped.stderr.contains("2 added, 0 updated, 0 duplicate, 0 skipped (no reading), 1 invalid."))
        #expect(try cli.entries().count == 3)
    }

    @Test("--dry-run reports and writes nothing")
    func dryRun() throws {
        let cli = try CLIHarness()
        let file = try write(cli, "w.csv", "date,weight\n2026-01-01,80\n")
        let result = try cli.ok("import", file, "--dry-run")
        #expect(result.stderr == "Would import \(file) (CSV): 1 added, 0 updated, 0 duplicate, 0 skipped (no reading), 0 invalid.\nWeights read as kg, the configured unit: the file names none; use --unit lb if they are pounds.\n")
        #expect(!FileManager.default.fileExists(atPath: cli.dataDirectory))
    }

    @Test("reads standard input with -, and names it - in messages")
    func standardInput() throws {
        let cli = try CLIHarness()
        let result = try cli.run("import", "-", stdin: "date,weight\n2026-01-01,80\n2026-01-02,x\n")
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("-:3: "))
        let ok = try cli.run("import", "-", "--unit", "lb", stdin: "date,weight\n2026-01-01,176.4\n")
        #expect(ok.status == 0)
        #expect(abs((try cli.entries()[0]["kilograms"] as? Double ?? 0) - 176.4 * 0.45359237) < 1e-9)
    }

    @Test("a missing file exits 66, an unrecognised one 65 listing the formats, a bad --format 64")
    func refusals() throws {
        let cli = try CLIHarness()
        let missing = try cli.run("import", cli.directory.file("nope.csv"))
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("No such file"))
        let unknown = try cli.run("import", try write(cli, "x.txt", "hello world\n"))
        #expect(unknown.status == 65)
        for name in ["Libra", "Fitbit", "Withings", "Apple Health", "CSV", "Garmin Connect"] { #expect(unknown.stderr.contains(name)) }
        #expect(try cli.run("import", "-", "--format", "excel", stdin: "").status == 64)
        // A CSV file forced through the Libra reader is refused, not half-read.
        #expect(try cli.run("import", try write(cli, "y.csv", "date,weight\n2026-01-01,80\n"), "--format", "libra").status == 65)
        #expect(cli.weightsFile == nil)
    }

    @Test("Apple Health export.xml with its DOCTYPE imports through auto-detection")
    func appleHealth() throws {
        let cli = try CLIHarness()
        let xml = AppleHealthFixture.preamble + """
             <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="lb" startDate="2026-01-02 07:00:00 -0500" endDate="2026-01-02 07:00:00 -0500" value="176.4"/>
             <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" startDate="2026-01-03 07:00:00 +0100" endDate="2026-01-03 07:00:00 +0100" value="80.1"/>
            </HealthData>
            """
        let result = try cli.ok("import", try write(cli, "export.xml", xml))
        #expect(result.stderr.contains("(Apple Health): 2 added"))
        #expect(try cli.entries().map { $0["date"] as? String } == ["2026-01-02T07:00:00-05:00", "2026-01-03T07:00:00+01:00"])
    }

    @Test("export | import - reproduces every entry (CSV) and ids and goal (JSON)")
    func roundTrip() throws {
        let source = try CLIHarness()
        try source.ok("log", "176.4lb", "--date", "2026-01-01T07:30:00-05:00", "--note", "comma, \"quote\"\nnewline")
        try source.ok("log", "80.25", "--date", "2026-01-02 07:00")
        try source.ok("log", "12st 6.5lb", "--date", "2026-01-03T07:00:00+05:45")
        try source.ok("goal", "70.5")
        let original = try source.entries()
        let csv = try source.ok("export").stdout
        #expect(csv.hasPrefix("date,weight,unit,note\n2026-01-01T07:30:00-05:00,80.013694068,kg,\"comma, \"\"quote\"\"\nnewline\"\n"))

        let viaCSV = try CLIHarness()
        #expect(try viaCSV.run("import", "-", stdin: csv).status == 0)
        let copied = try viaCSV.entries()
        #expect(copied.map { $0["date"] as? String } == original.map { $0["date"] as? String })
        #expect(copied.map { $0["kilograms"] as? Double } == original.map { $0["kilograms"] as? Double })
        #expect(copied.map { $0["note"] as? String } == original.map { $0["note"] as? String })

        let json = try source.ok("export", "--format", "json").stdout
        let viaJSON = try CLIHarness()
        let imported = try viaJSON.run("import", "-", stdin: json)
        #expect(imported.status == 0)
        #expect(imported.stderr.contains("(trend JSON): 3 added") && imported.stderr.contains("Goal set from the file."))
        #expect(viaJSON.weightsFile == source.weightsFile)
    }

    @Test("export converts only with --unit, and --output writes the file atomically")
    func exportOptions() throws {
        let cli = try CLIHarness()
        try cli.ok("unit", "lb")
        try cli.ok("log", "80kg", "--date", "2026-01-01 07:00")
        #expect(try cli.ok("export").stdout == "date,weight,unit,note\n2026-01-01T07:00:00+00:00,80,kg,\n")
        #expect(try cli.ok("export", "--unit", "lb").stdout == "date,weight,unit,note\n2026-01-01T07:00:00+00:00,176.37,lb,\n")
        let output = cli.directory.file("backup.json")
        try cli.ok("export", "--format", "json", "-o", output)
        // The weights document, and the settings after it: a full backup (SPEC §6).
        let stored = String(decoding: try #require(cli.weightsFile), as: UTF8.self)
        let exported = String(decoding: try #require(FileManager.default.contents(atPath: output)), as: UTF8.self)
        #expect(exported == stored.replacing("  \"version\": 1\n", with: "  \"settings\": {\n    \"unit\": \"lb\"\n  },\n  \"version\": 3\n"))
    }

    @Test("a JSON export is a full backup: its settings come back where none are set, and those set here are kept and named")
    func fullBackup() throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80", "--date", "2026-11-01 07:00")
        try cli.ok("unit", "lb")
        try cli.ok("height", "175cm")
        try cli.ok("method", "libra")
        let backup = cli.directory.file("backup.json")
        try cli.ok("export", "--format", "json", "--output", backup)

        // Into a data directory with no settings: all of them.
        let fresh = try CLIHarness()
        let restored = try fresh.binary.run(["import", backup], environment: fresh.environment)
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(restored.stderr.contains("Settings restored from the file: unit lb, method libra, height 175 cm."), "\(restored.stderr)")
        #expect(try fresh.ok("unit").stdout == "lb\n")
        #expect(try fresh.ok("height").stdout.hasPrefix("175.0 cm"))

        // Into one with settings of its own: what is not set comes back, what differs is kept and named.
        let mine = try CLIHarness()
        try mine.ok("height", "180cm")
        let settingsBefore = FileManager.default.contents(atPath: mine.dataDirectory + "/settings.json")
        let kept = try mine.binary.run(["import", backup], environment: mine.environment)
        #expect(kept.status == 0, "\(kept.stderr)")
        #expect(kept.stderr.contains("Settings restored from the file: method libra."), "\(kept.stderr)")
        #expect(kept.stderr.contains("Kept your unit (kg); the file has lb."), "\(kept.stderr)")
        #expect(kept.stderr.contains("Kept your height (180 cm); the file has 175 cm."), "\(kept.stderr)")
        #expect(try mine.ok("height").stdout.hasPrefix("180.0 cm"))
        #expect(FileManager.default.contents(atPath: mine.dataDirectory + "/settings.json") != settingsBefore)

        // A dry run restores nothing; merge reads the export and leaves settings alone.
        let dry = try CLIHarness()
        #expect(try dry.binary.run(["import", backup, "--dry-run"], environment: dry.environment).status == 0)
        #expect(!FileManager.default.fileExists(atPath: dry.dataDirectory + "/settings.json"))
        let merged = try dry.binary.run(["merge", backup], environment: dry.environment)
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dry.dataDirectory + "/settings.json"))
        // weights.json itself never holds settings: a planted key is damage.
        try dry.writeWeights("{\"entries\": [], \"settings\": {\"unit\": \"lb\"}, \"version\": 1}")
        #expect(try dry.run("list").status == 65)
    }
}
