import Foundation
import Testing
import TestSupport

/// `trend stats` and `trend status` (SPEC §8) as a user and a script see them.
@Suite("stats and status, end to end")
struct StatsStatusTests {
    func history(_ cli: CLIHarness, days: Int = 30, fat: Bool = false) throws {
        try cli.seed((0..<days).map { (i: Int) -> CLIHarness.TypedWeighIn in
            let kilograms: Double = 82 - 0.1 * Double(i)
            return CLIHarness.TypedWeighIn(date: CLICalendar.day("2026-11-30", adding: i - days + 1) + " 07:00", weight: String(kilograms), fat: fat ? "24" : nil)
        })
    }

    @Test("stats by month in text, JSON and CSV: one row per month, oldest first, the same numbers in each")
    func formats() throws {
        let cli = try CLIHarness()
        try history(cli, days: 45)
        let text = try cli.ok("stats").stdout.split(separator: "\n").map(String.init)
        #expect(text.first?.hasPrefix("PERIOD") == true)
        #expect(text.dropFirst().map { String($0.prefix(8)) } == ["2026-10 ", "2026-11*", "* in pro"], "November is in progress")
        let json = try #require(try cli.json(try cli.ok("stats", "--format", "json").stdout) as? [[String: Any]])
        #expect(json.map { $0["period"] as? String } == ["2026-10", "2026-11"])
        #expect(json[1]["weighIns"] as? Int == 30)
        #expect(json[1]["unit"] as? String == "kg")
        // November is days 15 to 44 of 82 − 0.1 × day.
        #expect(json[1]["minimum"] as? Double == 77.6)
        #expect(json[1]["maximum"] as? Double == 80.5)
        let csv = try cli.ok("stats", "--format", "csv").stdout.split(separator: "\n").map(String.init)
        #expect(csv.first == "period,from,to,weigh_ins,average,minimum,maximum,trend,trend_change,average_weekly_rate,fat,unit,in_progress")
        #expect(csv.count == 3)
        let november = csv[2].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        #expect(november[0] == "2026-11" && november[1] == "2026-11-01" && november[2] == "2026-11-30" && november[3] == "30")
        #expect(Double(november[7]) == json[1]["trend"] as? Double)
        #expect(november[11] == "kg")
    }

    @Test("stats --by week and year, with a range, and empty periods as empty rows")
    func periods() throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80", "--date", "2026-10-05 07:00")
        try cli.ok("log", "79", "--date", "2026-10-26 07:00")
        let weeks = try #require(try cli.json(try cli.ok("stats", "--by", "week", "--format", "json").stdout) as? [[String: Any]])
        #expect(weeks.first?["period"] as? String == "2026-W41")
        #expect(weeks.map { $0["weighIns"] as? Int }.prefix(4) == [1, 0, 0, 1])
        #expect(weeks[1]["average"] is NSNull)
        #expect(weeks.last?["period"] as? String == "2026-W49", "through today (30 Nov 2026, in W49)")
        let years = try #require(try cli.json(try cli.ok("stats", "--by", "year", "--format", "json").stdout) as? [[String: Any]])
        #expect(years.count == 1 && years[0]["period"] as? String == "2026")
        let bad = try cli.run("stats", "--by", "fortnight")
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("week, month, year"))
    }

    @Test("stats in pounds, with body fat, and with nothing logged")
    func unitsAndEmpty() throws {
        let cli = try CLIHarness()
        #expect(try cli.ok("stats").stderr.contains("No weigh-ins yet"))
        #expect(try cli.ok("stats", "--format", "json").stdout == "[]\n")
        try history(cli, days: 10, fat: true)
        try cli.ok("unit", "lb")
        let text = try cli.ok("stats").stdout
        #expect(text.contains(" lb") && text.contains("FAT") && text.contains("24.0%"))
    }

    @Test("status: trend, rate, what is left and the last 14 days as bars; JSON for scripts")
    func status() throws {
        var cli = try CLIHarness()
        try history(cli)
        try cli.ok("goal", "75")
        cli.extraEnvironment["LANG"] = "C.UTF-8"
        let line = try cli.ok("status").stdout
        let pattern = try Regex(#"^80\.0 kg ↓0\.6/wk · 5\.0 to go ([▁▂▃▄▅▆▇█]{14})\n$"#)
        let match = try #require(line.wholeMatch(of: pattern), "\(line)")
        // Falling all along: the bars never rise, from the highest to the lowest.
        let bars = Array(String(match.output[1].substring ?? ""))
        let heights = bars.map { "▁▂▃▄▅▆▇█".firstIndex(of: $0)! }
        #expect(zip(heights, heights.dropFirst()).allSatisfy { $0 >= $1 })
        #expect(bars.first == "█" && bars.last == "▁")
        let ascii = try cli.ok("status", "--ascii").stdout
        #expect(ascii == "80.0 kg -0.6/wk, 5.0 to go\n")
        cli.extraEnvironment["LANG"] = "C"
        #expect(try cli.ok("status").stdout == ascii, "a locale that is not UTF-8 gets ASCII")
        let json = try #require(try cli.json(try cli.ok("status", "--format", "json").stdout) as? [String: Any])
        #expect(json["unit"] as? String == "kg")
        #expect((json["remaining"] as? Double ?? 0) < 0)
        #expect(json["goalReached"] as? Bool == false)
        #expect((json["recentTrend"] as? [Double])?.count == 14)
    }

    @Test("status with nothing logged prints nothing and exits 1; early on it shows no rate; a reached goal is ✓")
    func statusEdges() throws {
        var cli = try CLIHarness()
        let none = try cli.run("status")
        #expect(none.status == 1)
        #expect(none.stdout.isEmpty && none.stderr.isEmpty)
        try cli.ok("log", "80", "--date", "2026-11-29 07:00")
        try cli.ok("log", "79.8", "--date", "2026-11-30 07:00")
        cli.extraEnvironment["LANG"] = "C.UTF-8"
        #expect(try cli.ok("status").stdout == "80.0 kg █▁\n", "no rate before a week of weigh-ins")
        try cli.ok("goal", "80")
        #expect(try cli.ok("status").stdout.contains("goal ✓"))
    }

    @Test("stats --by week names weeks by their days in text, with the year where a year begins")
    func weeksByTheirDays() throws {
        var cli = try CLIHarness()
        cli.extraEnvironment["LANG"] = "C.UTF-8"
        try cli.seed(["2025-12-23", "2025-12-30", "2026-01-06", "2026-11-17"].map { .init(date: $0 + " 07:00", weight: "80") })
        let text = try cli.ok("stats", "--by", "week", "--since", "2025-12-22", "--until", "2026-01-11").stdout
        let labels = text.split(separator: "\n").dropFirst().map { $0.components(separatedBy: "  ")[0] }
        #expect(labels == ["22–28 Dec 2025", "29 Dec–4 Jan 2026", "5–11 Jan"], "\(text)")
        let thisYear = try cli.ok("stats", "--by", "week", "--since", "2026-11-16", "--until", "2026-11-29").stdout
        #expect(thisYear.split(separator: "\n").dropFirst().map { $0.components(separatedBy: "  ")[0] } == ["16–22 Nov", "23–29 Nov"], "\(thisYear)")
        cli.extraEnvironment["LANG"] = "C"
        let ascii = try cli.ok("stats", "--by", "week", "--since", "2025-12-29", "--until", "2026-01-04").stdout
        #expect(ascii.contains("29 Dec-4 Jan 2026") && !ascii.contains("–"), "ASCII outside UTF-8: \(ascii)")
        // JSON and CSV keep the ISO week, with its first and last day.
        let json = try #require(try cli.json(try cli.ok("stats", "--by", "week", "--since", "2025-12-29", "--until", "2026-01-04", "--format", "json").stdout) as? [[String: Any]])
        #expect(json.count == 1 && json[0]["period"] as? String == "2026-W01" && json[0]["from"] as? String == "2025-12-29" && json[0]["to"] as? String == "2026-01-04")
        let csv = try cli.ok("stats", "--by", "week", "--since", "2025-12-29", "--until", "2026-01-04", "--format", "csv").stdout
        #expect(csv.split(separator: "\n").last?.hasPrefix("2026-W01,2025-12-29,2026-01-04,1,") == true, "\(csv)")
    }

    @Test("the week, month or year in progress is marked as such, and never shown as an empty row", arguments: ["week", "month", "year"])
    func inProgress(period: String) throws {
        var cli = try CLIHarness()
        cli.extraEnvironment["LANG"] = "C.UTF-8"
        // The clock is Monday 30 Nov 2026: its week has no weigh-in yet; December is 2 days ahead.
        try cli.seed(["2026-11-16", "2026-11-23", "2026-11-29"].map { .init(date: $0 + " 07:00", weight: "80") })
        let (name, total, iso, from, to): (String, Int, String, String, String) = switch period {
        case "week": ("30 Nov–6 Dec", 7, "2026-W49", "2026-11-30", "2026-12-06")
        case "month": ("2026-11", 30, "2026-11", "2026-11-01", "2026-11-30")
        default: ("2026", 365, "2026", "2026-01-01", "2026-12-31")
        }
        let elapsed = period == "week" ? 1 : period == "month" ? 30 : 334
        let json = try #require(try cli.json(try cli.ok("stats", "--by", period, "--format", "json").stdout) as? [[String: Any]])
        let last = try #require(json.last)
        #expect(last["period"] as? String == iso && last["from"] as? String == from && last["to"] as? String == to)
        #expect(last["inProgress"] as? Bool == true)
        #expect(json.dropLast().allSatisfy { $0["inProgress"] as? Bool == false })
        let csv = try cli.ok("stats", "--by", period, "--format", "csv").stdout.split(separator: "\n")
        #expect(csv.first?.hasSuffix(",in_progress") == true && csv.last?.hasSuffix(",true") == true, "\(csv)")
        let text = try cli.ok("stats", "--by", period).stdout.split(separator: "\n").map(String.init)
        if period == "week" {
            // No weigh-in yet this week: a sentence below the table, not a row of blanks.
            #expect(!text.contains { $0.hasPrefix(name) && !$0.contains("in progress") }, "\(text)")
            #expect(text.last == "\(name) is in progress (\(elapsed) of \(total) days): no weigh-in yet")
            try cli.ok("log", "79.5", "--date", "2026-11-30 07:00")
        }
        let marked = try cli.ok("stats", "--by", period).stdout.split(separator: "\n").map(String.init)
        #expect(marked.contains { $0.hasPrefix(name + "*") }, "\(marked)")
        #expect(marked.last == "* in progress: \(elapsed) of \(total) days so far")
    }

    @Test("stats --by week over two years with intake and body fat: one line a week, none wider than 80 columns")
    func weeksAtEightyColumns() throws {
        var cli = try CLIHarness()
        cli.extraEnvironment["LANG"] = "C.UTF-8"
        cli.extraEnvironment["COLUMNS"] = "80"
        try cli.seed((0..<700).map { i in
            .init(date: CLICalendar.day("2026-11-30", adding: -i) + " 07:00", weight: String(format: "%.1f", 90 - Double(i % 50) / 10), fat: "25.5")
        })
        let intake = (0..<60).map { "\(CLICalendar.day("2026-11-30", adding: -$0)),2150" }
        #expect(try cli.run("import", "-q", "-", stdin: "date,kcal\n" + intake.joined(separator: "\n") + "\n").status == 0)
        let weeks = try #require(try cli.json(try cli.ok("stats", "--by", "week", "--format", "json").stdout) as? [[String: Any]])
        let lines = try cli.ok("stats", "--by", "week").stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == weeks.count + 2, "a header, a line a week, the note on the week in progress")
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines.filter { $0.count > 80 })")
        #expect(lines[0].hasPrefix("PERIOD") && lines[0].contains("AVG/WEEK") && lines[0].contains("INTAKE") && lines[0].contains("FAT"), "\(lines[0])")
        #expect(lines.contains { $0.hasPrefix("29 Dec–4 Jan 2026 ") }, "the year where a year begins")
    }
}
