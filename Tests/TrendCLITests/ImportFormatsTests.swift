import Foundation
import Testing
import TestSupport

/// SPEC §11: every real export imports completely and correctly, with
/// `auto` and with its `--format` name. Fixtures follow each app's layout.
@Suite("Import: every real export")
struct ImportFormatsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let format: String
        let name: String
        let bytes: [UInt8]
        var arguments: [String] = []
        /// Local date-time prefixes and kilograms of the entries, oldest first.
        let expected: [(String, Double)]
        var noReading = 0
        var testDescription: String { format }
    }

    static let lb = 0.45359237

    static let cases: [Case] = [
        Case(
            format: "google-fit", name: "Daily activity metrics.csv",
            bytes: Array("""
                Date,Move Minutes count,Calories (kcal),Distance (m),Step count,Average weight (kg),Max weight (kg),Min weight (kg)
                2021-01-01,10,1800.5,2000,3000,80.2,80.5,80.0
                2021-01-02,12,1850.1,2100,3100,,,
                2021-01-03,11,1790.0,1900,2900,79.9,79.9,79.9

                """.utf8),
            expected: [("2021-01-01T12:00", 80.2), ("2021-01-03T12:00", 79.9)], noReading: 1),
        Case(
            format: "garmin", name: "Weight.csv",
            bytes: [0xEF, 0xBB, 0xBF] + Array("""
                Time,Weight,Change,BMI,Body Fat,Skeletal Muscle Mass,Bone Mass,Body Water,
                " Mar 13, 2025",
                7:13 AM,284.0 lbs,1.2 lbs,38.5,--,--,--,--,
                " Mar 12, 2025",
                6:58 AM,282.8 lbs,--,38.3,--,--,--,--,
                9:00 PM,--,--,--,--,--,--,--,
                " 2022 Dec 21",
                7:01 PM,120.5 kg,--,35.0,--,--,--,--,

                """.utf8),
            expected: [("2022-12-21T19:01", 120.5), ("2025-03-12T06:58", 282.8 * lb), ("2025-03-13T07:13", 284.0 * lb)], noReading: 1),
        Case(
            format: "qs-access", name: "Weight.csv",
            bytes: Array("Start,Finish,Weight (lb)\r05/03/24 07:00,05/03/24 07:00,180.2\r26-Sep-2015 00:00,26-Sep-2015 00:00,0.0\r27-Sep-2015 00:00,27-Sep-2015 00:00,181\r".utf8),
            expected: [("2015-09-27T00:00", 181 * lb), ("2024-03-05T07:00", 180.2 * lb)], noReading: 1),
        Case(
            format: "renpho", name: "Renpho.csv",
            bytes: Array("""
                Time of Measurement,Weight(lb),BMI,Body Fat(%),Fat-free Body Weight(lb)
                "July 4, 2022 9:34:26 AM",180.2lb,24.5,20.1%,144.0lb
                "July 5, 2022 7:01:02 PM",--,--,--,--

                """.utf8),
            expected: [("2022-07-04T09:34:26", 180.2 * lb)], noReading: 1),
        Case(
            format: "renpho", name: "Renpho-2.csv",
            bytes: Array("Date, Time, Weight(kg),BMI,Body Fat(%)\n04/07/2022, 09:34:26, 81.7,24.5,20.1\n13/07/2022, 7:05:00, 81.2,24.4,20.0\n".utf8),
            expected: [("2022-07-04T09:34:26", 81.7), ("2022-07-13T07:05", 81.2)]),
        Case(
            format: "fitbit-json", name: "weight-2024-03-01.json",
            bytes: Array("""
                [{"logId":1709280000000,"weight":180.2,"bmi":24.5,"date":"03/01/24","time":"07:13:00","source":"Aria"},
                {"logId":1709366400000,"weight":179.8,"bmi":24.4,"fat":20.1,"date":"03/02/24","time":"07:10:00","source":"API"}]
                """.utf8),
            arguments: ["--unit", "lb"], expected: [("2024-03-01T07:13", 180.2 * lb), ("2024-03-02T07:10", 179.8 * lb)]),
        Case(
            format: "samsung-health", name: "com.samsung.health.weight.20240301.csv",
            bytes: Array("""
                com.samsung.health.weight,6302002,1
                update_time,create_time,start_time,weight,height,time_offset,deviceuuid,comment,pkg_name,datauuid
                2024-03-01 07:05:00.000,2024-03-01 07:05:00.000,2024-03-01 07:00:00.000,80.5,180,UTC+0300,abc,,com.sec.android.app.shealth,u1
                2024-03-02 07:05:00.000,2024-03-02 07:05:00.000,2024-03-02 06:30:00.000,80.1,180,UTC-0500,abc,,com.sec.android.app.shealth,u2

                """.utf8),
            expected: [("2024-03-01T07:00:00+03:00", 80.5), ("2024-03-02T06:30:00-05:00", 80.1)]),
        Case(
            format: "hackers-diet", name: "hackdiet_db.csv",
            bytes: Array("Epoch,2004-01-01\r\nUser,1,jdoe\r\nStartTrend,180.5,lb,0\r\nDate,Weight,Rung,Flag,Comment\r\n2004-01-01,180.0,1,0,Caf".utf8) + [0xE9]
                + Array(" dinner\r\n2004-01-02,,1,0,\r\nStartTrend,82.0,kg,0\r\nDate,Weight,Rung,Flag,Comment\r\n2004-02-01,81.5,1,0,\r\n".utf8),
            expected: [("2004-01-01T12:00", 180.0 * lb), ("2004-02-01T12:00", 81.5)], noReading: 1),
        Case(
            format: "zepp", name: "BODY_1709276400.csv",
            bytes: Array("timestamp,weight,height,bmi,fatRate,bodyWaterRate,boneMass,metabolism,muscleRate,visceralFat\n1709276400,80.5,180,24.8,,,,,,\n1709362800,80.3,180,24.7,,,,,,\n".utf8),
            expected: [("2024-03-01T07:00", 80.5), ("2024-03-02T07:00", 80.3)]),
        Case(
            format: "trendweight", name: "trendweight.csv",
            bytes: Array("Date,Actual Weight,Weight Is Interpolated,Trend Weight,Fat Percent\n2024-03-01,80.2,False,80.0,\n2024-03-02,80.1,True,80.0,\n2024-03-03,79.9,False,79.9,\n".utf8),
            expected: [("2024-03-01T12:00", 80.2), ("2024-03-03T12:00", 79.9)], noReading: 1),
        Case(
            format: "trendweight", name: "trendweight-2.csv",
            bytes: Array("Date,Time,Weight,Body Fat %\n2024-03-01,07:13,80.2,20.1\n2024-03-02,7:05,80.0,\n".utf8),
            expected: [("2024-03-01T07:13", 80.2), ("2024-03-02T07:05", 80.0)]),
        // The layouts of SPEC §11's second list, as the apps write them.
        Case(
            format: "renpho", name: "Renpho-new.csv",
            bytes: Array("""
                Time of Measurement, Weight(kg), BMI, Body Fat(%), Fat-free Body Weight(kg)
                23 Jun 2021 at 10:39:35, 80.2, 24.8, 20.1, 64.1
                24 Jun 2021 at 07:05:00, 80.0, --, --, --
                25 Jun 2021 at 07:01:10, --, --, --, --

                """.utf8),
            expected: [("2021-06-23T10:39:35", 80.2), ("2021-06-24T07:05:00", 80.0)], noReading: 1),
        Case(
            format: "samsung-health", name: "com.samsung.health.weight.201909.csv",
            bytes: Array("""
                com.samsung.health.weight,6302002,1
                update_time,create_time,start_time,weight,height,time_offset,deviceuuid,comment,pkg_name,datauuid
                2017-09-18 10:40:00.000,2017-09-18 10:40:00.000,2017-09-18 10:36:57.645,80.5,180,-14400000,abc,,com.sec.android.app.shealth,u1
                2017-09-19 06:05:00.000,2017-09-19 06:05:00.000,2017-09-19 06:00:00.000,80.1,180,19800000,abc,,com.sec.android.app.shealth,u2

                """.utf8),
            // The time is UTC, the offset the device's: 10:36:57 UTC is 06:36:57 at −04:00; 06:00 UTC is 11:30 at +05:30.
            expected: [("2017-09-18T06:36:57-04:00", 80.5), ("2017-09-19T11:30:00+05:30", 80.1)]),
        Case(
            format: "apple-health", name: "export-ios9.xml",
            bytes: Array("""
                <?xml version="1.0" encoding="UTF-8"?>
                <HealthData locale="en_US">
                 <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Health" unit="lb" creationDate="20150603050500+0100" startDate="20150603050200+0100" endDate="20150603050200+0100" value="180.5"/>
                 <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Health" unit="lb" startDate="20150604064500+0100" endDate="20150604064500+0100" value="180.1"/>
                </HealthData>

                """.utf8),
            expected: [("2015-06-03T05:02:00+01:00", 180.5 * lb), ("2015-06-04T06:45:00+01:00", 180.1 * lb)]),
        Case(
            format: "inbody", name: "InBody-results.csv",
            bytes: Array("""
                Date,Measurement device.,Weight(lb),Skeletal Muscle Mass(lb),Soft Lean Mass(lb),Body Fat Mass(lb),BMI(kg/m²),Percent Body Fat(%)
                20260228105137,InBody 570,180.2,80.1,120.0,36.0,25.1,20.0
                20260301071500,InBody 570,179.8,80.0,119.8,35.6,25.0,19.8

                """.utf8),
            expected: [("2026-02-28T10:51:37", 180.2 * lb), ("2026-03-01T07:15:00", 179.8 * lb)]),
        Case(
            format: "cronometer", name: "biometrics-chart.csv",
            bytes: Array("\"DateTime\",\"Daily Average\",\"Weekly Average\"\n\"2024-03-01\",\"80.2\",\"\"\n\"2024-03-02\",\"80.0\",\"80.1\"\n".utf8),
            arguments: ["--unit", "kg"],
            expected: [("2024-03-01T12:00", 80.2), ("2024-03-02T12:00", 80.0)]),
        Case(
            format: "cronometer", name: "biometrics.csv",
            bytes: Array("""
                Day,Group,Metric,Unit,Amount
                2024-03-01,Body,Weight,lbs,180.2
                2024-03-01,Body,Body Fat,%,20.1
                2024-03-02,Vitals,Blood Pressure,mmHg,120
                2024-03-02,Body,Weight,kg,81.5

                """.utf8),
            expected: [("2024-03-01T12:00", 180.2 * lb), ("2024-03-02T12:00", 81.5)]),
        Case(
            format: "withings", name: "weight-spreadsheet.csv",
            bytes: Array("\"Date,\"\"Weight (kg)\"\",\"\"Fat mass (kg)\"\",Comments\"\n\"2024-03-01 07:00:00\",80.2,16.0,\n\"2024-03-02 07:10:00\",80.0,,\n".utf8),
            expected: [("2024-03-01T07:00", 80.2), ("2024-03-02T07:10", 80.0)]),
    ]

    func run(_ test: Case, format: String?) throws -> (CLIHarness, TrendBinary.Result) {
        var cli = try CLIHarness()
        cli.extraEnvironment["TZ"] = "UTC"
        try FileManager.default.createDirectory(atPath: cli.directory.file("in"), withIntermediateDirectories: true)
        let path = cli.directory.file("in/" + test.name)
        try Data(test.bytes).write(to: URL(fileURLWithPath: path))
        let arguments = ["import", path] + (format.map { ["--format", $0] } ?? []) + test.arguments
        return (cli, try cli.binary.run(arguments, environment: cli.environment))
    }

    @Test("each format imports with auto and with its name, completely and correctly; re-import adds nothing", arguments: cases)
    func imports(test: Case) throws {
        for format in [nil, test.format] {
            let (cli, result) = try run(test, format: format)
            #expect(result.status == 0, "\(test.format) (\(format ?? "auto")): \(result.stderr)")
            let displayName = result.stderr.split(separator: "(").dropFirst().first?.split(separator: ")").first.map(String.init) ?? ""
            #expect(!displayName.isEmpty && !displayName.hasPrefix("CSV"), "\(test.format): detected as \(displayName)")
            #expect(result.stderr.contains("\(test.expected.count) added, 0 updated, 0 duplicate, \(test.noReading) skipped (no reading), 0 invalid"), "\(result.stderr)")
            let entries = try cli.entries()
            #expect(entries.count == test.expected.count)
            for (entry, (date, kilograms)) in zip(entries, test.expected) {
                #expect((entry["date"] as? String)?.hasPrefix(date) == true, "\(test.format): \(entry["date"] ?? "") for \(date)")
                #expect(abs((entry["kilograms"] as? Double ?? 0) - kilograms) < 1e-9, "\(test.format): \(entry["kilograms"] ?? "")")
            }
            let again = try cli.binary.run(["import", cli.directory.file("in/" + test.name)] + test.arguments, environment: cli.environment)
            #expect(again.stderr.contains("0 added, 0 updated, \(test.expected.count) duplicate"), "\(again.stderr)")
        }
    }

    @Test("The Hacker's Diet: Windows-1252 comments become notes")
    func hackersDietNotes() throws {
        let test = Self.cases.first { $0.format == "hackers-diet" }!
        let (cli, _) = try run(test, format: nil)
        #expect(try cli.entries().first?["note"] as? String == "Café dinner")
    }

    @Test("Fitbit JSON: FILE may be the folder of weight-*.json files; the summary names the assumed unit")
    func fitbitFolder() throws {
        var cli = try CLIHarness()
        cli.extraEnvironment["TZ"] = "UTC"
        let folder = cli.directory.file("Takeout/Fitbit/Global Export Data")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try #"[{"logId":1,"weight":80.2,"bmi":24.5,"date":"03/01/24","time":"07:13:00","source":"Aria"}]"#.write(toFile: folder + "/weight-2024-03-01.json", atomically: true, encoding: .utf8)
        try #"[{"logId":2,"weight":80.0,"bmi":24.4,"date":"04/02/24","time":"07:10:00","source":"Aria"}]"#.write(toFile: folder + "/weight-2024-04-01.json", atomically: true, encoding: .utf8)
        try "not mine".write(toFile: folder + "/sleep-2024-03-01.json", atomically: true, encoding: .utf8)
        let result = try cli.run("import", folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("(Fitbit JSON): 2 added"))
        #expect(result.stderr.contains("Weights read as kilograms: the file names no unit, and weight ÷ BMI gives heights near 1.81 m."), "\(result.stderr)")
        #expect(try cli.entries().compactMap { $0["date"] as? String } == ["2024-03-01T07:13:00+00:00", "2024-04-02T07:10:00+00:00"])
    }

    @Test("help, the man page and the import error name every format")
    func documented() throws {
        let cli = try CLIHarness()
        let help = try cli.ok("help", "import").stdout
        let unknown = try cli.run("import", "-", "--format", "x")
        for test in Self.cases {
            #expect(help.contains(test.format), "\(test.format)")
            #expect(unknown.stderr.contains(test.format))
        }
        try cli.directory.write("nothing,to,see\n1,2,3\n", to: "mystery.csv")
        let mystery = try cli.run("import", cli.directory.file("mystery.csv"))
        #expect(mystery.status == 65)
        #expect(mystery.stderr.contains("Google Fit") && mystery.stderr.contains("Garmin Connect") && mystery.stderr.contains("Zepp Life"))
    }
}
