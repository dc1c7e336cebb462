import Foundation
import Testing
import TestSupport

/// SPEC §6: what an import infers from the file rather than guesses, and
/// the rows it never misreads silently.
@Suite("Import: units, date orders and rows inferred from the file")
struct ImportInferenceTests {
    static let lb = 0.45359237

    func importing(_ cli: CLIHarness, _ text: String, name: String = "file.csv", _ extra: String...) throws -> TrendBinary.Result {
        try cli.directory.write(text, to: name)
        return try cli.binary.run(["import", cli.directory.file(name)] + extra, environment: cli.environment)
    }

    func kilograms(_ cli: CLIHarness) throws -> [Double] { try cli.entries().compactMap { $0["kilograms"] as? Double } }

    @Test("a BMI column settles the unit: pounds when weight ÷ BMI gives human heights only in pounds, kilograms likewise", arguments: [
        ("date,weight,bmi\n2026-01-01,178.9,24.4\n2026-01-02,178.1,24.3\n2026-01-03,177.7,24.2\n", 178.9 * 0.45359237, "pounds", "1.82"),
        ("date,weight,bmi\n2026-01-01,81.2,24.4\n2026-01-02,80.9,24.3\n2026-01-03,80.6,24.2\n", 81.2, "kilograms", "1.82"),
    ])
    func bmi(text: String, first: Double, unit: String, height: String) throws {
        let cli = try CLIHarness()
        let result = try importing(cli, text)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Weights read as \(unit): the file names no unit, and weight ÷ BMI gives heights near \(height) m."), "\(result.stderr)")
        #expect(abs(try #require(try kilograms(cli).first) - first) < 1e-9)
    }

    @Test("without a BMI: the file's name, then the history; only then the configured unit, and a heavy median is refused")
    func withoutBMI() throws {
        let cli = try CLIHarness()
        let named = try importing(cli, "date,weight\n2026-01-01,178.9\n", name: "weight_lbs.csv")
        #expect(named.stderr.contains("Weights read as pounds: the file's name says so."))
        #expect(abs(try kilograms(cli)[0] - 178.9 * Self.lb) < 1e-9)
        // The history (a trend near 81 kg) makes 179.3 pounds, not kilograms.
        let history = try importing(cli, "date,weight\n2026-01-02,179.3\n", name: "scale.csv")
        #expect(history.status == 0, "\(history.stderr)")
        #expect(history.stderr.contains("Weights read as pounds: the file names no unit, and in pounds they match your trend of 81.1 kg."), "\(history.stderr)")
        #expect(abs(try kilograms(cli)[1] - 179.3 * Self.lb) < 1e-9)
        // A new data directory, a file that says nothing: the configured unit, unless that makes the weights no person's.
        let fresh = try CLIHarness()
        let before = fresh.weightsFile
        let heavy = try importing(fresh, "date,weight\n2026-01-01,178.9\n2026-01-02,178.5\n2026-01-03,178.0\n")
        #expect(heavy.status == 65)
        #expect(heavy.stderr == "Error: \(fresh.directory.file("file.csv")) names no unit and its weights (median 178.5) look like pounds: add --unit lb, or --unit kg if they are kilograms\n")
        #expect(fresh.weightsFile == before)
        let told = try importing(fresh, "date,weight\n2026-01-01,178.9\n", "--unit", "lb")
        #expect(told.stderr.contains("Weights read as lb, as --unit says: the file names none."))
        let light = try CLIHarness()
        let configured = try importing(light, "date,weight\n2026-01-01,80.4\n")
        #expect(configured.stderr.contains("Weights read as kg, the configured unit: the file names none; use --unit lb if they are pounds."))
        // A unit in the header or the cell always wins, and the summary says where the file named it.
        let header = try importing(light, "date,weight (lb)\n2026-01-02,178.9\n")
        #expect(header.stderr.contains("Weights read as pounds: the file's header says so."), "\(header.stderr)")
        let cells = try importing(light, "date,weight\n2026-01-03,81.1 kg\n")
        #expect(cells.stderr.contains("Weights read in the unit each of them names in the file."), "\(cells.stderr)")
    }

    @Test("a numeric date order is decided for the whole file by the rows that show it", arguments: [
        ("date,weight\n4/2/2024,80\n5/27/2025,81\n6/3/2025,80.5\n", ["2024-04-02", "2025-05-27", "2025-06-03"]),
        ("date,weight\n4/2/2024,80\n27/5/2025,81\n6/3/2025,80.5\n", ["2024-02-04", "2025-03-06", "2025-05-27"]),
        ("date,weight\n13.01.2024,80\n02.03.2024,81\n", ["2024-01-13", "2024-03-02"]),
    ])
    func dateOrderDecided(text: String, days: [String]) throws {
        let cli = try CLIHarness()
        let result = try importing(cli, text, "--unit", "kg")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try cli.entries().compactMap { ($0["date"] as? String)?.prefix(10).description } == days)
    }

    @Test("rows that contradict the file's order are invalid rows; a file no row decides asks for --date-format")
    func dateOrderContradicted() throws {
        let cli = try CLIHarness()
        let contradicted = try importing(cli, "date,weight\n5/27/2025,81\n6/28/2025,80\n27/5/2025,80.5\n", "--unit", "kg")
        #expect(contradicted.status == 65)
        #expect(contradicted.stderr.hasPrefix("\(cli.directory.file("file.csv")):4: '27/5/2025' contradicts the file's month-first dates (line 2)\n"))
        #expect(cli.weightsFile == nil)
        let skipped = try importing(cli, "date,weight\n5/27/2025,81\n6/28/2025,80\n27/5/2025,80.5\n", "--unit", "kg", "--skip-invalid")
        #expect(skipped.status == 0)
        #expect(try cli.entries().count == 2)
        let undecided = try importing(cli, "date,weight\n4/2/2024,80\n5/3/2025,81\n", "--unit", "kg")
        #expect(undecided.status == 65)
        #expect(undecided.stderr.contains("pass --date-format dmy or mdy"))
        let told = try importing(cli, "date,weight\n4/2/2024,80\n5/3/2025,81\n", "--unit", "kg", "--date-format", "dmy")
        #expect(told.status == 0)
        #expect(try cli.entries().contains { ($0["date"] as? String)?.hasPrefix("2024-02-04") == true })
    }

    @Test("a row with more fields than the header is invalid, with a hint when it looks like a decimal comma")
    func decimalComma() throws {
        let cli = try CLIHarness()
        let result = try importing(cli, "date,weight\n2026-11-02,80,2\n2026-11-03,80.1\n", "--unit", "kg")
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("\(cli.directory.file("file.csv")):2: 3 fields where the header has 2: a decimal comma? quote the weight or use ; between fields\n"))
        #expect(cli.weightsFile == nil)
        let quoted = try importing(cli, "date,weight\n2026-11-02,\"80,2\"\n", "--unit", "kg")
        #expect(quoted.status == 0)
        #expect(try kilograms(cli) == [80.2])
        // Empty fields past the header (a trailing comma) are no extra data.
        let trailing = try importing(cli, "date,weight\n2026-11-04,80.3,\n", "--unit", "kg")
        #expect(trailing.status == 0)
        let text = try importing(cli, "date,weight,note\n2026-11-05,80,2,after run\n", "--unit", "kg")
        #expect(text.stderr.contains("4 fields where the header has 3: a decimal comma?"))
    }

    @Test("Zepp's +0000 is UTC and takes the local offset; +00:00 in trend's export and in a CSV is kept", arguments: ["America/New_York", "Asia/Tokyo"])
    func zeroOffsets(zone: String) throws {
        var cli = try CLIHarness()
        cli.extraEnvironment["TZ"] = zone
        let zepp = try importing(cli, "timestamp,weight,height,bmi,fatRate\n2026-03-01 23:30:00+0000,80.5,180,24.8,\n", name: "BODY.csv")
        #expect(zepp.stderr.contains("(Zepp Life)"), "\(zepp.stderr)")
        let date = try #require(try cli.entries().first?["date"] as? String)
        let expected = zone == "Asia/Tokyo" ? "2026-03-02T08:30:00+09:00" : "2026-03-01T18:30:00-05:00"
        #expect(date == expected)
        let csv = try importing(cli, "date,weight,unit\n2026-03-05T23:30:00+00:00,80.1,kg\n", name: "export.csv")
        #expect(csv.status == 0)
        #expect(try cli.entries().last?["date"] as? String == "2026-03-05T23:30:00+00:00")
    }

    @Test("weigh-ins far from the series around them are imported and named with their ids; their neighbours are not")
    func outliers() throws {
        let cli = try CLIHarness()
        try cli.ok("unit", "lb")
        var text = "date,weight (lb)\n"
        for day in 1...20 { text += String(format: "2026-09-%02d 07:00,%.1f\n", day, day == 9 ? 116.7 : 215.0 - 0.1 * Double(day)) }
        let result = try importing(cli, text)
        #expect(result.status == 0)
        let line = try #require(result.stderr.split(separator: "\n").first { $0.hasPrefix("Possible typos") })
        let id = try #require(try cli.entries().first { abs(($0["kilograms"] as? Double ?? 0) - 116.7 * Self.lb) < 1e-6 }?["id"] as? String)
        #expect(line.hasPrefix("Possible typos, kept: 9 Sep 2026 116.7 lb (\(id.prefix(8))), trend there 214."), "\(line)")
        #expect(line.hasSuffix("; remove one with 'trend rm ID'."))
        #expect(!line.contains("10 Sep"), "the day after is not a typo, though the bent trend is far from it")
        #expect(try cli.entries().count == 20, "kept")
        // Re-importing adds nothing, and names nothing again.
        let again = try importing(cli, text)
        #expect(again.stderr.contains("0 added, 0 updated, 20 duplicate"))
        #expect(!again.stderr.contains("Possible typos"))
    }

    @Test("Weight Gurus and EufyLife read as CSV, with their body fat")
    func csvWithFat() throws {
        let cli = try CLIHarness()
        let gurus = try importing(cli, "Date/Time,Weight (lb),BMI,Body Fat (%),Water Weight (%),Muscle Mass (%),Bone Mass (%)\nMar 10 2019 09:36:55 AM,180.2,24.4,20.1,55.0,40.0,4.0\n", name: "weightgurus.csv")
        #expect(gurus.status == 0, "\(gurus.stderr)")
        #expect(try cli.entries().first?["fatPercent"] as? Double == 20.1)
        #expect(try cli.entries().first?["date"] as? String == "2019-03-10T09:36:55+00:00")
        let eufy = try importing(cli, "Time,WEIGHT (lbs),BODY FAT (%),BMI\n2021-06-23 10:39:35,181.0,19.8,24.5\n", name: "eufylife.csv")
        #expect(eufy.status == 0, "\(eufy.stderr)")
        #expect(try cli.entries().last?["fatPercent"] as? Double == 19.8)
        #expect(abs((try cli.entries().last?["kilograms"] as? Double ?? 0) - 181.0 * Self.lb) < 1e-9)
    }
}
