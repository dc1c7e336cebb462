import Foundation
import Testing
import TestSupport

/// Issue "Trust": what a careful user or an attacker tried, each against the
/// built binary (SPEC §2, §4, §6).
@Suite("Trust: checked output, safe paths, honest messages")
struct CheckedOutputAndPathsTests {
    /// Runs `script` under /bin/sh with the harness's environment and `$TREND` set.
    func sh(_ cli: CLIHarness, _ script: String) throws -> TrendBinary.Result {
        var environment = cli.environment
        environment["TREND"] = cli.binary.url.path
        return try TrendBinary(url: URL(fileURLWithPath: "/bin/sh")).run(["-c", script], environment: environment)
    }

    func history(_ cli: CLIHarness, days: Int) throws {
        var rows = "date,weight,note\n"
        let formatter = ISO8601DateFormatter()
        for day in 0..<days {
            rows += formatter.string(from: Date(timeIntervalSince1970: 946_728_000 + Double(day) * 86_400)) + ",\(70 + Double(day % 50) / 10),row \(day)\n"
        }
        try cli.directory.write(rows, to: "history.csv")
        try cli.ok("import", cli.directory.file("history.csv"))
    }

    @Test("a write to standard output that fails exits 74 naming it; a closed reader stops quietly with 141", .enabled(if: Requirement.hasDevFull, "needs /dev/full"))
    func outputErrors() throws {
        let cli = try CLIHarness()
        try history(cli, days: 3000)
        let full = try sh(cli, "\"$TREND\" list > /dev/full")
        #expect(full.status == 74)
        #expect(full.stderr.contains("cannot write to standard output"))
        let exportFull = try sh(cli, "\"$TREND\" export > /dev/full")
        #expect(exportFull.status == 74)
        let closed = try sh(cli, "\"$TREND\" list --format csv >&-")
        #expect(closed.status == 74, "\(closed.stderr)")
        var environment = cli.environment
        environment["TREND"] = cli.binary.url.path
        let piped = try TrendBinary(url: URL(fileURLWithPath: "/bin/bash")).run(
            ["-c", "\"$TREND\" list --format csv | head -1 > /dev/null; echo \"${PIPESTATUS[0]}\""], environment: environment)
        #expect(piped.stderr.isEmpty, "\(piped.stderr)")
        #expect(piped.stdout == "141\n")
    }

    @Test("export --output: atomic, nothing beside it, no directories made, symlinks and data files refused, - is stdout")
    func exportOutput() throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80", "--date", "2026-01-01")
        let out = cli.directory.file("out")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try cli.ok("export", "--output", out + "/backup.csv")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["backup.csv"])
        #expect(cli.directory.read("out/backup.csv")?.hasPrefix("date,weight,unit,note\n2026-01-01T12:00:00+00:00,80,kg,") == true)
        // A symlink planted where the export goes: refused, its target untouched.
        try cli.directory.write("precious", to: "victim")
        try FileManager.default.createSymbolicLink(atPath: out + "/link.csv", withDestinationPath: cli.directory.file("victim"))
        let link = try cli.run("export", "--output", out + "/link.csv")
        #expect(link.status == 73)
        #expect(link.stderr.contains("symbolic link"))
        #expect(cli.directory.read("victim") == "precious")
        let missing = try cli.run("export", "--output", out + "/no/such/dir/x.csv")
        #expect(missing.status == 73)
        #expect(!FileManager.default.fileExists(atPath: out + "/no"))
        let before = cli.weightsFile
        let dataFile = try cli.run("export", "--format", "json", "--output", cli.weightsPath)
        #expect(dataFile.status == 64)
        #expect(cli.weightsFile == before)
        #expect(try cli.ok("export", "--output", "-").stdout.hasPrefix("date,weight,unit,note\n"))
    }

    @Test("a FIFO or a symlink where a data, lock or output file belongs is an error, never a hang or a write through")
    func specialFiles() throws {
        let cli = try CLIHarness()
        try FileManager.default.createDirectory(atPath: cli.dataDirectory, withIntermediateDirectories: true)
        #expect(mkfifo(cli.weightsPath, 0o600) == 0)
        let started = Date()
        let list = try cli.run("list")
        #expect(list.status == 74)
        #expect(list.stderr.contains("not a regular file"))
        let log = try cli.run("log", "80")
        #expect(log.status == 74)
        #expect(Date().timeIntervalSince(started) < 5)
        try FileManager.default.removeItem(atPath: cli.weightsPath)
        try? FileManager.default.removeItem(atPath: cli.weightsPath + ".lock")
        // A symlinked lock file is never followed.
        try FileManager.default.createSymbolicLink(atPath: cli.weightsPath + ".lock", withDestinationPath: cli.directory.file("elsewhere"))
        let locked = try cli.run("log", "80")
        #expect(locked.status == 74, "\(locked.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.directory.file("elsewhere")))
        #expect(cli.weightsFile == nil)
        // A FIFO as --output.
        try FileManager.default.removeItem(atPath: cli.weightsPath + ".lock")
        try cli.ok("log", "80")
        #expect(mkfifo(cli.directory.file("pipe"), 0o600) == 0)
        let export = try cli.run("export", "--output", cli.directory.file("pipe"))
        #expect(export.status == 74)
    }

    @Test("a data directory that is a file or a dangling symlink exits 73 for writing; --data-dir '' is a usage error")
    func dataDirectoryPaths() throws {
        let cli = try CLIHarness()
        try FileManager.default.createSymbolicLink(atPath: cli.dataDirectory, withDestinationPath: cli.directory.file("gone"))
        let dangling = try cli.run("log", "80")
        #expect(dangling.status == 73, "\(dangling.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.directory.file("gone")))
        let empty = try cli.run("--data-dir", "", "log", "80")
        #expect(empty.status == 64)
    }

    @Test("invalid UTF-8: in an argument a usage error naming it; inside a stored string the file is damaged and never rewritten")
    func invalidUTF8() throws {
        let cli = try CLIHarness()
        let argument = try sh(cli, "\"$TREND\" log 80 --note \"$(printf 'a\\377b')\"")
        #expect(argument.status == 64)
        #expect(argument.stderr.contains("argument 4 is not valid UTF-8"))
        #expect(cli.weightsFile == nil)
        try FileManager.default.createDirectory(atPath: cli.dataDirectory, withIntermediateDirectories: true)
        for note in [Data("a\\n".utf8) + Data([0xFF]), Data([0xC3]) + Data("\\t".utf8)] {
            let document = Data("{\"entries\": [{\"date\": \"2026-01-01T12:00:00+00:00\", \"id\": \"00000000-0000-4000-8000-000000000001\", \"kilograms\": 80, \"note\": \"".utf8)
                + note + Data("\"}], \"version\": 1}\n".utf8)
            try document.write(to: URL(fileURLWithPath: cli.weightsPath))
            let list = try cli.run("list")
            #expect(list.status == 65)
            #expect(list.stderr.contains("invalid UTF-8"))
            #expect(try cli.run("log", "81").status == 65)
            #expect(cli.weightsFile == document)
        }
    }

    @Test("notes print safely: control characters escaped in text, exact in JSON and CSV")
    func terminalInjection() throws {
        let cli = try CLIHarness()
        let note = "fine\n1234abcd  2026-01-01 00:00  1.0 kg\u{1B}]52;c;ZXZpbA==\u{07}\u{1B}[2J\u{9B}"
        try cli.ok("log", "80", "--date", "2026-01-01", "--note", note)
        let list = try cli.ok("list").stdout
        #expect(!list.contains("\u{1B}") && !list.contains("\u{07}") && !list.contains("\u{9B}"))
        #expect(list.contains("fine\\n1234abcd"))
        #expect(list.contains("\\x1B]52;c;ZXZpbA==\\x07\\x1B[2J\\x9B"))
        #expect(list.split(separator: "\n").count == 2)
        let last = try cli.ok("last").stdout
        #expect(!last.contains("\u{1B}") && last.split(separator: "\n").count == 1)
        let json = try #require(try cli.json(try cli.ok("list", "--format", "json").stdout) as? [[String: Any]])
        #expect(json.first?["note"] as? String == note)
        let imported = try cli.run("import", "-", stdin: "date,weight\n2026-01-02,\u{1B}[31m80\n")
        #expect(imported.status == 65)
        #expect(!imported.stderr.contains("\u{1B}"))
    }

    @Test("a JSON export re-imports every entry: the id alone decides")
    func jsonRoundTripKeepsEveryID() throws {
        let cli = try CLIHarness()
        try cli.writeWeights("""
            {"entries": [
              {"date": "2026-01-01T07:00:00+00:00", "id": "00000000-0000-4000-8000-000000000001", "kilograms": 80},
              {"date": "2026-01-01T07:00:10+00:00", "id": "00000000-0000-4000-8000-000000000002", "kilograms": 80},
              {"date": "2026-01-01T07:00:20+00:00", "id": "00000000-0000-4000-8000-000000000003", "kilograms": 80}
            ], "version": 1}
            """)
        let export = try cli.ok("export", "--format", "json").stdout
        var other = try CLIHarness()
        other.extraEnvironment = [:]
        let imported = try other.binary.run(["import", "-"], environment: other.environment, stdin: export)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try other.entries().count == 3)
        let again = try other.binary.run(["import", "-"], environment: other.environment, stdin: export)
        #expect(again.stderr.contains("0 added, 0 updated, 3 duplicate"))
    }

    @Test("info on a damaged file names it and exits 65; an unquoted stone weight suggests quoting")
    func messages() throws {
        let cli = try CLIHarness()
        try cli.writeWeights("{\"entries\": [}")
        let info = try cli.run("info")
        #expect(info.status == 65)
        #expect(info.stderr.contains("weights.json:1:"))
        // A weight in two words is one weight (SPEC §4: `trend log 80 kg`).
        let fresh = try CLIHarness()
        try fresh.ok("log", "12st", "6.5lb", "--date", "2026-11-01")
        #expect(abs((try fresh.entries().first?["kilograms"] as? Double ?? 0) - 174.5 * 0.45359237) < 1e-9)
        try fresh.ok("log", "80", "kg", "--date", "2026-11-02", "--force")
        let two = try fresh.run("log", "80", "81")
        #expect(two.status == 65)
        #expect(two.stderr.contains("'80 81' is not a weight"))
    }

    @Test("root writing into a user's data directory gives new files to that user", .enabled(if: Requirement.isRoot, "needs root"))
    func rootKeepsOwnership() throws {
        let cli = try CLIHarness()
        try FileManager.default.createDirectory(atPath: cli.dataDirectory, withIntermediateDirectories: true)
        #expect(chown(cli.dataDirectory, 65534, 65534) == 0)
        try cli.ok("log", "80")
        try cli.ok("unit", "lb")
        for name in ["weights.json", "weights.json.lock", "settings.json", "settings.json.lock"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: cli.dataDirectory + "/" + name)
            #expect(attributes[.ownerAccountID] as? Int == 65534, "\(name)")
            #expect(attributes[.groupOwnerAccountID] as? Int == 65534, "\(name)")
        }
    }
}

@Suite("Trust: import messages")
struct ImportMessageTests {
    @Test("at most 20 unreadable rows are listed, then how many more")
    func capped() throws {
        let cli = try CLIHarness()
        var rows = "date,weight\n"
        for day in 1...28 { rows += "2026-02-\(day < 10 ? "0" : "")\(day),heavy\n" }
        rows += "2026-03-01,80\n"
        try cli.directory.write(rows, to: "bad.csv")
        let result = try cli.run("import", cli.directory.file("bad.csv"))
        #expect(result.status == 65)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.filter { $0.contains("bad.csv:") }.count == 20)
        #expect(lines.contains("… and 8 more"))
        #expect(cli.weightsFile == nil)
    }

    @Test("a named format that does not fit the file is one line")
    func forcedFormatMismatch() throws {
        let cli = try CLIHarness()
        var rows = "Body\nDate,Weight,BMI,Fat\n"
        for day in 1...40 { rows += "\"2026-01-\(day % 28 + 1)\",\"180.2\",\"24.1\",\"0\"\n" }
        try cli.directory.write(rows, to: "fitbit.csv")
        let result = try cli.run("import", cli.directory.file("fitbit.csv"), "--format", "libra")
        #expect(result.status == 65)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("is not a Libra file"))
    }
}

@Suite("Trust: never write what cannot be read back")
struct RoundTripTests {
    @Test("a date that would store a year before 0001 or an offset beyond ±18:00 is refused; local mean time is kept to the minute")
    func extremes() throws {
        var cli = try CLIHarness()
        cli.extraEnvironment["TZ"] = "America/New_York"
        let ancient = try cli.run("import", "-", stdin: "date,weight\n0001-01-01T00:00:00Z,80\n")
        #expect(ancient.status == 65)
        #expect(ancient.stderr.contains("cannot be stored"))
        #expect(cli.weightsFile == nil)
        try cli.ok("log", "80", "--date", "1850-06-01 12:00")
        let stored = try #require(try cli.entries().first?["date"] as? String)
        #expect(stored == "1850-06-01T12:00:00-04:56")
        #expect(try cli.ok("list").stdout.contains("1850-06-01 12:00"))
        cli.extraEnvironment["TZ"] = "UTC+24"
        let before = cli.weightsFile
        let wide = try cli.run("log", "81")
        #expect(wide.status == 65, "\(wide.stderr)")
        #expect(wide.stderr.contains("cannot be stored"))
        #expect(cli.weightsFile == before)
        cli.extraEnvironment["TZ"] = "UTC"
        #expect(try cli.run("list").status == 0)
    }
}

@Suite("Trust: an import that ends early says so")
struct TruncatedImportTests {
    static let head = AppleHealthFixture.preamble
    static func record(_ day: Int, _ value: String = "80") -> String {
        "<Record type=\"HKQuantityTypeIdentifierBodyMass\" sourceName=\"Scale\" unit=\"kg\" creationDate=\"2026-01-0\(day) 07:00:00 +0000\" startDate=\"2026-01-0\(day) 07:00:00 +0000\" endDate=\"2026-01-0\(day) 07:00:00 +0000\" value=\"\(value)\"/>\n"
    }

    func importing(_ text: String, _ extra: String...) throws -> (CLIHarness, TrendBinary.Result) {
        let cli = try CLIHarness()
        try cli.directory.write(text, to: "export.xml")
        return (cli, try cli.binary.run(["import", cli.directory.file("export.xml")] + extra, environment: cli.environment))
    }

    @Test("an export.xml cut off inside a record, or before </HealthData>, is reported with its line")
    func truncatedXML() throws {
        let whole = Self.head + Self.record(1) + Self.record(2) + Self.record(3) + "</HealthData>\n"
        let (_, complete) = try importing(whole)
        #expect(complete.status == 0, "\(complete.stderr)")
        let cut = String(whole.prefix(whole.count - 120))
        let (cli, result) = try importing(cut)
        #expect(result.status == 65)
        #expect(result.stderr.contains("export.xml:10: the file ends inside a <Record> element: it is truncated"), "\(result.stderr)")
        #expect(cli.weightsFile == nil)
        let (skipped, partial) = try importing(cut, "--skip-invalid")
        #expect(partial.status == 0)
        #expect(try skipped.entries().count == 2)
        let (_, noEnd) = try importing(Self.head + Self.record(1))
        #expect(noEnd.status == 65)
        #expect(noEnd.stderr.contains("ends before </HealthData>"))
    }

    @Test("a short tag just before </HealthData> does not hide the end of the file")
    func shortTagAtTheEnd() throws {
        let withChild = Self.record(2).replacingOccurrences(of: "/>\n", with: ">\n  <MetadataEntry key=\"k\" value=\"1\"/>\n </Record>\n")
        for ending in ["</HealthData>\n", "</HealthData>"] {
            let (cli, result) = try importing(Self.head + Self.record(1) + withChild + ending)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try cli.entries().count == 2)
        }
        let (_, cut) = try importing(Self.head + Self.record(1) + withChild + "</HealthDat")
        #expect(cut.status == 65)
    }

    @Test("a record missing a quote is one unreadable row; the records after it are still read")
    func missingQuote() throws {
        let broken = Self.record(2).replacingOccurrences(of: "value=\"80\"", with: "value=\"80")
        let text = Self.head + Self.record(1) + broken + Self.record(3) + Self.record(4) + "</HealthData>\n"
        let (_, refused) = try importing(text)
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("export.xml:9: a <Record> element is not closed"), "\(refused.stderr)")
        let (cli, result) = try importing(text, "--skip-invalid")
        #expect(result.status == 0)
        #expect(try cli.entries().count == 3)
    }

    @Test("records inside an XML comment are not data")
    func comments() throws {
        let text = Self.head + "<!-- old scale:\n" + Self.record(1) + "-->\n" + Self.record(2) + "</HealthData>\n"
        let (cli, result) = try importing(text)
        #expect(result.status == 0, "\(result.stderr)")
        let dates = try cli.entries().compactMap { $0["date"] as? String }
        #expect(dates.count == 1)
        #expect(dates.first?.hasPrefix("2026-01-02") == true)
    }

    @Test("an unclosed CSV quote is an unreadable row at its line, not one long note")
    func unclosedQuote() throws {
        let cli = try CLIHarness()
        try cli.directory.write("date,weight,note\n2026-01-01,80,fine\n2026-01-02,81,\"oops\n2026-01-03,82,lost\n2026-01-04,83,lost\n", to: "w.csv")
        let result = try cli.run("import", cli.directory.file("w.csv"))
        #expect(result.status == 65)
        #expect(result.stderr.contains("w.csv:3: a quoted field opened on this line is never closed"), "\(result.stderr)")
        #expect(cli.weightsFile == nil)
    }
}

@Suite("Trust: honest summaries and bounds")
struct HonestSummaryTests {
    @Test("an import whose file names no unit says which unit it assumed and how to change it")
    func assumedUnit() throws {
        let cli = try CLIHarness()
        try cli.directory.write("Body\nDate,Weight,BMI,Fat\n\"2026-01-01\",\"178.9\",\"24.1\",\"0\"\n", to: "fitbit.csv")
        let dry = try cli.run("import", cli.directory.file("fitbit.csv"), "--dry-run")
        #expect(dry.stderr.contains("Weights read as pounds: the file names no unit, and weight ÷ BMI gives heights near 1.83 m."), "\(dry.stderr)")
        let pounds = try cli.run("import", cli.directory.file("fitbit.csv"), "--unit", "lb")
        #expect(pounds.stderr.contains("Weights read as lb, as --unit says: the file names none."))
        // Without a BMI, a name or a history: the configured unit, and how to say otherwise.
        try cli.directory.write("date,weight\n2026-01-05,80\n", to: "plain.csv")
        try FileManager.default.removeItem(atPath: cli.weightsPath)
        let configured = try cli.run("import", cli.directory.file("plain.csv"), "--dry-run")
        #expect(configured.stderr.contains("Weights read as kg, the configured unit: the file names none; use --unit lb if they are pounds."), "\(configured.stderr)")
        try cli.directory.write("date,weight (lb)\n2026-01-02,178.9\n", to: "named.csv")
        let named = try cli.run("import", cli.directory.file("named.csv"))
        #expect(named.status == 0)
        // Named by the file: the summary still says which unit, and why (SPEC §6).
        #expect(named.stderr.contains("Weights read as pounds: the file's header says so."), "\(named.stderr)")
    }

    @Test("list --since and --until take a time too; a date alone is the whole day")
    func boundsWithTime() throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80", "--date", "2026-01-01 07:00")
        try cli.ok("log", "81", "--date", "2026-01-01 18:00")
        try cli.ok("log", "82", "--date", "2026-01-02 07:00")
        func weights(_ arguments: String...) throws -> [Double] {
            let list = try #require(try cli.json(try cli.binary.run(["list", "--format", "json"] + arguments, environment: cli.environment).stdout) as? [[String: Any]])
            return list.compactMap { $0["kilograms"] as? Double }
        }
        #expect(try weights("--since", "2026-01-01") == [80, 81, 82])
        #expect(try weights("--since", "2026-01-01 12:00") == [81, 82])
        #expect(try weights("--until", "2026-01-01") == [80, 81])
        #expect(try weights("--until", "2026-01-01 12:00") == [80])
        #expect(try weights("--since", "2026-01-01T18:00:00Z", "--until", "2026-01-02T06:59:59Z") == [81])
    }
}

@Suite("Trust: found by fuzzing")
struct FuzzFindingsTests {
    @Test("a note with a Windows line break or a quote with a combining mark survives a CSV export and re-import")
    func crlfNote() throws {
        let cli = try CLIHarness()
        let notes = ["line one\r\nline two", "\"\u{301}quoted\"\u{301}, with a comma", "\r\n"]
        for (day, note) in notes.enumerated() {
            try cli.ok("log", "80", "--date", "2026-01-0\(day + 1)", "--note", note)
        }
        let export = try cli.ok("export").stdout
        #expect(export.contains("\"line one\r\nline two\""))
        let other = try CLIHarness()
        let imported = try other.binary.run(["import", "-"], environment: other.environment, stdin: export)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try other.entries().map { $0["note"] as? String } == notes)
    }
}
