import Foundation
import Testing
import TestSupport

/// SPEC §12 and §13 as a user sees them: body fat logged, listed, exported
/// and imported; height and BMI; goals with a plan.
@Suite("Body fat, BMI and plans, end to end")
struct BodyCompositionCLITests {
    func write(_ cli: CLIHarness, _ name: String, _ text: String) throws -> String {
        let path = cli.directory.file(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// 21 daily weigh-ins to 30 Nov 2026, losing 0.12 kg and 0.08 points of fat a day.
    func logHistory(_ cli: CLIHarness, fat: Bool = true) throws {
        try cli.seed((0...20).map { (i: Int) -> CLIHarness.TypedWeighIn in
            let kilograms: Double = 90 - 0.12 * Double(i)
            let percent: Double = 25 - 0.08 * Double(i)
            return CLIHarness.TypedWeighIn(date: String(format: "2026-11-%02d 07:00", 10 + i), weight: String(kilograms), fat: fat ? String(percent) : nil)
        })
    }

    @Test("log --fat stores it (22.4 or 22.4%), list shows a FAT column, JSON and CSV carry it, and the file is version 2 only then")
    func logFat() throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80.5", "--date", "2026-11-28 07:00")
        #expect(try cli.weightsJSON()["version"] as? Int == 1)
        #expect(!(try cli.ok("list").stdout.contains("FAT")))
        let logged = try cli.ok("log", "80.1", "--fat", "22.4%", "--date", "2026-11-29 07:00", "--format", "json")
        #expect((try cli.json(logged.stdout) as? [String: Any])?["fatPercent"] as? Double == 22.4)
        #expect(try cli.weightsJSON()["version"] as? Int == 2)
        #expect(try cli.entries().map { $0["fatPercent"] as? Double } == [nil, 22.4])

        let list = try cli.ok("list").stdout
        let lines = list.split(separator: "\n").map(String.init)
        #expect(lines.first?.contains("FAT") == true)
        #expect(lines.contains { $0.contains("80.1 kg") && $0.contains("22.4%") })
        let csv = try cli.ok("export", "--format", "csv").stdout.split(separator: "\n")
        #expect(csv.first == "date,weight,unit,note,fat")
        #expect(csv.last?.hasSuffix(",22.4") == true)
        #expect(csv.dropFirst().first?.hasSuffix(",") == true, "no body fat: an empty last column")
        let json = try #require(try cli.json(try cli.ok("list", "--format", "json").stdout) as? [[String: Any]])
        #expect(json.map { $0["fatPercent"] is NSNull } == [true, false])
    }

    @Test("body fat that is not a percentage a body has is refused with 65 and nothing stored changes", arguments: ["0", "75", "80%", "abc", "-3", "nan"])
    func badFat(fat: String) throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80.5", "--date", "2026-11-28 07:00")
        let before = cli.weightsFile
        let result = try cli.run("log", "80.1", "--fat", fat)
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("Error: "))
        #expect(result.stderr.contains("body fat"))
        #expect(result.stdout.isEmpty)
        #expect(cli.weightsFile == before)
        let edit = try cli.run("edit", try #require(try cli.entries().first?["id"] as? String), "--fat", fat)
        #expect(edit.status == 65)
        #expect(cli.weightsFile == before)
    }

    @Test("edit --fat sets it, --clear-fat removes it, and undo brings each step back")
    func editFat() throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80.5", "--date", "2026-11-28 07:00")
        let id = try #require(try cli.entries().first?["id"] as? String)
        #expect(try cli.ok("edit", String(id.prefix(8)), "--fat", "21").stdout.contains("21.0% fat"))
        #expect(try cli.entries().first?["fatPercent"] as? Double == 21)
        try cli.ok("edit", String(id.prefix(8)), "--clear-fat")
        #expect(try cli.entries().first?["fatPercent"] == nil)
        #expect(try cli.weightsJSON()["version"] as? Int == 1, "nothing needs version 2 any more")
        try cli.ok("undo")
        #expect(try cli.entries().first?["fatPercent"] as? Double == 21)
        let both = try cli.run("edit", String(id.prefix(8)), "--fat", "20", "--clear-fat")
        #expect(both.status == 64)
    }

    @Test("Withings fat mass becomes a percent of that row's weight; Apple Health body fat joins the same source's weigh-in within 2 minutes")
    func importsKeepFat() throws {
        let cli = try CLIHarness()
        let withings = try write(cli, "weight.csv", """
            Date,"Weight (kg)","Fat mass (kg)","Bone mass (kg)","Muscle mass (kg)","Hydration (kg)",Comments
            "2026-01-05 08:00:00",80.0,16.0,,,,
            "2026-01-06 08:00:00",79.6,16.3,,,,
            "2026-01-07 08:00:00",79.5,,,,,

            """)
        #expect(try cli.ok("import", withings).stderr.contains("3 added"))
        let fats = try cli.entries().map { $0["fatPercent"] as? Double }
        #expect(fats[0] == 20)
        let percent: Double = 16.3 / 79.6 * 100
        #expect(abs(try #require(fats[1]) - percent) < 0.001)
        #expect(fats[2] == nil)

        let health = try write(cli, "export.xml", """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" startDate="2026-02-01 07:00:00 +0000" endDate="2026-02-01 07:00:00 +0000" value="80.4"/>
             <Record type="HKQuantityTypeIdentifierBodyFatPercentage" sourceName="Scale" unit="%" startDate="2026-02-01 07:01:00 +0000" endDate="2026-02-01 07:01:00 +0000" value="0.224"/>
             <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" startDate="2026-02-02 07:00:00 +0000" endDate="2026-02-02 07:00:00 +0000" value="80.2"/>
             <Record type="HKQuantityTypeIdentifierBodyFatPercentage" sourceName="Phone" unit="%" startDate="2026-02-02 07:00:30 +0000" endDate="2026-02-02 07:00:30 +0000" value="0.21"/>
             <Record type="HKQuantityTypeIdentifierBodyFatPercentage" sourceName="Scale" unit="%" startDate="2026-02-02 07:05:00 +0000" endDate="2026-02-02 07:05:00 +0000" value="0.22"/>
            </HealthData>

            """)
        let imported = try cli.ok("import", health)
        #expect(imported.stderr.contains("2 added"))
        #expect(imported.stderr.contains("2 body-fat readings have no weigh-in of the same source within 2 minutes"))
        let entries = try cli.entries()
        #expect(entries[3]["fatPercent"] as? Double == 22.4, "0.224 is 22.4%, not 22.400000000000002")
        #expect(entries[4]["fatPercent"] == nil, "another source's, or 5 minutes off: not joined")
    }

    @Test("a CSV fat column over weigh-ins already there without it fills them in: 'updated', not duplicates")
    func reimportFillsFat() throws {
        let cli = try CLIHarness()
        let plain = try write(cli, "plain.csv", "date,weight\n2026-01-05 08:00,80.0\n2026-01-06 08:00,79.5\n")
        try cli.ok("import", plain, "--unit", "kg")
        let before = try cli.entries().map { $0["id"] as? String }
        let withFat = try write(cli, "fat.csv", "date,weight,body fat %\n2026-01-05 08:00,80.0,20.5%\n2026-01-06 08:00,79.5,0.201\n")
        let result = try cli.ok("import", withFat, "--unit", "kg")
        #expect(result.stderr.contains("0 added, 2 updated"))
        let entries = try cli.entries()
        #expect(entries.map { $0["id"] as? String } == before)
        #expect(entries.map { $0["fatPercent"] as? Double } == [20.5, 20.1])
        #expect(try cli.ok("import", withFat, "--unit", "kg").stderr.contains("0 added, 0 updated, 2 duplicate"))
    }

    @Test("the report says what the change was made of, in text and JSON")
    func reportComposition() throws {
        let cli = try CLIHarness()
        try logHistory(cli)
        let text = try cli.ok("progress", "--no-chart").stdout
        let fatLine = try #require(text.split(separator: "\n").first { $0.hasPrefix("Body fat") })
        #expect(fatLine.contains("points/week"))
        #expect(text.contains("was fat ("))
        let json = try #require(try cli.json(try cli.ok("progress", "--format", "json").stdout) as? [String: Any])
        let composition = try #require(json["bodyComposition"] as? [String: Any])
        for key in ["asOf", "fatPercent", "fatPercentWeeklyRate", "fatMass", "fatMassWeeklyRate", "leanMass", "leanMassWeeklyRate", "fatMassChange", "leanMassChange", "fatShareOfChange"] {
            #expect(composition[key] is Double || composition[key] is String, "\(key)")
        }
        let fatMass = try #require(composition["fatMass"] as? Double)
        let lean = try #require(composition["leanMass"] as? Double)
        #expect(abs(fatMass + lean - (json["trend"] as? Double ?? 0)) < 0.05, "fat and lean make up the weight trend")
        // Without body fat, there is nothing to say.
        let plain = try CLIHarness()
        try logHistory(plain, fat: false)
        #expect(!(try plain.ok("progress", "--no-chart").stdout.contains("Body fat")))
        let plainJSON = try #require(try plain.json(try plain.ok("progress", "--format", "json").stdout) as? [String: Any])
        #expect(plainJSON["bodyComposition"] is NSNull)
    }

    @Test("height as people type it, and BMI with its class and the healthy range in the report", arguments: [
        ("180cm", 180.0), ("1.80m", 180.0), ("5'11\"", 180.34), ("5ft 11in", 180.34), ("71in", 180.34),
    ])
    func height(typed: String, centimetres: Double) throws {
        let cli = try CLIHarness()
        try logHistory(cli, fat: false)
        try cli.ok("height", typed)
        let shown = try #require(try cli.json(try cli.ok("height", "--format", "json").stdout) as? [String: Any])
        #expect(abs((shown["centimetres"] as? Double ?? 0) - centimetres) < 0.051)
        let json = try #require(try cli.json(try cli.ok("progress", "--format", "json").stdout) as? [String: Any])
        let trend = try #require(json["trend"] as? Double)
        let metres = centimetres / 100
        #expect(abs(try #require(json["bmi"] as? Double) - trend / (metres * metres)) < 0.01)
        #expect(json["bmiClass"] as? String == "overweight")
        let range = try #require(json["healthyWeightRange"] as? [Double])
        #expect(abs(range[0] - 18.5 * metres * metres) < 0.01)
        #expect(abs(range[1] - 24.9 * metres * metres) < 0.01)
        #expect(try cli.ok("progress", "--no-chart").stdout.contains("overweight; a healthy weight at your height is"))
    }

    @Test("a height no person has is 65 and settings stay as they were; --clear forgets it", arguments: ["3m", "20cm", "tall", "0"])
    func badHeight(typed: String) throws {
        let cli = try CLIHarness()
        try cli.ok("height", "180cm")
        let settings = cli.dataDirectory + "/settings.json"
        let before = FileManager.default.contents(atPath: settings)
        let result = try cli.run("height", typed)
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("Error: "))
        #expect(FileManager.default.contents(atPath: settings) == before)
        try cli.ok("height", "--clear")
        let shown = try #require(try cli.json(try cli.ok("height", "--format", "json").stdout) as? [String: Any])
        #expect(shown["centimetres"] is NSNull)
    }

    @Test("goal --by: the plan in text and JSON, with every field SPEC §13 names")
    func planByDate() throws {
        let cli = try CLIHarness()
        try logHistory(cli, fat: false)
        let set = try cli.ok("goal", "85", "--by", "2027-03-01")
        #expect(set.stdout.isEmpty)
        #expect(set.stderr.contains("by 1 Mar 2027"))
        let stored = try cli.weightsJSON()
        #expect(stored["goalBy"] as? String == "2027-03-01")
        #expect(stored["goalStart"] as? String == "2026-11-30")
        let json = try #require(try cli.json(try cli.ok("progress", "--format", "json").stdout) as? [String: Any])
        let plan = try #require(json["plan"] as? [String: Any])
        for key in ["start", "startTrend", "by", "weeklyRate", "planTrendToday", "aheadBy", "requiredWeeklyRate", "requiredEnergyBalance", "daysLate"] {
            #expect(plan[key] != nil && !(plan[key] is NSNull), "\(key)")
        }
        #expect(plan["by"] as? String == "2027-03-01")
        let trend = try #require(json["trend"] as? Double)
        // 91 days from 30 Nov 2026 to 1 Mar 2027.
        #expect(abs(try #require(plan["weeklyRate"] as? Double) - (85 - trend) / 91 * 7) < 0.006)
        let text = try cli.ok("progress", "--no-chart").stdout
        #expect(text.contains("85.0 kg by 1 Mar 2027"))
        #expect(text.contains("kcal/day"))
    }

    @Test("goal --rate: the plan's day comes from the rate; a week later it is behind, and says so in kg and days")
    func planByRateBehind() throws {
        var cli = try CLIHarness()
        try logHistory(cli, fat: false)
        try cli.ok("goal", "85", "--rate", "1")
        let stored = try cli.weightsJSON()
        #expect(stored["goalWeeklyRateKilograms"] as? Double == -1, "down to a goal below the trend")
        // A week of standing still.
        cli.now = "2026-12-07T12:00:00Z"
        for day in 1...7 {
            try cli.ok("log", "87.6", "--date", String(format: "2026-12-%02d 07:00", day), "--force")
        }
        let json = try #require(try cli.json(try cli.ok("progress", "--format", "json").stdout) as? [String: Any])
        let plan = try #require(json["plan"] as? [String: Any])
        let ahead = try #require(plan["aheadBy"] as? Double)
        #expect(ahead < 0)
        #expect(abs(try #require(plan["aheadByDays"] as? Double) - ahead / (1.0 / 7)) < 0.2)
        let text = try cli.ok("progress", "--no-chart").stdout
        #expect(text.contains("behind the plan"))
    }

    @Test("a plan past its day says so")
    func overdue() throws {
        var cli = try CLIHarness()
        try logHistory(cli, fat: false)
        try cli.ok("goal", "80", "--by", "2026-12-10")
        cli.now = "2026-12-20T12:00:00Z"
        try cli.ok("log", "87.5", "--date", "2026-12-20 07:00", "--force")
        let json = try #require(try cli.json(try cli.ok("progress", "--format", "json").stdout) as? [String: Any])
        let plan = try #require(json["plan"] as? [String: Any])
        #expect(plan["overdue"] as? Bool == true)
        #expect(plan["requiredWeeklyRate"] is NSNull)
        #expect(try cli.ok("progress", "--no-chart").stdout.contains("10 Dec 2026 has passed without reaching the goal"))
    }

    @Test("a plan that cannot be is 65 and the goal stays as it was", arguments: [
        ["--by", "2026-11-01"], ["--by", "today"], ["--rate", "0"], ["--rate", "6"], ["--rate", "heavy"],
    ])
    func badPlan(plan: [String]) throws {
        let cli = try CLIHarness()
        try logHistory(cli, fat: false)
        try cli.ok("goal", "85")
        let before = cli.weightsFile
        let result = try cli.binary.run(["goal", "80"] + plan, environment: cli.environment)
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("Error: "))
        #expect(cli.weightsFile == before)
    }

    @Test("a plan at a rate needs a weigh-in to start from; --by and --rate together are a usage error")
    func planNeedsTrend() throws {
        let cli = try CLIHarness()
        let none = try cli.run("goal", "80", "--rate", "0.5")
        #expect(none.status == 65)
        #expect(none.stderr == "Error: a plan starts from the trend: log a weigh-in first\n")
        #expect(cli.weightsFile == nil)
        let both = try cli.run("goal", "80", "--rate", "0.5", "--by", "2027-01-01")
        #expect(both.status == 64)
    }

    @Test("two weigh-ins a day apart give no rate, energy or goal date, but say when they will")
    func earlyNumbers() throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80.5", "--date", "2026-11-29 07:00")
        try cli.ok("log", "80.1", "--date", "2026-11-30 07:00")
        try cli.ok("goal", "75")
        let text = try cli.ok("progress", "--no-chart").stdout
        #expect(text.contains("rate after a week of weigh-ins (2 so far)"))
        #expect(!text.contains("kcal/day"))
        #expect(!text.contains("on track"))
        let json = try #require(try cli.json(try cli.ok("progress", "--format", "json").stdout) as? [String: Any])
        #expect(json["weeklyRate"] is NSNull)
        #expect(json["energyBalance"] is NSNull)
        #expect(json["projectedGoalDate"] is NSNull)
    }

    @Test("--until with a range is that range ending then", arguments: ["1M", "3M", "6M", "1Y", "All"])
    func untilWithRange(range: String) throws {
        let cli = try CLIHarness()
        try logHistory(cli, fat: false)
        let json = try #require(try cli.json(try cli.ok("progress", "--range", range, "--until", "2026-11-15", "--format", "json").stdout) as? [String: Any])
        #expect(json["to"] as? String == "2026-11-15")
        #expect(json["asOf"] as? String == "2026-11-15")
        #expect(json["count"] as? Int == 6)
        let days = ["1M": 30, "3M": 90, "6M": 180, "1Y": 365][range]
        let expectedFrom = days.map { CLICalendar.day("2026-11-15", adding: -($0 - 1)) } ?? "2026-11-10"
        #expect(json["from"] as? String == expectedFrom)
    }

    @Test("a long gap is named in the report and bridged by no estimated rows")
    func longGap() throws {
        let cli = try CLIHarness()
        for day in ["2026-08-01", "2026-08-02", "2026-08-03", "2026-11-28", "2026-11-29", "2026-11-30"] {
            try cli.ok("log", "80", "--date", day + " 07:00", "--force")
        }
        let text = try cli.ok("progress", "--range", "6M", "--no-chart").stdout
        #expect(text.contains("no weigh-ins between 3 Aug 2026 and 28 Nov 2026, 117 days apart"))
        let list = try cli.ok("list", "--range", "6M", "--estimated").stdout
        #expect(!list.contains("2026-08-04"), "no invented days inside the gap")
        #expect(!list.contains("estimated"))
        let json = try #require(try cli.json(try cli.ok("progress", "--range", "6M", "--format", "json").stdout) as? [String: Any])
        let gap = try #require(json["longestGap"] as? [String: Any])
        #expect(gap["days"] as? Int == 117)
    }
}

/// Day arithmetic for what tests expect, in UTC: no zone, no clock.
enum CLICalendar {
    static func day(_ text: String, adding days: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        let date = formatter.date(from: text)!.addingTimeInterval(Double(days) * 86_400)
        return formatter.string(from: date)
    }
}
