import Foundation
import Testing
import TestSupport

/// SPEC §15's "Steady enough to lean on", end to end: the day in progress,
/// the water line, one energy balance, figures no body has, the plan in
/// positive words, a goal date water does not move, and the expenditure's
/// own chart.
@Suite("Expenditure to lean on every morning")
struct SteadyExpenditureTests {
    /// `days` days to 29 Nov 2026 (the harness's today is 30 Nov): a weigh-in
    /// at 07:00 on most mornings and intake on most days, as `weight(i)` and
    /// `eaten(i)` say (nil: none that day), i from 0 (the first day).
    func history(_ cli: CLIHarness, days: Int = 56, weight: (Int) -> Double?, eaten: (Int) -> Double?) throws {
        var weights = "date,weight\n"
        var intake = "date,kcal\n"
        let end = CalendarDayText.day(2026, 11, 29)
        for i in 0..<days {
            let day = CalendarDayText.adding(end, -(days - 1 - i))
            if let kilograms = weight(i) { weights += "\(day) 07:00,\(String(format: "%.2f", kilograms))\n" }
            if let kilocalories = eaten(i) { intake += "\(day),\(Int(kilocalories))\n" }
        }
        try cli.directory.write(weights, to: "weights.csv")
        try cli.directory.write(intake, to: "intake.csv")
        try cli.ok("import", cli.directory.file("weights.csv"), "-q")
        if intake.contains("\n2") { try cli.ok("import", cli.directory.file("intake.csv"), "-q") }
    }

    /// Eight weeks losing 60 g a day on about 1,900 kcal: burning about 2,360.
    func cut(_ cli: CLIHarness) throws {
        try history(cli, weight: { $0 % 7 == 6 ? nil : 86 - 0.06 * Double($0) + [0.3, -0.2, 0.1, -0.3, 0.2][$0 % 5] }, eaten: { $0 % 9 == 4 ? nil : 1800 + Double(($0 * 53) % 200) })
    }

    func json(_ cli: CLIHarness, _ arguments: String...) throws -> [String: Any] {
        try #require(try cli.json(try cli.ok(["progress"] + arguments + ["--format", "json"]).stdout) as? [String: Any])
    }

    func text(_ cli: CLIHarness, _ arguments: String...) throws -> String {
        try cli.ok(["progress"] + arguments).stdout.replacing(/[ \t]+/, with: " ")
    }

    static func number(_ text: Substring) -> Int { Int(text.replacing(",", with: ""))! }

    @Test("breakfast logged this morning moves neither the expenditure nor what to eat nor the stats' BURNED; once the day is over it counts")
    func dayInProgress() throws {
        var cli = try CLIHarness()
        try cut(cli)
        try cli.ok("goal", "78", "--by", "2027-03-01")
        let before = try json(cli)
        let weekBefore = try #require(try cli.json(try cli.ok("stats", "--by", "week", "--format", "json").stdout) as? [[String: Any]])
        try cli.ok("eat", "380", "--date", "today 07:40")
        let after = try json(cli)
        let untilToday = try json(cli, "--until", "2026-11-30")
        let weekAfter = try #require(try cli.json(try cli.ok("stats", "--by", "week", "--format", "json").stdout) as? [[String: Any]])
        let e = try #require(after["expenditure"] as? [String: Any])
        #expect(e["to"] as? String == "2026-11-29", "the window ends on the last day that is over")
        for doc in [after, untilToday] {
            #expect(NSDictionary(dictionary: doc["expenditure"] as! [String: Any]) == NSDictionary(dictionary: before["expenditure"] as! [String: Any]))
            #expect(NSDictionary(dictionary: doc["targetIntake"] as! [String: Any]) == NSDictionary(dictionary: before["targetIntake"] as! [String: Any]))
        }
        // This week's BURNED, now that it has intake, is the report's: the window to yesterday. Last week's is as it was.
        #expect(weekAfter.last?["averageIntake"] as? Double == 380 && weekBefore.last?["averageIntake"] is NSNull)
        #expect(weekAfter.last?["expenditure"] as? Double == Double(e["kilocalories"] as! Int))
        #expect(weekAfter.dropLast().last?["expenditure"] as? Double == weekBefore.dropLast().last?["expenditure"] as? Double)
        // The next morning, 30 Nov is over: its breakfast is a (short) day of the window.
        cli.now = "2026-12-01T08:00:00Z"
        let next = try #require(try json(cli)["expenditure"] as? [String: Any])
        #expect(next["to"] as? String == "2026-11-30")
    }

    @Test("half a kilogram of water or more gets a line naming a large day's intake as its cause; a calm month gets none")
    func waterLine() throws {
        let calm = try CLIHarness()
        try cut(calm)
        #expect(!(try text(calm)).contains("of water"))
        let calmWater = try #require((try json(calm)["expenditure"] as? [String: Any])?["waterKilograms"] as? Double)
        #expect(abs(calmWater) < 0.5)

        let cli = try CLIHarness()
        // Steady at 2,300 kcal; 3,900 on 27 Nov; the scale 1.6 kg up the mornings after.
        try history(cli, weight: { $0 >= 54 ? 81.6 - Double($0 - 54) * 0.4 : 80 + [0.2, -0.1, 0.1, -0.2][$0 % 4] }, eaten: { $0 == 53 ? 3900 : 2300 + Double(($0 * 37) % 120) })
        let shown = try text(cli)
        let water = try #require((try json(cli)["expenditure"] as? [String: Any])?["waterKilograms"] as? Double)
        #expect(water >= 0.5, "\(water)")
        #expect(shown.contains("the scale is holding about \(String(format: "%.1f", water)) kg of water, likely the 3,900 kcal eaten on 27 Nov; it passes in a few days"), "\(shown)")
    }

    @Test("a marked period's water is named as the period, and what to eat holds through the cycle")
    func periodWater() throws {
        let cli = try CLIHarness()
        // Twelve weeks at balance, the scale 0.8 kg up on each period's first day, down half a cycle later.
        try history(cli, days: 84, weight: { 70 + 0.8 * cos(2 * Double.pi * Double(($0 - 26 + 28) % 28) / 28) + [0.1, -0.1, 0.05][$0 % 3] }, eaten: { _ in 2000 })
        try cli.ok("mark", "period", "--date", "2026-10-03", "--days", "5")
        try cli.ok("mark", "period", "--date", "2026-10-31", "--days", "5")
        try cli.ok("mark", "period", "--date", "2026-11-28", "--days", "2")
        let shown = try text(cli)
        #expect(shown.contains("the scale is holding about 0."), "\(shown)")
        #expect(shown.contains("kg of water, likely your period; it passes in a few days"), "\(shown)")
        var eats: [Int] = []
        for day in ["2026-11-08", "2026-11-14", "2026-11-20", "2026-11-26", "2026-11-29"] {
            eats.append(try #require((try json(cli, "--until", day)["targetIntake"] as? [String: Any])?["kilocalories"] as? Int))
        }
        #expect(eats.max()! - eats.min()! <= 80, "what to eat through a cycle: \(eats)")
    }

    @Test("the Energy line is the window's intake minus the expenditure, as the Expenditure line shows them; JSON energyBalance keeps §5's figure")
    func oneEnergyBalance() throws {
        let cli = try CLIHarness()
        try cut(cli)
        let shown = try text(cli)
        let energy = try #require(shown.firstMatch(of: /Energy (-?[0-9,]+) kcal\/day eating (less|more) than you burn \(intake ([0-9,]+) − expenditure ([0-9,]+)\)/), "\(shown)")
        let line = try #require(shown.firstMatch(of: /Expenditure ([0-9,]+) kcal\/day \([0-9,]+–[0-9,]+\): intake ([0-9,]+) on/), "\(shown)")
        #expect(energy.3 == line.2 && energy.4 == line.1, "the Energy line's parts are the Expenditure line's figures")
        #expect(Self.number(energy.1) == Self.number(line.2) - Self.number(line.1))
        let doc = try json(cli)
        let e = try #require(doc["expenditure"] as? [String: Any])
        #expect(e["energyBalance"] as? Int == (e["averageIntake"] as! Int) - (e["kilocalories"] as! Int))
        // §5's figure from the trend's weekly rate, for scripts: the rate × 7,716.2 ÷ 7 (the rate rounded to 0.01).
        let rate = try #require(doc["weeklyRate"] as? Double)
        #expect(abs(Double(doc["energyBalance"] as! Int) - rate * 7716.2 / 7) <= 6)

        // Without intake the Energy line is §5's.
        let plain = try CLIHarness()
        try history(plain, weight: { 86 - 0.06 * Double($0) }, eaten: { _ in nil })
        let trendOnly = try text(plain)
        #expect(trendOnly.firstMatch(of: /Energy -[0-9,]+ kcal\/day eating less than you burn\n/) != nil, "\(trendOnly)")
    }

    @Test("an expenditure no body has is not shown: the weigh-ins and intake disagree, and another person's weigh-ins are named")
    func impossibleFigures() throws {
        let cli = try CLIHarness()
        // Ten mornings of someone 30 kg heavier, weighed first.
        try history(cli, weight: { (40..<50).contains($0) ? 116 + Double($0 % 3) * 0.2 : 86 - 0.06 * Double($0) }, eaten: { $0 % 9 == 4 ? nil : 1900 })
        let shown = try text(cli)
        #expect(shown.contains("Expenditure not shown: the weigh-ins and intake of 2–29 Nov disagree; the weigh-ins of 14–23 Nov are "), "\(shown)")
        #expect(shown.contains("above the rest, likely another person's"), "\(shown)")
        #expect(!shown.contains("Eat ") && shown.firstMatch(of: /-[0-9,]+ kcal\/day\s+\(/) == nil)
        // No goal: no word of one, or of a rate.
        #expect(!shown.contains("goal") && !shown.contains("--rate"), "\(shown)")
        let doc = try json(cli)
        #expect(doc["expenditure"] is NSNull && doc["targetIntake"] is NSNull)
    }

    @Test("without a goal, a small expenditure under the floor speaks of keeping the weight, never of a goal or --rate")
    func noGoalUnderTheFloor() throws {
        let cli = try CLIHarness()
        try history(cli, weight: { 52 + [0.2, -0.1, 0.1, -0.2][$0 % 4] }, eaten: { _ in 1050 })
        let shown = try text(cli)
        #expect(shown.contains("Eat keeping your weight needs about 1,0"), "\(shown)")
        #expect(shown.contains("under the 1,200 kcal/day to eat at least"))
        #expect(!shown.contains("goal") && !shown.contains("--rate"), "\(shown)")
    }

    @Test("the plan's energy is a deficit in words, the same figure as the Eat line's, never a negative amount")
    func planInPositiveWords() throws {
        let cli = try CLIHarness()
        try cut(cli)
        try cli.ok("goal", "60", "--by", "2026-12-20", "--force")
        let shown = try text(cli)
        let plan = try #require(shown.firstMatch(of: /to lose [0-9.]+ kg\/week from here you need a deficit of ([0-9,]+) kcal\/day/), "\(shown)")
        let eat = try #require(shown.firstMatch(of: /Eat this plan needs a deficit of ([0-9,]+) kcal\/day: more than food can give/), "\(shown)")
        #expect(plan.1 == eat.1)
        #expect(!shown.contains("need about -") && shown.firstMatch(of: /need about/) == nil)
        let doc = try json(cli)
        let required = try #require((doc["plan"] as? [String: Any])?["requiredEnergyBalance"] as? Int)
        #expect(abs(-required - Self.number(plan.1)) <= 5, "the JSON's figure, to 10 kcal in words")

        // A plan food can follow says its deficit the same way.
        try cli.ok("goal", "78", "--by", "2027-03-01")
        #expect(try text(cli).firstMatch(of: /from here you need a deficit of [0-9,]+ kcal\/day; eat about [0-9,]+ kcal\/day (more|less) than your recent/) != nil)
    }

    @Test("the projected goal date follows the tissue rate the model sees, so water on the scale does not move it by months")
    func goalDate() throws {
        let cli = try CLIHarness()
        // A steady cut; then 1.8 kg of water from a large day, held four days to the end.
        try history(cli, weight: { $0 >= 52 ? 86 - 0.06 * Double($0) + 1.8 : 86 - 0.06 * Double($0) + [0.1, -0.1][$0 % 2] }, eaten: { $0 == 51 ? 3900 : 1900 })
        try cli.ok("goal", "78")
        let doc = try json(cli)
        let e = try #require(doc["expenditure"] as? [String: Any])
        let remaining = abs(try #require(doc["remaining"] as? Double))
        let tissuePerDay = Double((e["averageIntake"] as! Int) - (e["kilocalories"] as! Int)) / 7716.2
        let asOf = try #require(doc["asOf"] as? String)
        let expected = CalendarDayText.adding(asOf, Int((remaining / abs(tissuePerDay)).rounded(.down)))
        let projected = try #require(doc["projectedGoalDate"] as? String)
        #expect(abs(CalendarDayText.days(from: expected, to: projected)) <= 1, "\(projected), tissue says \(expected)")
        // The trend's own rate, which the water bent, is shown as before and would say otherwise.
        let weekly = try #require(doc["weeklyRate"] as? Double)
        let byTrend = CalendarDayText.adding(asOf, Int((remaining / abs(weekly / 7)).rounded(.down)))
        #expect(abs(CalendarDayText.days(from: byTrend, to: projected)) > 14, "\(byTrend) by the trend, \(projected) by tissue")
        #expect(try text(cli).contains("on track for \(CalendarDayText.long(projected))"))
    }

    @Test("--metric expenditure charts the estimate day by day with its interval: terminal, SVG, page, PNG and mail")
    func chart() throws {
        let cli = try CLIHarness()
        try cut(cli)
        let terminal = try cli.ok("progress", "--metric", "expenditure", "--chart").stdout
        #expect(terminal.contains("estimate") && terminal.contains("95% interval") && terminal.firstMatch(of: /2[0-9]00 kcal [+┤]/) != nil, "\(terminal)")
        let svg = try cli.ok("progress", "--metric", "expenditure", "--format", "svg").stdout
        #expect(svg.contains("<title>Expenditure, ") && svg.contains("class=\"band\"") && svg.contains("Z\"/>"), "a band drawn as an area")
        let points = try #require(svg.firstMatch(of: /<path class="trend" d="([^"]+)"/)).1.split(separator: "L").count
        #expect(points >= 25, "one point a day with an estimate: \(points)")
        let png = try cli.ok("progress", "--metric", "expenditure", "--format", "png").stdoutData
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let standalone = try cli.ok("progress", "--metric", "expenditure", "--format", "html").stdout
        #expect(standalone.contains("<title>Expenditure, ") && standalone.contains("class=\"band\""))
        let mail = try cli.ok("progress", "--metric", "expenditure", "--format", "email", "--to", "me@example.com").stdout
        // The page in the mail, its chart the picture attached.
        let html = try #require(mail.firstMatch(of: /Content-Type: text\/html; charset=utf-8\r?\nContent-Transfer-Encoding: base64\r?\n\r?\n([A-Za-z0-9+\/=\r\n]+)/)).1
        let page = String(decoding: try #require(Data(base64Encoded: String(html), options: .ignoreUnknownCharacters)), as: UTF8.self)
        #expect(mail.contains("Content-Type: image/png") && page.contains("alt=\"Expenditure, "), "\(page.prefix(2000))")
    }
}

/// Calendar days as the report writes them, for what the tests expect.
enum CalendarDayText {
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    static func date(_ text: String) -> Date {
        let p = text.split(separator: "-").map { Int($0)! }
        return calendar.date(from: DateComponents(year: p[0], month: p[1], day: p[2]))!
    }

    static func day(_ year: Int, _ month: Int, _ day: Int) -> String {
        String(format: "%04d-%02d-%02d", year, month, day)
    }

    static func adding(_ text: String, _ days: Int) -> String {
        let moved = calendar.date(byAdding: .day, value: days, to: date(text))!
        let c = calendar.dateComponents([.year, .month, .day], from: moved)
        return day(c.year!, c.month!, c.day!)
    }

    static func days(from a: String, to b: String) -> Int {
        calendar.dateComponents([.day], from: date(a), to: date(b)).day!
    }

    /// `14 Feb 2027`.
    static func long(_ text: String) -> String {
        let p = text.split(separator: "-").map { Int($0)! }
        return "\(p[2]) \(["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][p[1] - 1]) \(p[0])"
    }
}
