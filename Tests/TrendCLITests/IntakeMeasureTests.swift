import Foundation
import Testing
import TestSupport

/// Intake and the tape measure end to end (SPEC §15, §16): a month of
/// meals and weigh-ins, then what the report says; bad input; the file's
/// version; listings, exports, undo, completions and charts.
@Suite("Intake and measurements, end to end")
struct IntakeMeasureTests {
    /// 35 days to 29 Nov 2026: a weigh-in every morning but Sundays, losing
    /// 50 g a day; about 2,000 kcal eaten on most days, in two meals.
    /// `eatsOn`: which days have intake (by default all but one in nine).
    func month(_ cli: CLIHarness, eatsOn: (Int) -> Bool = { $0 % 9 != 4 }) throws {
        var weights = "date,weight\n"
        var intake = "date,kcal\n"
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        let end = formatter.date(from: "2026-11-29")!
        for i in 0..<35 {
            let day = formatter.string(from: end.addingTimeInterval(-Double(34 - i) * 86_400))
            if i % 7 != 6 { weights += "\(day) 07:00,\(String(format: "%.2f", 85 - 0.05 * Double(i) + [0.3, -0.2, 0.1, -0.3, 0.2][i % 5]))\n" }
            if eatsOn(i) { intake += "\(day),\(1900 + (i * 53) % 250)\n" }
        }
        try cli.directory.write(weights, to: "weights.csv")
        try cli.directory.write(intake, to: "intake.csv")
        try cli.ok("import", cli.directory.file("weights.csv"), "-q")
        try cli.ok("import", cli.directory.file("intake.csv"), "-q")
    }

    @Test("after a month of meals and weigh-ins, progress tells the expenditure with its interval and what to eat for the plan")
    func expenditure() throws {
        let cli = try CLIHarness()
        try month(cli)
        try cli.ok("goal", "78", "--by", "2027-03-01")
        let text = try cli.ok("progress").stdout.replacing(/\s+/, with: " ")
        #expect(text.contains("Expenditure"), "\(text)")
        #expect(text.firstMatch(of: /Expenditure [0-9,]+ kcal\/day \([0-9,]+–[0-9,]+\): intake [0-9,]+ on \d+ of 28 days to 29 Nov, weight -0\.\d+ kg\/week from \d+ weigh-ins/) != nil, "\(text)")
        #expect(text.contains("to follow the plan"))
        let json = try #require(try cli.json(try cli.ok("progress", "--format", "json").stdout) as? [String: Any])
        let e = try #require(json["expenditure"] as? [String: Any])
        let kcal = try #require(e["kilocalories"] as? Int)
        let low = try #require(e["low"] as? Int)
        let high = try #require(e["high"] as? Int)
        #expect(low < kcal && kcal < high)
        #expect(e["to"] as? String == "2026-11-29" && e["from"] as? String == "2026-11-02")
        // The weight falls 50 g a day on about 2,000 kcal: about 2,000 + 0.05 × 7716 ≈ 2,400 burned.
        #expect(abs(kcal - 2400) < 150, "\(kcal)")
        let target = try #require(json["targetIntake"] as? [String: Any])
        #expect(target["basis"] as? String == "plan")
        #expect((json["plan"] as? [String: Any])?["targetIntake"] as? Int == target["kilocalories"] as? Int)
        let page = try cli.ok("progress", "--format", "html").stdout
        #expect(page.contains("burned a day"), "the page's headline figures")
    }

    @Test("what to eat is one range; a plan under the floor says so in words, in goal and in the report; an extra digit is named")
    func whatToEat() throws {
        let cli = try CLIHarness()
        try month(cli)
        try cli.ok("goal", "78", "--by", "2027-03-01")
        let json = try #require(try cli.json(try cli.ok("progress", "--format", "json").stdout) as? [String: Any])
        let target = try #require(json["targetIntake"] as? [String: Any])
        let e = try #require(json["expenditure"] as? [String: Any])
        let (low, high, kcal) = (target["low"] as! Int, target["high"] as! Int, target["kilocalories"] as! Int)
        #expect(low < kcal && kcal < high)
        #expect(abs((high - low) - ((e["high"] as! Int) - (e["low"] as! Int))) <= 1, "the range is the expenditure's interval")
        let text = try cli.ok("progress").stdout.replacing(/\s+/, with: " ")
        // The Eat line's range, and the one "more or less" sentence derived from it.
        let shown = try #require(text.firstMatch(of: /Eat ([0-9,]+)–([0-9,]+) kcal\/day to follow the plan; about ([0-9,]+) kcal\/day (more|less) than your recent ([0-9,]+)/), "\(text)")
        let number = { (s: Substring) in Int(s.replacing(",", with: ""))! }
        #expect(abs(number(shown.1) - low) <= 5 && abs(number(shown.2) - high) <= 5)
        let average = (e["averageIntake"] as! Int)
        #expect(abs(number(shown.3) * (shown.4 == "more" ? 1 : -1) - (kcal - average)) <= 10)
        #expect(!text.contains("you can eat about") && !text.contains("on track"))

        // A plan that asks more than food can give: the goal warns, the report says it instead of a figure.
        let goal = try cli.ok("goal", "60", "--by", "2026-12-20")
        #expect(goal.stderr.contains("warning: this plan needs a deficit of ") && goal.stderr.contains("kcal/day: more than food can give; a later date or --rate 0.5 would do"), "\(goal.stderr)")
        let hungry = try cli.ok("progress").stdout.replacing(/\s+/, with: " ")
        #expect(hungry.contains("Eat this plan needs ") && hungry.contains("more than food can give"), "\(hungry)")
        #expect(hungry.firstMatch(of: /-[0-9]{4} kcal/) == nil, "thousands are grouped: \(hungry)")
        let floor = try #require(try cli.json(try cli.ok("progress", "--format", "json").stdout) as? [String: Any])
        let held = try #require(floor["targetIntake"] as? [String: Any])
        #expect(held["kilocalories"] as? Int == 1200 && held["low"] as? Int == 1200 && held["belowSafeMinimum"] as? Bool == true)

        let typo = try cli.run("eat", "8750")
        #expect(typo.status == 65 && typo.stderr.contains("did you mean 875?") && typo.stderr.contains("8750kJ"), "\(typo.stderr)")
    }

    @Test("stats --by week adds up: each week's change is its trend minus the previous week's, a full week's rate is its change, one line a week at 80 columns")
    func weeklyStats() throws {
        let cli = try CLIHarness()
        try month(cli)
        let stats = try cli.binary.run(["stats", "--by", "week"], environment: cli.environment.merging(["COLUMNS": "80"]) { $1 })
        #expect(stats.status == 0)
        // The table, without the line below it on the week in progress.
        let lines = stats.stdout.split(separator: "\n").map(String.init).filter { !$0.contains("in progress") }
        let json = try #require(try cli.json(try cli.ok("stats", "--by", "week", "--format", "json").stdout) as? [[String: Any]])
            .filter { !($0["inProgress"] as? Bool == true && $0["weighIns"] as? Int == 0) }
        #expect(lines.count == json.count + 1, "one line a week: \(stats.stdout)")
        #expect(lines.allSatisfy { $0.count <= 80 } && lines[0].contains("INTAKE"), "\(lines[0])")
        var previousTrend: Double?
        for (line, week) in zip(lines.dropFirst(), json) {
            // Columns are two spaces or more apart; a week's name (`2–8 Nov`) has one.
            let cells = line.split(separator: /\s{2,}/).map { $0.split(separator: " ")[0] }
            guard let trend = week["trend"] as? Double else { continue }
            // The text's own columns: TREND, CHANGE, AVG/WEEK.
            let shownTrend = Double(cells[1])!
            let shownChange = Double(cells[2])!
            if let previousTrend { #expect(abs(shownChange - (shownTrend - previousTrend)) <= 0.11, "\(line)") }
            if let change = week["trendChange"] as? Double, let previous = previousTrend { #expect(abs(change - (trend - previous)) <= 0.011, "each rounded to 0.01") }
            previousTrend = trend
        }
        // A full week (weighed on both Sundays): its rate equals its change.
        let full = json.filter { ($0["weighIns"] as? Int ?? 0) >= 6 }.dropFirst()
        #expect(!full.isEmpty)
        for week in full { #expect(abs((week["averageWeeklyRate"] as! Double) - (week["trendChange"] as! Double)) < 0.02, "\(week)") }
        // BURNED beside INTAKE: a week's expenditure is §15's estimate as of its last day with intake, so the
        // last week's is the report's, and the weeks before 20 days of intake have none.
        #expect(lines[0].contains("INTAKE      BURNED"), "\(lines[0])")
        let report = try #require(try cli.json(try cli.ok("progress", "--format", "json").stdout) as? [String: Any])
        let burned = try #require((report["expenditure"] as? [String: Any])?["kilocalories"] as? Int)
        let lastWeek = try #require(json.last { $0["averageIntake"] is Double })
        #expect(lastWeek["expenditure"] as? Int == burned)
        #expect(json.first?["expenditure"] is NSNull, "a first week of intake is not enough")
        let shown = try #require(Array(zip(lines.dropFirst(), json)).last { $0.1["period"] as? String == lastWeek["period"] as? String }?.0)
        let grouped = burned >= 1000 ? "\(burned / 1000),\(String(format: "%03d", burned % 1000))" : "\(burned)"
        #expect(shown.contains(grouped + " kcal"), "\(shown)")
        let csv = try cli.ok("stats", "--by", "week", "--format", "csv").stdout.split(separator: "\n")
        #expect(csv[0].hasSuffix(",average_intake,expenditure"))
    }

    @Test("the page and the mail chart every series the range holds: weight, intake with its band, and a tape measured 3 times or more")
    func pageCharts() throws {
        let cli = try CLIHarness()
        try month(cli)
        let page = try cli.ok("progress", "--format", "html").stdout
        #expect(page.components(separatedBy: "<figure>").count - 1 == 2, "weight and intake")
        #expect(page.contains("class=\"band\"") && page.contains("7-day average"))
        for (week, cm) in ["2026-11-08": "95", "2026-11-15": "94.5", "2026-11-22": "94"].sorted(by: { $0.key < $1.key }) {
            try cli.ok("measure", "waist", cm, "--date", week + " 07:30")
        }
        try cli.ok("measure", "neck", "39", "--date", "2026-11-22 07:31")
        let withTape = try cli.ok("progress", "--format", "html").stdout
        #expect(withTape.components(separatedBy: "<figure>").count - 1 == 3, "weight, intake and waist; the neck, measured once, is not charted")
        #expect(withTape.contains("Waist, ") && !withTape.contains("Neck, "))
        // Each figure's layouts shown one at a time, by page width.
        #expect(withTape.contains(".chart1-0{display:none}") && withTape.contains(".chart2-0{display:none}"))
        // The mail: the same three charts as PNGs, each named by the page.
        let mail = try cli.ok("progress", "--format", "email").stdout
        let ids = mail.matches(of: /Content-ID: <([^>]+)>/).map { String($0.1) }
        #expect(ids.count == 3 && Set(ids).count == 3, "\(ids)")
        #expect(mail.contains("filename=\"progress.png\"") && mail.contains("filename=\"intake.png\"") && mail.contains("filename=\"waist.png\""))
        let html = try #require(mail.split(separator: "Content-Type: text/html; charset=utf-8\nContent-Transfer-Encoding: base64\n\n").last?
            .split(separator: "\n--").first.flatMap { Data(base64Encoded: String($0).replacing("\n", with: "")) })
        let mailPage = String(decoding: html, as: UTF8.self)
        for id in ids { #expect(mailPage.contains("cid:" + id), "\(id) is shown in the page") }
    }

    @Test("with too little intake the report says what is missing, never a number")
    func notEnough() throws {
        let cli = try CLIHarness()
        try month(cli, eatsOn: { $0 % 2 == 0 })
        let text = try cli.ok("progress").stdout.replacing(/\s+/, with: " ")
        #expect(text.contains("Expenditure after 20 days of intake in 28: "), "\(text)")
        let json = try #require(try cli.json(try cli.ok("progress", "--format", "json").stdout) as? [String: Any])
        #expect(json["expenditure"] is NSNull && json["targetIntake"] is NSNull)
    }

    @Test("bad amounts get a clear message and change nothing", arguments: [["-5"], ["lots"], ["25000"], ["8400"], ["650", "g"], ["0"]])
    func badIntake(arguments: [String]) throws {
        let cli = try CLIHarness()
        try cli.ok("eat", "650", "--date", "2026-11-29 13:00")
        let before = cli.weightsFile
        let result = try cli.binary.run(["eat"] + arguments, environment: cli.environment)
        #expect(result.status == 65, "\(arguments): \(result.stderr)")
        #expect(result.stderr.hasPrefix("Error: "), "\(result.stderr)")
        #expect(cli.weightsFile == before)
        if arguments == ["8400"] { #expect(result.stderr.contains("write 8400kJ") && result.stderr.contains("--force")) }
    }

    @Test("intake makes the file version 3; without any, an older trend's version stays; rm's memory of it makes version 4")
    func version() throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80", "--date", "2026-11-28 07:00")
        #expect(try cli.weightsJSON()["version"] as? Int == 1)
        let eaten = try cli.ok("eat", "650", "--note", "lunch", "--format", "json")
        let id = try #require((try cli.json(eaten.stdout) as? [String: Any])?["id"] as? String)
        #expect(try cli.weightsJSON()["version"] as? Int == 3)
        try cli.ok("rm", String(id.prefix(8)))
        // What rm took out is remembered (SPEC §18): a store holding that memory is version 4.
        #expect(try cli.weightsJSON()["version"] as? Int == 4)
        #expect(try cli.weightsJSON()["intake"] == nil)
        #expect((try cli.weightsJSON()["removed"] as? [[String: Any]])?.count == 1)
        try cli.ok("undo")
        try cli.ok("undo")
        #expect(try cli.weightsJSON()["version"] as? Int == 1)
    }

    @Test("listings: days or entries, in text, JSON and CSV that imports back the same")
    func listings() throws {
        let cli = try CLIHarness()
        try cli.ok("eat", "650", "--date", "2026-11-28 13:00", "--note", "soup, bread")
        try cli.ok("eat", "2720kJ", "--date", "2026-11-28 19:00")
        try cli.ok("eat", "1,5", "--date", "2026-11-29 08:00", "--force")
        let days = try cli.ok("intake").stdout
        #expect(days.contains("2026-11-28        2  1,300"), "\(days)")
        let entries = try #require(try cli.json(try cli.ok("intake", "--entries", "--format", "json").stdout) as? [[String: Any]])
        #expect(entries.count == 3 && entries[0]["note"] as? String == "soup, bread")
        #expect(abs((entries[1]["kilocalories"] as? Double ?? 0) - 2720 / 4.184) < 1e-9)
        let csv = try cli.ok("intake", "--entries", "--format", "csv").stdout
        try cli.directory.write(csv, to: "back.csv")
        let fresh = try CLIHarness()
        try fresh.ok("import", cli.directory.file("back.csv"))
        let again = try #require(try fresh.json(try fresh.ok("intake", "--format", "json").stdout) as? [[String: Any]])
        let original = try #require(try cli.json(try cli.ok("intake", "--format", "json").stdout) as? [[String: Any]])
        #expect(again.map { $0["kilocalories"] as? Double } == original.map { $0["kilocalories"] as? Double })
        // Importing it again adds nothing.
        #expect(try fresh.ok("import", cli.directory.file("back.csv")).stderr.contains("intake: 0 added, 2 duplicate"))
    }

    @Test("an edit of an intake entry takes --kcal; a weigh-in's options are refused on it")
    func edit() throws {
        let cli = try CLIHarness()
        let eaten = try cli.ok("eat", "650", "--format", "json")
        let id = String(try #require((try cli.json(eaten.stdout) as? [String: Any])?["id"] as? String).prefix(8))
        #expect(try cli.ok("edit", id, "--kcal", "720").stdout.hasPrefix("Updated 720 kcal"))
        let refused = try cli.run("edit", id, "--weight", "80")
        #expect(refused.status == 65 && refused.stderr.contains("--weight does not apply to an intake entry"))
    }

    @Test("undo takes back a meal; the journal says what it was; the hook and info count intake")
    func undo() throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80")
        try cli.ok("eat", "650")
        #expect(try cli.ok("undo", "--list").stdout.contains("1 intake entry added"))
        let undone = try cli.ok("undo")
        #expect(undone.stderr.contains("1 intake entry removed") || undone.stdout.contains("1 intake entry removed"), "\(undone.stdout)\(undone.stderr)")
        #expect(try cli.weightsJSON()["intake"] == nil)
        try cli.ok("redo")
        let info = try #require(try cli.json(try cli.ok("info", "--format", "json").stdout) as? [String: Any])
        #expect(info["intakeCount"] as? Int == 1)
    }

    @Test("two months of waist and neck: each trend, waist-to-height's class and the Navy estimate beside the scale's body fat")
    func tape() throws {
        let cli = try CLIHarness()
        try cli.ok("height", "178cm")
        try cli.ok("sex", "male")
        for week in 0..<9 {
            let day = String(format: "2026-10-%02d", 1 + week * 7 > 31 ? 1 : 1 + week * 7)
            let date = week < 5 ? day : String(format: "2026-11-%02d", (week - 5) * 7 + 5)
            try cli.ok("measure", "waist", String(95 - Double(week) * 0.4), "--date", date + " 07:30")
            try cli.ok("measure", "neck", "39", "--date", date + " 07:31")
            try cli.ok("log", String(88 - Double(week) * 0.3), "--fat", "24", "--date", date + " 07:00", "--force")
        }
        let text = try cli.ok("progress", "--range", "3M").stdout.replacing(/\s+/, with: " ")
        #expect(text.contains("Waist 91.8 cm trend"), "\(text)")
        #expect(text.contains("Neck 39.0 cm"), "\(text)")
        #expect(text.contains("Waist/height 0.5"), "\(text)")
        #expect(text.contains("Navy body fat"), "\(text)")
        #expect(text.contains("the scale's trend says"), "\(text)")
        let json = try #require(try cli.json(try cli.ok("progress", "--format", "json").stdout) as? [String: Any])
        let measurements = try #require(json["measurements"] as? [String: Any])
        #expect((measurements["waist"] as? [String: Any])?["latest"] as? Double == 91.8)
        #expect(measurements["waistToHeightClass"] as? String == "increased")
        #expect(measurements["navyBodyFat"] is Double && measurements["scaleFatPercent"] is Double)
        // trend measure alone: each name's latest, trend and change over 4 weeks.
        let overview = try cli.ok("measure").stdout
        #expect(overview.hasPrefix("NAME") && overview.contains("waist") && overview.contains("neck"))
        // A typo is caught; bad lengths change nothing.
        let before = cli.weightsFile
        let typo = try cli.run("measure", "wiast", "90")
        #expect(typo.status == 65 && typo.stderr.contains("did you mean waist?"))
        for bad in ["400", "-3", "lots", "0"] { #expect(try cli.run("measure", "waist", bad).status == 65) }
        #expect(cli.weightsFile == before)
        // A name of one's own, once with --new.
        #expect(try cli.run("measure", "bust", "92").status == 65)
        try cli.ok("measure", "bust", "92", "--new")
        try cli.ok("measure", "bust", "91.5")
        // Inches when the unit is pounds.
        try cli.ok("unit", "lb")
        #expect(try cli.ok("measure", "waist", "36", "--date", "2026-11-28 07:30").stdout.contains("waist 36.0 in"))
        #expect((try cli.json(try cli.ok("measure", "waist", "--format", "json").stdout) as? [[String: Any]])?.last?["centimetres"] as? Double == 36 * 2.54)
    }

    @Test("everything survives the JSON export: an import into an empty directory gives the same intake and measurements")
    func exportImport() throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80")
        try cli.ok("eat", "650", "--note", "lunch")
        try cli.ok("measure", "hips", "101.25")
        let backup = cli.directory.file("b.json")
        try cli.ok("export", "--format", "json", "-o", backup)
        let fresh = try CLIHarness()
        let imported = try fresh.ok("import", backup)
        #expect(imported.stderr.contains("intake: 1 added") && imported.stderr.contains("measurements: 1 added"), "\(imported.stderr)")
        let mine = try cli.weightsJSON()
        let theirs = try fresh.weightsJSON()
        #expect((mine["intake"] as? [[String: Any]])?.first?["id"] as? String == (theirs["intake"] as? [[String: Any]])?.first?["id"] as? String)
        #expect((theirs["measurements"] as? [[String: Any]])?.first?["centimetres"] as? Double == 101.25)
    }

    @Test("completions offer measurement names and every record's id, from trend itself")
    func completions() throws {
        let cli = try CLIHarness()
        try cli.ok("eat", "650")
        try cli.ok("measure", "bust", "92", "--new")
        let names = try cli.ok("__complete", "names", "b").stdout
        #expect(names == "bust\n")
        #expect(try cli.ok("__complete", "names", "wa").stdout == "waist\nwaist-left\nwaist-right\n")
        let ids = try cli.ok("__complete", "ids", "--describe").stdout
        #expect(ids.contains("650 kcal") && ids.contains("bust 92.0 cm"), "\(ids)")
    }

    @Test("charts of intake (with the expenditure's band) and of a measurement; stats has INTAKE")
    func charts() throws {
        let cli = try CLIHarness()
        try month(cli)
        try cli.ok("measure", "waist", "90", "--date", "2026-11-01 07:00")
        try cli.ok("measure", "waist", "89", "--date", "2026-11-20 07:00")
        let svg = try cli.ok("progress", "--metric", "intake", "--format", "svg").stdout
        #expect(svg.contains("class=\"band\"") && svg.contains("daily intake") && svg.contains("7-day average"))
        #expect(try cli.ok("progress", "--metric", "waist", "--format", "svg").stdout.contains("Waist, "))
        #expect(try cli.ok("progress", "--metric", "intake", "--chart", "--ascii").stdout.contains("~~~ expenditure"))
        #expect(try cli.run("progress", "--metric", "wiast").status == 65)
        let stats = try cli.ok("stats", "--by", "week")
        #expect(stats.stdout.split(separator: "\n")[0].contains("AVG/WEEK      INTAKE"))
        let rows = try #require(try cli.json(try cli.ok("stats", "--format", "json").stdout) as? [[String: Any]])
        #expect(rows.last?["averageIntake"] is Double)
    }

    @Test("a tape typo after weeks at 94 cm is refused naming 94.0 cm, nothing stored; --force keeps it; series names are refused")
    func tapeTypo() throws {
        let cli = try CLIHarness()
        for (day, waist) in [("2026-10-05", "94.4"), ("2026-10-12", "94.1"), ("2026-10-19", "94"), ("2026-10-26", "93.8"), ("2026-11-02", "94.2")] {
            try cli.ok("measure", "waist", waist, "--date", day + " 07:30")
        }
        let before = cli.weightsFile
        let typo = try cli.run("measure", "waist", "9.4", "--date", "2026-11-09 07:30")
        #expect(typo.status == 65)
        #expect(typo.stderr.contains("did you mean 94.0 cm?") && typo.stderr.contains("Add --force to keep 9.4 cm."), "\(typo.stderr)")
        #expect(typo.stdout.isEmpty && cli.weightsFile == before)
        // The edit of a stored one is guarded the same way.
        let latest = try #require((try cli.json(try cli.ok("measure", "waist", "--format", "json").stdout) as? [[String: Any]])?.last?["id"] as? String)
        #expect(try cli.run("edit", String(latest.prefix(8)), "--value", "9.4").status == 65)
        #expect(cli.weightsFile == before)
        try cli.ok("measure", "waist", "9.4", "--date", "2026-11-09 07:30", "--force")
        let stored = try #require(try cli.weightsJSON()["measurements"] as? [[String: Any]])
        #expect(stored.compactMap { $0["centimetres"] as? Double }.contains(9.4))
        // Imported, a spike among its neighbours is kept and listed.
        try cli.directory.write("date,waist_cm\n2026-11-10,94.1\n2026-11-11,93.9\n2026-11-12,9.39\n2026-11-13,93.8\n2026-11-14,93.7\n", to: "tape.csv")
        let imported = try cli.ok("import", cli.directory.file("tape.csv"))
        #expect(imported.stderr.contains("measurements: 5 added"), "\(imported.stderr)")
        #expect(imported.stderr.contains("Possible tape typos, kept: 12 Nov 2026 waist 9.4 cm"), "\(imported.stderr)")
        for series in ["fat", "intake", "bmi", "lean-mass"] {
            let refused = try cli.run("measure", series, "40", "--new")
            #expect(refused.status == 65 && refused.stderr.contains("is a series of the report"), "\(refused.stderr)")
        }
    }
}
