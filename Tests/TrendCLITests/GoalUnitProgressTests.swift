import Foundation
import Testing
import TestSupport

@Suite("trend goal, unit, progress")
struct GoalUnitProgressTests {
    @Test("sets, shows and clears the goal")
    func goal() throws {
        let cli = try CLIHarness()
        let none = try cli.ok("goal")
        #expect(none.stdout.isEmpty)
        #expect(none.stderr.contains("No goal set"))
        try cli.ok("goal", "165lb")
        #expect(abs((try cli.weightsJSON()["goalKilograms"] as? Double ?? 0) - 165 * 0.45359237) < 1e-9)
        #expect(try cli.ok("goal", "--unit", "lb").stdout == "165.0 lb\n")
        let json = try #require(try cli.json(cli.ok("goal", "--format", "json").stdout) as? [String: Any])
        #expect(json["goal"] as? Double == 74.84)
        try cli.ok("goal", "--clear")
        #expect(try cli.weightsJSON()["goalKilograms"] == nil)
        #expect(try cli.run("goal", "70", "--clear").status == 64)
    }

    @Test("sets and shows the unit; bare numbers then use it")
    func unit() throws {
        let cli = try CLIHarness()
        #expect(try cli.ok("unit").stdout == "kg\n")
        try cli.ok("unit", "lb")
        #expect(FileManager.default.contents(atPath: cli.dataDirectory + "/settings.json").map { String(decoding: $0, as: UTF8.self) }
            == "{\n  \"unit\": \"lb\",\n  \"version\": 1\n}\n")
        #expect(try cli.ok("unit").stdout == "lb\n")
        try cli.ok("log", "176.4", "--date", "2026-01-01")
        #expect(abs((try cli.entries()[0]["kilograms"] as? Double ?? 0) - 176.4 * 0.45359237) < 1e-9)
        #expect(try cli.ok("list").stdout.contains("176.4 lb"))
        #expect(try cli.run("unit", "furlongs").status == 64)
        #expect(try cli.run("list", "--unit", "furlongs").status == 64)
    }

    @Test("progress JSON for a CLI-logged history matches hand-computed values")
    func progressJSON() throws {
        let cli = try CLIHarness()
        try cli.ok("log", "70", "--date", "2026-01-01 07:00")
        try cli.ok("log", "73", "--date", "2026-01-04 07:00")
        try cli.ok("log", "74", "--date", "2026-01-04 19:00")
        try cli.ok("goal", "72")
        let result = try cli.ok("progress", "--range", "all", "--format", "json")
        let report = try #require(try cli.json(result.stdout) as? [String: Any])
        let keys = ["range", "from", "to", "unit", "method", "asOf", "count", "start", "latest", "change", "weightChange",
                    "minimum", "maximum", "average", "trend", "weeklyRate", "energyBalance", "deltas", "goal", "remaining",
                    "goalReached", "projectedGoalDate", "trackingSince", "weighInDays", "longestGap", "bodyComposition", "bmi",
                    "bmiClass", "healthyWeightRange", "plan", "expenditure", "targetIntake", "measurements", "marks", "points"]
        #expect(Set(report.keys) == Set(keys))
        #expect(report["range"] as? String == "All")
        #expect(report["from"] as? String == "2026-01-01")
        #expect(report["count"] as? Int == 3)
        // The change is the trend's (70 → 70.561); the weight's is beside it.
        #expect(report["change"] as? Double == 0.56)
        #expect(report["weightChange"] as? Double == 4)
        #expect(report["method"] as? String == "trendweight")
        #expect(report["asOf"] as? String == "2026-01-04")
        #expect(report["trackingSince"] as? String == "2026-01-01")
        #expect(report["minimum"] as? Double == 70)
        #expect(report["maximum"] as? Double == 74)
        #expect(report["average"] as? Double == 72.33)
        // Days 70, 71, 72, 73 (interpolated, earliest of Jan 4): trends 70, 70.1, 70.29, 70.561.
        #expect(report["trend"] as? Double == 70.56)
        // Two weigh-in days over four: too early for a rate (SPEC §5), so no energy balance or date either.
        #expect(report["weighInDays"] as? Int == 2)
        #expect(report["weeklyRate"] is NSNull)
        #expect(report["energyBalance"] is NSNull)
        let deltas = try #require(report["deltas"] as? [String: Any])
        #expect(deltas["day"] as? Double == 0.27)
        #expect(deltas["week"] is NSNull)
        #expect(report["goalReached"] as? Bool == false)
        #expect(report["goal"] as? Double == 72)
        #expect(report["remaining"] as? Double == 1.44)
        #expect(report["projectedGoalDate"] is NSNull)
        #expect(report["bodyComposition"] is NSNull && report["bmi"] is NSNull && report["plan"] is NSNull && report["longestGap"] is NSNull)
        // Weigh-ins and, between them, the estimated days.
        let points = try #require(report["points"] as? [[String: Any]])
        #expect(points.map { $0["trend"] as? Double } == [70, 70.1, 70.29, 70.56, 70.56])
        #expect(points.map { $0["weight"] as? Double } == [70, 71, 72, 73, 74])
        #expect(points.map { $0["estimated"] as? Bool } == [nil, true, true, nil, nil])
        #expect(points[1]["date"] as? String == "2026-01-02")
    }

    @Test("progress text reads well, and no weigh-ins in range is a sentence")
    func progressText() throws {
        let cli = try CLIHarness()
        #expect(try cli.ok("progress").stdout.contains("No weigh-ins yet"))
        try cli.ok("log", "70", "--date", "2026-01-01 07:00")
        try cli.ok("log", "69", "--date", "2026-01-02 07:00")
        try cli.ok("goal", "60")
        // An old history still has its numbers, as of its latest weigh-in.
        let month = try cli.ok("progress").stdout.replacing(/\ +/, with: " ")
        // A range without weigh-ins says so and names the history's span; never "no weigh-ins yet" (SPEC §5).
        #expect(month.hasPrefix("No weigh-ins between 1 Nov 2026 and 30 Nov 2026; the history runs from 1 Jan 2026 to 2 Jan 2026."), "\(month)")
        #expect(month.contains("Latest weigh-in 332 days ago (2 Jan 2026)"))
        #expect(month.contains("Trend 69.9 kg rate after a week of weigh-ins (2 so far)"))
        let all = try cli.ok("progress", "--range", "All").stdout.replacing(/\ +/, with: " ")
        #expect(all.contains("Progress over all time: 2026-01-01 to"))
        #expect(all.contains("Change -0.1 kg in trend; -1.0 kg in weight"))
        #expect(all.contains("Trend 69.9 kg rate after a week of weigh-ins (2 so far)"))
        #expect(!all.contains("Energy"))
        #expect(all.contains("Trend moved -0.1 kg in 1 day"))
        // Too early for a pace: the amount alone.
        #expect(all.contains("Goal 60.0 kg 9.9 kg to lose\n"))
        #expect(all.contains("Tracking since 1 Jan 2026; trend method trendweight"))
        #expect(!all.contains("\u{1B}["))
        #expect(try cli.run("progress", "--range", "2W").status == 64)
    }

    @Test("the chart: none when piped, drawn with --chart at COLUMNS width, ASCII outside UTF-8")
    func chart() throws {
        var cli = try CLIHarness()
        for (day, weight) in [("01", "70"), ("05", "72"), ("09", "69")] { try cli.ok("log", weight, "--date", "2026-01-\(day) 07:00") }
        let piped = try cli.ok("progress", "--range", "all").stdout
        #expect(!piped.contains("└") && !piped.contains("+---"))
        cli.extraEnvironment["COLUMNS"] = "60"
        let ascii = try cli.ok("progress", "--range", "all", "--chart").stdout
        let asciiAxis = try #require(ascii.split(separator: "\n").first { $0.wholeMatch(of: /\s*\+[-+]+/) != nil })
        #expect(asciiAxis.count == 60)
        #expect(ascii.unicodeScalars.allSatisfy { $0.isASCII })
        cli.extraEnvironment["LANG"] = "en_US.UTF-8"
        let unicode = try cli.ok("progress", "--range", "all", "--chart").stdout
        let axis = try #require(unicode.split(separator: "\n").first { $0.contains("└") })
        #expect(axis.count == 60)
        #expect(unicode.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }, "braille dots")
        #expect(!unicode.contains("\u{1B}["))
        #expect(!(try cli.ok("progress", "--range", "all", "--chart", "--no-chart").stdout.contains("└")))
        #expect(try cli.ok("list", "--chart").stdout.contains("└"))
    }

    @Test("a damaged weights file: exit 65 naming it, never rewritten; unit still works")
    func damagedFile() throws {
        let cli = try CLIHarness()
        try cli.writeWeights("{\"entries\": [], \"version\": 1, \"entries\": []}")
        let before = cli.weightsFile
        for command in [["log", "80"], ["list"], ["progress"], ["goal", "70"], ["last"]] {
            let result = try cli.binary.run(command, environment: cli.environment)
            #expect(result.status == 65, "\(command)")
            #expect(result.stderr.contains(cli.weightsPath + ":1:31"), "\(result.stderr)")
            #expect(result.stderr.contains("duplicate key"))
        }
        #expect(cli.weightsFile == before)
        try cli.ok("unit", "lb")
        try cli.ok("--help")
        #expect(cli.weightsFile == before)
    }

    @Test("a file from a newer trend is not written: exit 65 asking to upgrade")
    func newerVersion() throws {
        let cli = try CLIHarness()
        try cli.writeWeights(#"{"entries": [], "version": 7}"#)
        let before = cli.weightsFile
        let result = try cli.run("log", "80")
        #expect(result.status == 65)
        #expect(result.stderr.contains("written by a newer trend (version 7): upgrade"))
        #expect(cli.weightsFile == before)
        try cli.ok("list")
    }
}
