import Foundation
import Testing
import TestSupport

/// Numbers a user never doubts (SPEC §5, §8, §12, §13, §17): no body fat
/// invented across years, goals that catch the wrong unit, honest ranges
/// and stats, and text that fits the terminal.
@Suite("Numbers a user never doubts")
struct NumbersNeverInventedTests {
    /// `days` days of weigh-ins ending on 29 Nov 2026 from `start` kg, a
    /// steady `perDay` change, with body fat on the days `fat` picks.
    func history(_ cli: CLIHarness, days: Int, start: Double = 85, perDay: Double = -0.05, fat: (Int) -> Double? = { _ in nil }) throws {
        var csv = "date,weight,fat\n"
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        let end = formatter.date(from: "2026-11-29")!
        for i in 0..<days {
            let day = formatter.string(from: end.addingTimeInterval(-Double(days - 1 - i) * 86_400))
            let wobble = [0.3, -0.2, 0.1, -0.3, 0.2][i % 5]
            csv += "\(day) 07:00,\(String(format: "%.2f", start + perDay * Double(i) + wobble)),\(fat(i).map { String(format: "%.1f", $0) } ?? "")\n"
        }
        try cli.directory.write(csv, to: "history.csv")
        try cli.ok("import", cli.directory.file("history.csv"), "-q")
    }

    // MARK: 1. Body fat

    @Test("body fat measured years apart is never filled in: no FAT in years without a reading, no share invented for the change")
    func noInventedBodyFat() throws {
        let cli = try CLIHarness()
        // 2017–2019 with body fat, nothing in between, then 2026 with body fat again.
        var csv = "date,weight,fat\n"
        // Fortnightly from 1 Jan 2017 to 15 Dec 2019.
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        let start = formatter.date(from: "2017-01-01")!
        for step in 0..<78 {
            csv += "\(formatter.string(from: start.addingTimeInterval(Double(step) * 14 * 86_400))),\(88 - Double(step) * 0.04),\(24 - Double(step) * 0.01)\n"
        }
        for month in 1...12 { csv += "2022-\(month < 10 ? "0" : "")\(month)-15,85\n" }
        for day in 1...28 { csv += "2026-11-\(day < 10 ? "0" : "")\(day),\(86 - Double(day) * 0.05),\(21 + Double(day % 3) * 0.1)\n" }
        try cli.directory.write(csv, to: "years.csv")
        try cli.ok("import", cli.directory.file("years.csv"), "-q")

        let stats = try cli.ok("stats", "--by", "year", "--format", "json")
        let rows = try #require(try cli.json(stats.stdout) as? [[String: Any]])
        for row in rows {
            let year = row["period"] as? String ?? ""
            let measured = ["2017", "2018", "2019", "2026"].contains(year)
            #expect((row["fatPercent"] is NSNull) != measured, "\(year): \(row["fatPercent"] ?? "missing")")
        }
        let text = try cli.ok("stats", "--by", "year").stdout
        let line2022 = try #require(text.split(separator: "\n").first { $0.hasPrefix("2022") })
        #expect(!line2022.contains("%"), "\(line2022)")

        // Over all time the ends have body fat, but a gap of years lies between: no breakdown, and the text says why.
        let all = try cli.ok("progress", "--range", "All")
        #expect(!all.stdout.contains("was fat ("), "\(all.stdout)")
        #expect(all.stdout.contains("the change in this range is not broken down: no body fat measured between 15 Dec 2019 and 1 Nov 2026"), "\(all.stdout)")
        let json = try #require(try cli.json(try cli.ok("progress", "--range", "All", "--format", "json").stdout) as? [String: Any])
        let composition = try #require(json["bodyComposition"] as? [String: Any])
        #expect(composition["fatShareOfChange"] is NSNull)
        #expect(composition["fatMassChange"] is NSNull)
        // In November alone the breakdown is told, as a share between 0 and 100%.
        let month = try cli.ok("progress", "--since", "2026-11-01", "--until", "2026-11-28", "--format", "json")
        let share = try #require(((try cli.json(month.stdout) as? [String: Any])?["bodyComposition"] as? [String: Any])?["fatShareOfChange"])
        if let value = share as? Double { #expect(value >= 0 && value <= 1) }
    }

    @Test("a range whose first weigh-in day has no body fat within a week says so")
    func noBodyFatNearTheStart() throws {
        let cli = try CLIHarness()
        try history(cli, days: 40, fat: { $0 >= 20 ? 22 - Double($0) * 0.02 : nil })
        let report = try cli.ok("progress", "--range", "All").stdout
        #expect(report.contains("no body fat measured near 21 Oct 2026"), "\(report)")
    }

    // MARK: 2. Goals and plans

    @Test("a goal typed in the wrong unit is refused with the likely intent; --force sets it")
    func wrongUnitGoal() throws {
        let cli = try CLIHarness()
        try history(cli, days: 20, start: 83, perDay: -0.05)
        let refused = try cli.run("goal", "170")
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("did you mean 170 lb (77.1 kg)?"), "\(refused.stderr)")
        #expect(refused.stderr.contains("Add --force to set 170.0 kg."), "\(refused.stderr)")
        #expect(try cli.weightsJSON()["goalKilograms"] == nil)
        // A misplaced decimal point too.
        #expect(try cli.run("goal", "7.5").stderr.contains("did you mean 75.0 kg?"))
        // A goal far away but no typo is set.
        #expect(try cli.run("goal", "65").status == 0)
        try cli.ok("goal", "170", "--force")
        #expect(try cli.weightsJSON()["goalKilograms"] as? Double == 170)
    }

    @Test("a goal under a healthy BMI, or under 40 kg without a height, is refused; --force sets it")
    func unhealthyGoal() throws {
        let cli = try CLIHarness()
        try history(cli, days: 20, start: 70, perDay: -0.02)
        let light = try cli.run("goal", "39")
        #expect(light.status == 65)
        #expect(light.stderr.contains("a goal of 39.0 kg is under 40.0 kg"), "\(light.stderr)")
        try cli.ok("height", "180cm")
        let bmi = try cli.run("goal", "55")
        #expect(bmi.status == 65)
        #expect(bmi.stderr.contains("a goal of 55.0 kg is a BMI of 17.0 at 180.0 cm"), "\(bmi.stderr)")
        #expect(try cli.weightsJSON()["goalKilograms"] == nil)
        #expect(try cli.run("goal", "60").status == 0, "BMI 18.5 at 180 cm is 59.9 kg")
        try cli.ok("goal", "55", "--force")
        #expect(try cli.weightsJSON()["goalKilograms"] as? Double == 55)
    }

    @Test("a plan faster than 1% a week is set but warned about, once in the report; a rate shows as given")
    func fastPlan() throws {
        let cli = try CLIHarness()
        try history(cli, days: 30, start: 83, perDay: -0.05)
        let fast = try cli.run("goal", "75", "--rate", "1.2")
        #expect(fast.status == 0)
        #expect(fast.stderr.contains("warning: -1.2 kg/week is faster than 1% of your weight a week; most plans aim for 0.5–1%"), "\(fast.stderr)")
        let report = try cli.ok("progress").stdout
        #expect(report.components(separatedBy: "is faster than 1% of your weight a week").count == 2, "\(report)")
        // 0.25 is shown as 0.25, never rounded to 0.3; a gentle plan has no warning.
        let gentle = try cli.run("goal", "75", "--rate", "0.25")
        #expect(!gentle.stderr.contains("warning"))
        #expect(gentle.stderr.contains("at -0.25 kg/week"), "\(gentle.stderr)")
        #expect(try cli.ok("goal").stdout.contains("-0.25 kg/week"))
        #expect(try cli.ok("progress").stdout.contains("-0.25 kg/week from"))
        // A date plan that asks too much is warned about too.
        #expect(try cli.run("goal", "75", "--by", "2026-12-20").stderr.contains("is faster than 1% of your weight a week"))
    }

    @Test("when the plan's rate and arriving from here ask different intakes, both are said")
    func bothEnergyFigures() throws {
        let cli = try CLIHarness()
        try history(cli, days: 60, start: 90, perDay: -0.03)
        // A plan set 50 days ago, to lose 10 kg by 1 Mar 2027: the trend is behind it.
        try cli.ok("goal", "80", "--by", "2027-03-01")
        var document = try cli.weightsJSON()
        document["goalStart"] = "2026-10-10"
        try cli.writeWeights(String(decoding: try JSONSerialization.data(withJSONObject: document), as: UTF8.self))
        let json = try #require(try cli.json(try cli.ok("progress", "--format", "json").stdout) as? [String: Any])
        let plan = try #require(json["plan"] as? [String: Any])
        let required = try #require(plan["requiredEnergyBalance"] as? Int)
        let plannedRate = try #require(plan["weeklyRate"] as? Double)
        let planned = Int((plannedRate * 7716.17 / 7).rounded())
        #expect(abs(planned - required) > 50, "the fixture must make them differ: \(planned) vs \(required)")
        let text = try cli.ok("progress").stdout.replacing(/\s+/, with: " ")
        #expect(text.contains("the plan's rate asks"), "\(text)")
        #expect(text.contains("to arrive on 1 Mar 2027 from here,"), "\(text)")
    }

    // MARK: 3. Ranges

    @Test("--until before --since is a usage error naming both days, on every screen with a period", arguments: ["progress", "list", "stats"])
    func reversedRange(command: String) throws {
        let cli = try CLIHarness()
        try history(cli, days: 10)
        let result = try cli.run(command, "--since", "2026-11-20", "--until", "2026-11-10")
        #expect(result.status == 64)
        #expect(result.stderr.contains("Error: --until 2026-11-10 is before --since 2026-11-20"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test("a range without weigh-ins names the history's span, and JSON gives count 0 with the real from and to")
    func emptyRange() throws {
        let cli = try CLIHarness()
        try history(cli, days: 10)
        let text = try cli.ok("progress", "--since", "2020-01-01", "--until", "2020-02-01")
        #expect(text.stdout == "No weigh-ins between 1 Jan 2020 and 1 Feb 2020; the history runs from 20 Nov 2026 to 29 Nov 2026.\n")
        let json = try #require(try cli.json(try cli.ok("progress", "--since", "2020-01-01", "--until", "2020-02-01", "--format", "json").stdout) as? [String: Any])
        #expect(json["count"] as? Int == 0)
        #expect(json["range"] as? String == "custom")
        #expect(json["from"] as? String == "2020-01-01")
        #expect(json["to"] as? String == "2020-02-01")
        #expect(!text.stdout.contains("yet"))
    }

    // MARK: 4. Stats

    @Test("stats gives each period's average weekly rate, which always agrees with its change")
    func averageRate() throws {
        let cli = try CLIHarness()
        try history(cli, days: 120, start: 80, perDay: 0.02)
        let text = try cli.ok("stats", "--by", "month").stdout
        #expect(text.hasPrefix("PERIOD"))
        #expect(text.split(separator: "\n")[0].contains("AVG/WEEK"))
        let rows = try #require(try cli.json(try cli.ok("stats", "--by", "month", "--format", "json").stdout) as? [[String: Any]])
        for row in rows {
            guard let rate = row["averageWeeklyRate"] as? Double, let change = row["trendChange"] as? Double else { continue }
            #expect((rate < 0) == (change < 0) || rate == 0 || change == 0, "\(row)")
        }
        #expect(rows.contains { $0["averageWeeklyRate"] is Double })
    }

    // MARK: 5. Claims

    @Test("help and the man page never call the Holt presets TrendWeight's, and say how the goal is reached")
    func claims() throws {
        let cli = try CLIHarness()
        let man = try cli.ok("help", "--man").stdout
        let method = try cli.ok("help", "method").stdout
        for text in [man, method] {
            #expect(!text.contains("TrendWeight's Holt") && !text.contains("TrendWeight's level-and-slope"))
        }
        #expect(method.replacing(/\s+/, with: " ").contains("TrendWeight has no Holt method"))
        #expect(!man.contains("Within 2.5 lb (1.1 kg) of the goal it is reached"))
        #expect(man.replacing(/\s+/, with: " ").contains("once the trend has crossed the goal"))
    }

    @Test("the legend names a goal line only when one is drawn")
    func legendGoal() throws {
        let cli = try CLIHarness()
        try history(cli, days: 20, start: 80, perDay: -0.02)
        try cli.ok("goal", "60")
        let far = try cli.ok("progress", "--chart", "--ascii").stdout
        #expect(far.contains("goal 60.0 kg (below)"))
        #expect(!far.split(separator: "\n").last!.contains("goal"), "the legend names no goal line: \(far)")
        try cli.ok("goal", "79.5")
        let near = try cli.ok("progress", "--chart", "--ascii").stdout
        #expect(near.split(separator: "\n").suffix(2).joined().contains("goal 79.5 kg"), "\(near)")
    }

    // MARK: 6. The numbers

    @Test("old deltas are shown with their age")
    func oldDeltas() throws {
        let cli = try CLIHarness()
        try history(cli, days: 40)
        var later = cli
        later.now = "2026-12-20T12:00:00Z"
        let text = try later.ok("progress").stdout.replacing(/\s+/, with: " ")
        #expect(text.contains("in 4 weeks; as of 29 Nov 2026, 21 days ago"), "\(text)")
    }

    // MARK: 7. Text that fits

    @Test("every line fits COLUMNS when it is set, piped or not, with the chart", arguments: [20, 40, 60, 100])
    func fits(columns: Int) throws {
        var cli = try CLIHarness()
        try history(cli, days: 90, fat: { $0 % 4 == 0 ? 22 : nil })
        try cli.ok("height", "180cm")
        try cli.ok("goal", "70", "--by", "2027-06-01")
        try cli.ok("log", "80.1", "--note", "a long note that says a great deal about the morning, the scale, the run and the breakfast after it")
        cli.extraEnvironment["COLUMNS"] = String(columns)
        for command in [["progress", "--chart"], ["progress", "--chart", "--ascii"], ["stats"], ["stats", "--by", "week"], ["list", "--range", "1M"], ["progress", "--range", "All"]] {
            let result = try cli.ok(command)
            let long = result.stdout.split(separator: "\n").filter { $0.count > columns }
            #expect(long.isEmpty, "\(command) at \(columns): \(long)")
            #expect(!result.stdout.isEmpty)
        }
    }
}
