import Foundation
import Testing
import TestSupport

/// Issue "Trust, round three": each attack of a hostile user or sync peer,
/// reproduced against the built binary.
@Suite("Hostile and damaged files")
struct HostileFilesTests {
    func write(_ cli: CLIHarness, _ name: String, bytes: [UInt8]) throws -> String {
        let path = cli.directory.file(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    func write(_ cli: CLIHarness, _ name: String, _ text: String) throws -> String {
        try write(cli, name, bytes: Array(text.utf8))
    }

    func kilograms(_ cli: CLIHarness) throws -> [Double] {
        guard cli.weightsFile != nil else { return [] }
        return try cli.entries().compactMap { $0["kilograms"] as? Double }
    }

    // MARK: Silent wrong data

    @Test("Withings finds the weight column by its name, wherever it stands", arguments: [
        "Date,\"Fat mass (kg)\",\"Weight (kg)\",Comments",
        "Date,\"Trend (kg)\",\"Weight (kg)\",\"Fat mass (kg)\"",
        "Date,\"Goal (kg)\",\"Weight (kg)\",\"Bone mass (kg)\"",
    ])
    func withingsByName(header: String) throws {
        let cli = try CLIHarness()
        let columns = header.split(separator: ",")
        let weight = try #require(columns.firstIndex { $0.contains("Weight") })
        var cells = Array(repeating: "16.2", count: columns.count)
        cells[0] = "\"2026-01-03 07:10:00\""
        cells[weight] = "80.1"
        if columns.last == "Comments" { cells[cells.count - 1] = "" }
        let path = try write(cli, "withings.csv", header + "\n" + cells.joined(separator: ",") + "\n")
        let result = try cli.run("import", path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try kilograms(cli) == [80.1])
    }

    @Test("merge and a JSON import refuse dates a data file cannot hold: year 0000, offset +23:59", arguments: [
        "0000-06-01T07:00:00+00:00", "2026-06-01T07:00:00+23:59", "2026-06-01T07:00:00-18:01",
    ])
    func unstorableDates(date: String) throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80", "--date", "2026-11-01")
        let before = cli.weightsFile
        let document = "{\"entries\": [{\"date\": \"\(date)\", \"id\": \"00000000-0000-4000-8000-000000000009\", \"kilograms\": 80}], \"version\": 1}\n"
        let path = try write(cli, "other.json", document)
        let merged = try cli.run("merge", path)
        #expect(merged.status == 65, "\(merged.stderr)")
        let imported = try cli.run("import", path)
        #expect(imported.status == 65, "\(imported.stderr)")
        #expect(cli.weightsFile == before)
        // What is stored still exports to a CSV that imports.
        let fresh = try CLIHarness()
        #expect(try fresh.run("import", "-", stdin: try cli.ok("export").stdout).status == 0)
    }

    @Test("a note that is not UTF-8 is never replaced silently: a Windows file is read as Windows-1252 and said so; a mixed one refuses the row")
    func invalidUTF8() throws {
        let cli = try CLIHarness()
        let windows = Array("date,weight,note\n2026-01-01,80,caf".utf8) + [0xE9] + Array("\n".utf8)
        let read = try cli.run("import", try write(cli, "windows.csv", bytes: windows))
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.stderr.contains("read as Windows-1252"))
        #expect(try cli.entries().first?["note"] as? String == "café")
        let mixed = Array("date,weight,note\n2026-01-02,80,café\n2026-01-03,80,caf".utf8) + [0xE9] + Array("\n".utf8)
        let refused = try cli.run("import", try write(cli, "mixed.csv", bytes: mixed))
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("mixed.csv:3: the row holds bytes that are not UTF-8"), "\(refused.stderr)")
        #expect(try cli.entries().count == 1)
        // Libra and Withings read their text the same way.
        let libra = Array("#Version:6\n#Units:kg\n#date;weight;weight trend;body fat;body fat trend;comment\n2026-01-04;80;80;;;caf".utf8) + [0xE9] + Array("\n".utf8)
        #expect(try cli.ok("import", try write(cli, "libra.csv", bytes: libra)).stderr.contains("Windows-1252"))
        let withings = Array("Date,\"Weight (kg)\",\"Fat mass (kg)\",Comments\n\"2026-01-05 07:00:00\",80,16,caf".utf8) + [0xE9] + Array("\n".utf8)
        #expect(try cli.ok("import", try write(cli, "withings.csv", bytes: withings)).stderr.contains("Windows-1252"))
        #expect(try cli.entries().compactMap { $0["note"] as? String } == ["café", "café", "café"])
    }

    @Test("an explicit --unit wins over a format's own unit; a plain timestamp,weight CSV is read by name")
    func explicitUnitWins() throws {
        let cli = try CLIHarness()
        let plain = try write(cli, "plain.csv", "timestamp,weight\n1767250800,180\n")
        let result = try cli.run("import", plain, "--unit", "lb")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("(CSV)"))
        #expect(abs((try kilograms(cli).first ?? 0) - 180 * 0.45359237) < 1e-9)
        let samsung = try write(cli, "samsung.csv", """
            com.samsung.health.weight,6313007,1
            start_time,weight,time_offset
            2026-01-02 07:00:00.000,176,UTC+0100

            """)
        try cli.ok("import", samsung, "--unit", "lb")
        #expect(abs((try kilograms(cli).last ?? 0) - 176 * 0.45359237) < 1e-9)
        let zepp = try write(cli, "zepp.csv", "timestamp,weight,height,bmi,fatRate\n1767423600,80,180,24.7,20\n")
        try cli.ok("import", zepp)
        #expect(try kilograms(cli).last == 80)
    }

    @Test("an unknown unit in Libra or The Hacker's Diet is an unreadable row, not 'the file names none'")
    func unknownUnits() throws {
        let cli = try CLIHarness()
        let libra = try cli.run("import", try write(cli, "libra.csv", "#Version:6\n#Units:oz\n#date;weight;weight trend;body fat;body fat trend;comment\n2026-01-04;2800;2800;;;\n"))
        #expect(libra.status == 65)
        #expect(libra.stderr.contains("unknown unit 'oz'"))
        #expect(!libra.stderr.contains("names none"))
        let hacker = try cli.run("import", try write(cli, "hd.csv", "Epoch,2026-01-01\nStartTrend,2800,oz,0\nDate,Weight,Rung,Flag,Comment\n2026-01-01,2800,1,0,\n"))
        #expect(hacker.status == 65)
        #expect(hacker.stderr.contains("unknown unit 'oz'"), "\(hacker.stderr)")
        #expect(cli.weightsFile == nil)
    }

    // MARK: Crashes and stalls

    /// A ZIP64 zip whose fields are set to `value` at `offset` from the end (or at a member's extra field).
    func craftedZip(_ patch: (inout [UInt8]) -> Void) -> [UInt8] {
        var bytes = ZipWriter(method: .stored, zip64: true).archive([ZipWriter.Member("apple_health_export/export.xml", AppleHealthFixture.preamble + "</HealthData>\n")])
        patch(&bytes)
        return bytes
    }

    static func put64(_ bytes: inout [UInt8], at offset: Int, _ value: UInt64) {
        for i in 0..<8 { bytes[offset + i] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(i))) }
    }

    @Test("crafted ZIP64 fields are a damaged zip (65), never a trap, from a file or standard input", arguments: [0, 1, 2, 3, 4, 5])
    func craftedZip64(field: Int) throws {
        let cli = try CLIHarness()
        let bytes = craftedZip { bytes in
            let end = bytes.count - 22
            let locator = end - 20
            let record = locator - 56
            switch field {
            // The locator's offset of the ZIP64 end record.
            case 0: Self.put64(&bytes, at: locator + 8, UInt64.max - 10)
            // The central directory's size and offset.
            case 1: Self.put64(&bytes, at: record + 40, UInt64.max - 3)
            case 2: Self.put64(&bytes, at: record + 48, UInt64.max)
            // The entry count, huge: each entry must still be there.
            case 3: Self.put64(&bytes, at: record + 32, UInt64.max)
            // The member's ZIP64 extra: sizes and its local header offset.
            case 4:
                let central = Int(bytes[record + 48]) | Int(bytes[record + 49]) << 8
                let name = Int(bytes[central + 28])
                Self.put64(&bytes, at: central + 46 + name + 4 + 8, UInt64.max - 1)
            default:
                let central = Int(bytes[record + 48]) | Int(bytes[record + 49]) << 8
                let name = Int(bytes[central + 28])
                Self.put64(&bytes, at: central + 46 + name + 4 + 16, UInt64.max - 20)
            }
        }
        let path = try write(cli, "export.zip", bytes: bytes)
        let result = try cli.run("import", path)
        #expect(result.status == 65, "field \(field): \(result.status) \(result.stderr)")
        #expect(!result.signaled)
        let piped = try TrendBinary(url: URL(fileURLWithPath: "/bin/sh")).run(["-c", "\"$0\" import - < '\(path)'", cli.binary.url.path], environment: cli.environment)
        #expect(piped.status == 65, "field \(field) from stdin: \(piped.stderr)")
        #expect(cli.weightsFile == nil)
    }

    @Test("an encrypted zip says it is encrypted")
    func encryptedZip() throws {
        let cli = try CLIHarness()
        var bytes = ZipWriter(method: .deflated).archive([ZipWriter.Member("apple_health_export/export.xml", AppleHealthFixture.preamble + "</HealthData>\n")])
        // The general purpose flag's bit 0, in the local and the central header.
        bytes[6] |= 1
        let central = bytes.count - 22 - (46 + "apple_health_export/export.xml".utf8.count)
        bytes[central + 8] |= 1
        let result = try cli.run("import", try write(cli, "export.zip", bytes: bytes))
        #expect(result.status == 65)
        #expect(result.stderr.contains("encrypted"), "\(result.stderr)")
    }

    @Test("an unclosed record, comment or tag in a streamed export is one unreadable row, read in one pass", arguments: [
        "<Record type=\"HKQuantityTypeIdentifierBodyMass\" unit=\"kg\" startDate=\"2026-01-01 07:00:00 +0000\" value=\"",
        "<!-- ", "<Record type=\"HKQuantityTypeIdentifierBodyMass\" unit=\"kg\" ",
    ])
    func unclosedInZip(opening: String) throws {
        let cli = try CLIHarness()
        let record = "<Record type=\"HKQuantityTypeIdentifierBodyMass\" unit=\"kg\" startDate=\"2026-01-02 07:00:00 +0000\" value=\"80\"/>\n"
        // 8 MiB of text after the opening, streamed through the zip in 1 MiB pieces.
        let filler = String(repeating: "A", count: 8 << 20)
        let xml = AppleHealthFixture.preamble + record + opening + filler
        let bytes = ZipWriter(method: .deflated).archive([ZipWriter.Member("apple_health_export/export.xml", xml)])
        let result = try cli.binary.run(["import", try write(cli, "export.zip", bytes: bytes)], environment: cli.environment, timeout: 60)
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("not closed") || result.stderr.contains("truncated"), "\(result.stderr)")
        #expect(cli.weightsFile == nil)
    }

    // MARK: Exit codes and messages

    @Test("a data directory that is a regular file is an error (73) for reading commands too")
    func dataDirectoryIsAFile() throws {
        let cli = try CLIHarness()
        try cli.directory.write("not a directory", to: "file")
        let environment = TrendBinary.environment(dataDirectory: cli.directory.file("file"), extra: ["TREND_NOW": CLIHarness.fixedNow])
        for command in [["list"], ["progress"], ["last"], ["unit"]] {
            let result = try cli.binary.run(command, environment: environment)
            #expect(result.status == 73, "\(command): \(result.stderr)")
        }
        #expect(cli.directory.read("file") == "not a directory")
    }

    @Test("a pager that cannot run: the output is written plainly, with a warning", .enabled(if: Requirement.hasScript, "needs util-linux script"))
    func missingPager() throws {
        let cli = try CLIHarness()
        var rows = "date,weight\n"
        for day in 1...28 { rows += "2026-02-\(day < 10 ? "0" : "")\(day),\(80 + Double(day) / 10)\n" }
        try cli.ok("import", try write(cli, "rows.csv", rows))
        var environment = cli.environment
        environment["PAGER"] = "nonexistent-pager"
        environment["LINES"] = "10"
        let result = try TrendBinary(url: URL(fileURLWithPath: "/usr/bin/script")).run(
            ["-qec", cli.binary.url.path + " list", "/dev/null"], environment: environment)
        #expect(result.status == 0)
        #expect(result.stdout.contains("2026-02-28"), "\(result.stdout)")
        #expect(result.stdout.contains("the pager 'nonexistent-pager' cannot be run"))
    }

    @Test("the SVG chart of one weigh-in, or of weights all equal, has no NaN")
    func chartWithoutSpread() throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80", "--date", "2026-11-20")
        #expect(!(try cli.ok("progress", "--format", "svg").stdout.lowercased().contains("nan")))
        try cli.ok("log", "80", "--date", "2026-11-21", "--force")
        try cli.ok("log", "80", "--date", "2026-11-22", "--force")
        for format in ["svg", "html"] {
            #expect(!(try cli.ok("progress", "--format", format).stdout.lowercased().contains("nan")), "\(format)")
        }
    }
}
