import Foundation
import Testing
import TestSupport

/// Trust, round four: the misreads (10–13, 19), paths from the environment
/// and the data directory (14, 17) and mail headers (18), each as a user
/// meets it against the built binary.
@Suite("Ambiguous input is refused or settled, never guessed")
struct AmbiguousInputTests {
    func importing(_ cli: CLIHarness, _ text: String, name: String = "in.csv", _ options: String...) throws -> TrendBinary.Result {
        try cli.directory.write(text, to: name)
        return try cli.binary.run(["import", cli.directory.file(name)] + options, environment: cli.environment)
    }

    @Test("a decimal comma split into the note is an invalid row with the hint, never 80 kg", arguments: [
        "date,weight,note\n2026-11-01,80,5\n2026-11-02,80.4,\n2026-11-03,81,after run\n",
        "date,weight,note,fat\n2026-11-01,80,5,\n2026-11-02,80.4,,22.4\n",
        "Date;Weight;Comment\n2026-11-01,80,5\n2026-11-02,80.2,x\n".replacingOccurrences(of: ";", with: ","),
    ])
    func decimalCommaInNote(file: String) throws {
        let cli = try CLIHarness()
        let result = try importing(cli, file)
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("in.csv:2: '80' then '"), "\(result.stderr)")
        #expect(result.stderr.contains("a decimal comma? quote the weight or use ; between fields"))
        #expect(cli.weightsFile == nil)
    }

    @Test("a second number column after the weight is no decimal comma")
    func secondNumberColumn() throws {
        let cli = try CLIHarness()
        let result = try importing(cli, "date,weight,lowest\n2026-11-01,80,79\n2026-11-02,80.4,80.1\n2026-11-03,81,80\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try cli.entries().compactMap { $0["kilograms"] as? Double } == [80, 80.4, 81])
    }

    @Test("as many day-first as month-first rows is a question: 65 naming --date-format, and the option settles it")
    func dateOrderTie() throws {
        let cli = try CLIHarness()
        let file = "date,weight\n03/04/2026,80\n13/04/2026,80.2\n04/14/2026,80.4\n"
        let tie = try importing(cli, file)
        #expect(tie.status == 65, "\(tie.stderr)")
        #expect(tie.stderr.contains("--date-format dmy or mdy"), "\(tie.stderr)")
        #expect(tie.stderr.contains("'13/04/2026', line 3") && tie.stderr.contains("'04/14/2026', line 4"))
        #expect(cli.weightsFile == nil)
        let settled = try importing(cli, file + "25/04/2026,80.1\n")
        #expect(settled.status == 65)
        #expect(settled.stderr.contains("'04/14/2026' contradicts the file's day-first dates"), "\(settled.stderr)")
    }

    @Test("a zip holding two export.xml is refused, naming both; one of them alone imports")
    func twoExports() throws {
        let cli = try CLIHarness()
        let record = { (kilograms: String) in
            AppleHealthFixture.preamble
                + "<Record type=\"HKQuantityTypeIdentifierBodyMass\" unit=\"kg\" value=\"\(kilograms)\" startDate=\"2026-11-01 07:00:00 +0000\"/>\n</HealthData>\n"
        }
        let zip = ZipWriter().archive([.init("apple_health_export/export.xml", record("80")), .init("old/apple_health_export/export.xml", record("90"))])
        try Data(zip).write(to: URL(fileURLWithPath: cli.directory.file("export.zip")))
        let refused = try cli.run("import", cli.directory.file("export.zip"))
        #expect(refused.status == 65, "\(refused.stderr)")
        #expect(refused.stderr.contains("'apple_health_export/export.xml' and 'old/apple_health_export/export.xml'"), "\(refused.stderr)")
        #expect(cli.weightsFile == nil)
        let single = ZipWriter().archive([.init("apple_health_export/export.xml", record("80")), .init("apple_health_export/export_cda.xml", "<x/>")])
        try Data(single).write(to: URL(fileURLWithPath: cli.directory.file("one.zip")))
        try cli.ok("import", cli.directory.file("one.zip"))
        #expect(try cli.entries().compactMap { $0["kilograms"] as? Double } == [80])
    }

    @Test("an offset with seconds keeps the local date and time as typed; the calendar day never moves", arguments: [
        ("Africa/Monrovia", "1960-01-01 00:00", "1960-01-01T00:00:00-00:45"),
        ("Africa/Monrovia", "1960-01-01 23:59", "1960-01-01T23:59:00-00:45"),
        ("Europe/Amsterdam", "1890-06-01 23:59:50", "1890-06-01T23:59:50+00:20"),
    ])
    func localMeanTime(zone: String, typed: String, stored: String) throws {
        var cli = try CLIHarness()
        cli.extraEnvironment["TZ"] = zone
        try cli.ok("log", "60", "--date", typed, "--force")
        #expect(try cli.entries().first?["date"] as? String == stored)
        let listed = try cli.ok("list", "--format", "json")
        #expect((try cli.json(listed.stdout) as? [[String: Any]])?.first?["date"] as? String == stored)
    }

    /// Runs trend under /bin/sh with `variable` set to `bytes` (any bytes, as a shell can set them).
    func withVariable(_ cli: CLIHarness, _ variable: String, _ octalPath: String, _ arguments: String) throws -> TrendBinary.Result {
        var environment = cli.environment
        environment.removeValue(forKey: "TREND_DATA_DIR")
        return try TrendBinary(url: URL(fileURLWithPath: "/bin/sh")).run(
            ["-c", "\(variable)=$(printf '\(octalPath)') exec \"$0\" \(arguments)", cli.binary.url.path], environment: environment)
    }

    @Test("a data directory named by bytes that are not UTF-8 is refused with 73 naming the variable; nothing is created or read",
          arguments: ["TREND_DATA_DIR", "XDG_DATA_HOME", "HOME"])
    func variableNotUTF8(variable: String) throws {
        let cli = try CLIHarness()
        let base = cli.directory.path
        for arguments in ["log 80", "list", "unit lb", "progress"] {
            let result = try withVariable(cli, variable, base + "/caf\\351", arguments)
            #expect(result.status == 73, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("\(variable) is not valid UTF-8"), "\(result.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: base).filter { $0.hasPrefix("caf") }.isEmpty)
        #expect(try withVariable(cli, variable, base + "/caf\\351", "help").status == 0)
    }

    @Test("a data directory whose name no file system takes is 73 naming it, for reading and writing; missing parents made on the way go again")
    func nameTooLong() throws {
        let cli = try CLIHarness()
        let long = cli.directory.file("new/parent/" + String(repeating: "x", count: 300))
        let logged = try cli.run("--data-dir", long, "log", "80")
        #expect(logged.status == 73, "\(logged.stderr)")
        #expect(logged.stderr.contains("the data directory"))
        #expect(!FileManager.default.fileExists(atPath: cli.directory.file("new")))
        try FileManager.default.createDirectory(atPath: cli.directory.file("there"), withIntermediateDirectories: true)
        let under = cli.directory.file("there/" + String(repeating: "y", count: 300))
        for command in [["log", "80"], ["list"], ["progress"], ["info"]] {
            let result = try cli.binary.run(["--data-dir", under] + command, environment: cli.environment)
            #expect(result.status == 73, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("cannot use the data directory") || result.stderr.contains("cannot create the data directory"), "\(result.stderr)")
        }
    }

    @Test("a long subject is folded into lines of at most 78 characters, a name that is not ASCII encoded; a parser reads both back",
          .enabled(if: PicturesTests.python != nil, "needs python3"))
    func mailHeaders() throws {
        let cli = try CLIHarness()
        for day in ["01", "05", "10", "15", "20"] { try cli.ok("log", "80", "--date", "2026-11-\(day)", "-q") }
        for subject in [String(repeating: "word ", count: 400).trimmingCharacters(in: .whitespaces), String(repeating: "x", count: 2000), "Gewicht " + String(repeating: "ä", count: 300)] {
            let mail = try cli.ok("progress", "--format", "email", "--subject", subject, "--to", "Ana Müller <ana@example.com>").stdout
            let headers = mail.components(separatedBy: "\n\n")[0]
            #expect(headers.split(separator: "\n").allSatisfy { $0.count <= 78 }, "\(headers.prefix(300))")
            #expect(headers.contains("To: =?UTF-8?B?"))
            let parsed = try PicturesTests().parseMail(mail, in: cli.directory)
            #expect(parsed.subject == subject)
            #expect(parsed.to == "Ana Müller <ana@example.com>")
            #expect(parsed.defects == 0)
        }
    }

    @Test("null, --, -, empty and 0 in a body-fat cell are no reading, in every layout", arguments: [
        "timestamp,weight,height,bmi,fatRate\n1700000000,70.5,170,24.4,null\n1700086400,70.3,170,24.3,22.1\n1700172800,70.1,170,24.2,NULL\n",
        "date,weight,fat\n2026-11-01,80,null\n2026-11-02,80.2,--\n2026-11-03,80.4,-\n2026-11-04,80.6,\n2026-11-05,80.1,0\n2026-11-06,80.3,22.4\n",
        "Date,Weight,BMI,Fat\n13-11-2026,80,24.7,null\n14-11-2026,80.2,24.8,22.4\n",
    ])
    func noFatReading(file: String) throws {
        let cli = try CLIHarness()
        let result = try importing(cli, file)
        #expect(result.status == 0, "\(result.stderr)")
        let fats = try cli.entries().compactMap { $0["fatPercent"] as? Double }
        #expect(fats.count == 1, "\(fats)")
    }
}
