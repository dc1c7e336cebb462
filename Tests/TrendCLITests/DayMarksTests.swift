import Foundation
import Testing
import TestSupport

/// Day marks end to end (SPEC §21): marking and listing, what is refused,
/// the file's version, and every door a kind goes through (edit, rm,
/// undo, redo, merge, the merge driver, export and its re-import, the
/// hook, completions, info).
@Suite("Day marks, end to end")
struct DayMarksTests {
    /// A weigh-in, then a five-day period and a day of illness.
    func marked(_ cli: CLIHarness) throws {
        try cli.ok("log", "80", "--date", "2026-11-01 07:00")
        try cli.ok("mark", "period", "--date", "2026-11-02", "--days", "5")
        try cli.ok("mark", "sick", "--date", "2026-11-20", "--note", "flu")
    }

    func marks(_ cli: CLIHarness) throws -> [[String: Any]] {
        try #require(try cli.json(try cli.ok("marks", "--format", "json").stdout) as? [[String: Any]])
    }

    @Test("mark marks a run of days one record a day; marks lists them as runs, each day with --entries, JSON and CSV")
    func markAndList() throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80", "--date", "2026-11-01 07:00")
        let marked = try cli.ok("mark", "period", "--date", "2026-11-02", "--days", "5")
        #expect(marked.stdout == "Marked period on 2–6 Nov 2026 (5 days).\n")
        try cli.ok("mark", "sick", "--date", "2026-11-20", "--note", "flu")
        let text = try cli.ok("marks").stdout
        #expect(text.contains("period  2–6 Nov 2026") && text.contains("sick    20 Nov 2026   flu"), "\(text)")
        let entries = try cli.ok("marks", "--entries").stdout
        #expect(entries.split(separator: "\n").count == 7, "a header and six days: \(entries)")
        let json = try marks(cli)
        #expect(json.map { $0["day"] as? String } == ["2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05", "2026-11-06", "2026-11-20"])
        #expect(json.last?["name"] as? String == "sick" && json.last?["note"] as? String == "flu")
        #expect(Set(json.compactMap { $0["id"] as? String }).count == 6)
        let csv = try cli.ok("marks", "period", "--format", "csv").stdout.split(separator: "\n")
        #expect(csv.first == "id,day,name,note" && csv.count == 6)
        // The store holds them, one a day, and needs version 4 for them.
        let store = try cli.weightsJSON()
        #expect(store["version"] as? Int == 4)
        #expect((store["marks"] as? [[String: Any]])?.count == 6)
    }

    @Test("a day already marked stays as it is; the run's other days are marked")
    func alreadyMarked() throws {
        let cli = try CLIHarness()
        try marked(cli)
        let before = cli.weightsFile
        let again = try cli.ok("mark", "period", "--date", "2026-11-05", "--days", "3")
        #expect(again.stderr == "Already marked period on 5–6 Nov 2026.\n", "\(again.stderr)")
        #expect(again.stdout == "Marked period on 7 Nov 2026.\n")
        let same = try cli.ok("mark", "sick", "--date", "2026-11-20")
        #expect(same.stdout.isEmpty && same.stderr.contains("Already marked sick on 20 Nov 2026."))
        #expect(try marks(cli).count == 7)
        #expect(before != cli.weightsFile)
        // Nothing written for a day marked already: no undo step either.
        let journal = try cli.ok("undo", "--list").stdout
        #expect(journal.split(separator: "\n").filter { $0.contains("  mark ") }.count == 3, "three marks journalled, the repeat none: \(journal)")
    }

    @Test("what is refused, with its exit status, and nothing written", arguments: [
        (["mark", "Period"], Int32(65), "is not a mark's name"),
        (["mark", "waist"], 65, "a place the tape measures"),
        (["mark", "fat-mass"], 65, "a series of the report"),
        (["mark", "period", "--days", "0"], 64, "--days"),
        (["mark", "period", "--days", "367"], 64, "1 to 366 days"),
        (["mark", "period", "--date", "2026-11-29", "--days", "5"], 65, "after today"),
        (["mark", "period", "--date", "someday"], 65, "someday"),
        (["mark", String(repeating: "a", count: 33)], 65, "is not a mark's name"),
    ])
    func refused(arguments: [String], status: Int32, message: String) throws {
        let cli = try CLIHarness()
        try marked(cli)
        let before = cli.weightsFile
        let result = try cli.run(arguments)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(cli.weightsFile == before)
    }

    @Test("a name a measurement of one's own has is refused")
    func measurementName() throws {
        let cli = try CLIHarness()
        try cli.ok("measure", "neck-fold", "12", "--new")
        let result = try cli.run(["mark", "neck-fold"])
        #expect(result.status == 65 && result.stderr.contains("a measurement's name"), "\(result.stderr)")
    }

    @Test("a store without marks keeps its version; the last mark undone gives the lower version back, removed it is remembered")
    func version() throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80", "--date", "2026-11-01 07:00")
        try cli.ok("eat", "650", "--date", "2026-11-01 12:00")
        #expect(try cli.weightsJSON()["version"] as? Int == 3)
        try cli.ok("mark", "travel", "--date", "2026-11-01")
        #expect(try cli.weightsJSON()["version"] as? Int == 4)
        let id = try #require(try marks(cli).first?["id"] as? String)
        try cli.ok("rm", String(id.prefix(8)))
        // The memory of the removed mark (SPEC §18) is version 4 too.
        #expect(try cli.weightsJSON()["version"] as? Int == 4)
        #expect(try cli.weightsJSON()["marks"] == nil)
        try cli.ok("undo")
        try cli.ok("undo")
        #expect(try cli.weightsJSON()["version"] as? Int == 3)
        #expect(try cli.weightsJSON()["marks"] == nil)
    }

    @Test("edit changes a mark's name, day and note; what does not apply to a mark is refused")
    func edit() throws {
        let cli = try CLIHarness()
        try marked(cli)
        let sick = try #require(try marks(cli).last?["id"] as? String)
        let edited = try cli.ok("edit", String(sick.prefix(8)), "--name", "travel", "--date", "2026-11-21", "--note", "trip")
        #expect(edited.stdout == "Updated travel on 2026-11-21 (\(sick.prefix(8))): trip\n", "\(edited.stdout)")
        #expect(try marks(cli).last?["day"] as? String == "2026-11-21")
        let wrong = try cli.run(["edit", String(sick.prefix(8)), "--kcal", "300"])
        #expect(wrong.status == 65 && wrong.stderr == "Error: --kcal does not apply to a mark\n")
        // Onto a day that holds the name already.
        let period = try #require(try marks(cli).first?["id"] as? String)
        let taken = try cli.run(["edit", String(period.prefix(8)), "--date", "2026-11-03"])
        #expect(taken.status == 65 && taken.stderr.contains("2026-11-03 is marked period already"), "\(taken.stderr)")
        let json = try #require(try cli.json(try cli.ok("edit", String(sick.prefix(8)), "--clear-note", "--format", "json").stdout) as? [String: Any])
        #expect(json["name"] as? String == "travel" && json["note"] is NSNull && json["day"] as? String == "2026-11-21")
    }

    @Test("rm removes marks with other kinds in one change; undo and redo walk it")
    func removeUndoRedo() throws {
        let cli = try CLIHarness()
        try marked(cli)
        let all = try marks(cli)
        let ids = all.prefix(2).compactMap { ($0["id"] as? String).map { String($0.prefix(8)) } }
        let weighIn = try #require(try cli.entries().first?["id"] as? String)
        let removed = try cli.ok(["rm"] + ids + [String(weighIn.prefix(8))])
        #expect(removed.stdout.contains("Removed period on 2026-11-02") && removed.stdout.contains("Removed 80.0 kg"), "\(removed.stdout)")
        #expect(try marks(cli).count == 4)
        let undone = try cli.ok("undo")
        #expect(undone.stderr.contains("1 weigh-in added, 2 marks added"), "\(undone.stderr)")
        #expect(try marks(cli).count == 6)
        let redone = try cli.ok("redo")
        #expect(redone.stderr.contains("1 weigh-in removed, 2 marks removed"), "\(redone.stderr)")
        #expect(try cli.ok("undo", "--list").stdout.contains("1 weigh-in removed, 2 marks removed"))
    }

    @Test("the JSON export carries the marks and imports back with their ids, once")
    func exportImport() throws {
        let cli = try CLIHarness()
        try marked(cli)
        try cli.ok("export", "--format", "json", "-o", cli.directory.file("backup.json"))
        let other = try CLIHarness()
        let first = try other.ok("import", cli.directory.file("backup.json"))
        #expect(first.stderr.contains("marks: 6 added, 0 duplicate"), "\(first.stderr)")
        let again = try other.ok("import", cli.directory.file("backup.json"))
        #expect(again.stderr.contains("marks: 0 added, 6 duplicate"), "\(again.stderr)")
        #expect(try marks(other).map { $0["id"] as? String } == (try marks(cli)).map { $0["id"] as? String })
        #expect(try marks(other).map { $0["note"] as? String } == (try marks(cli)).map { $0["note"] as? String })
    }

    @Test("merge adds their marks by id, and one of ours again under another id is the same mark")
    func merge() throws {
        let cli = try CLIHarness()
        try marked(cli)
        var theirs = try cli.weightsJSON()
        var list = try #require(theirs["marks"] as? [[String: Any]])
        list.append(["day": "2026-11-02", "id": "11111111-2222-4333-8444-555555555555", "name": "period"])
        list.append(["day": "2026-11-10", "id": "11111111-2222-4333-8444-555555555556", "name": "salty"])
        theirs["marks"] = list
        try cli.directory.write(String(decoding: try JSONSerialization.data(withJSONObject: theirs), as: UTF8.self), to: "theirs.json")
        let merged = try cli.ok("merge", cli.directory.file("theirs.json"))
        #expect(merged.stderr.contains("1 added"), "\(merged.stderr)")
        #expect(try marks(cli).filter { $0["day"] as? String == "2026-11-02" }.count == 1)
        #expect(try marks(cli).contains { $0["name"] as? String == "salty" })
    }

    @Test("the merge driver takes a mark added on one side and a mark removed on the other")
    func mergeDriver() throws {
        let cli = try CLIHarness()
        try marked(cli)
        let base = try #require(cli.weightsFile)
        try cli.ok("mark", "salty", "--date", "2026-11-12")
        let ours = try #require(cli.weightsFile)
        try cli.ok("undo")
        let sick = try #require(try marks(cli).last?["id"] as? String)
        try cli.ok("rm", String(sick.prefix(8)))
        let theirs = try #require(cli.weightsFile)
        for (name, data) in [("base.json", base), ("ours.json", ours), ("theirs.json", theirs)] {
            try cli.directory.write(String(decoding: data, as: UTF8.self), to: name)
        }
        try cli.ok("merge-driver", cli.directory.file("base.json"), cli.directory.file("ours.json"), cli.directory.file("theirs.json"))
        let result = try #require(try cli.json(try String(contentsOfFile: cli.directory.file("ours.json"), encoding: .utf8)) as? [String: Any])
        let names = (result["marks"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(names.contains("salty") && !names.contains("sick") && names.filter { $0 == "period" }.count == 5, "\(names)")
    }

    @Test("the post-change hook is told of marks written and removed")
    func hook() throws {
        let cli = try CLIHarness()
        try marked(cli)
        let config = cli.directory.file("config")
        let payload = cli.directory.file("payload.json")
        try FileManager.default.createDirectory(atPath: config + "/trend/hooks", withIntermediateDirectories: true)
        try cli.directory.write("#!/bin/sh\ncat > '\(payload)'\n", to: "config/trend/hooks/post-change")
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: config + "/trend/hooks/post-change")
        var hooked = cli
        hooked.extraEnvironment["XDG_CONFIG_HOME"] = config
        try hooked.ok("mark", "holiday", "--date", "2026-11-25", "--days", "2")
        let json = try #require(try cli.json(try String(contentsOfFile: payload, encoding: .utf8)) as? [String: Any])
        #expect((json["marks"] as? [[String: Any]])?.map { $0["day"] as? String } == ["2026-11-25", "2026-11-26"])
        #expect((json["removedMarks"] as? [Any])?.isEmpty == true && json["command"] as? String == "mark")
        let id = try #require(try marks(cli).last?["id"] as? String)
        try hooked.ok("rm", String(id.prefix(8)))
        let removed = try #require(try cli.json(try String(contentsOfFile: payload, encoding: .utf8)) as? [String: Any])
        #expect((removed["removedMarks"] as? [[String: Any]])?.first?["name"] as? String == "holiday")
    }

    @Test("completions offer the names used before, then the usual ones, and marks' ids with their day")
    func completions() throws {
        let cli = try CLIHarness()
        try marked(cli)
        let names = try cli.ok("__complete", "marks", "").stdout.split(separator: "\n")
        #expect(names.prefix(2) == ["sick", "period"] && names.contains("travel"), "\(names)")
        #expect(try cli.ok("__complete", "marks", "s").stdout == "sick\nsalty\n")
        let ids = try cli.ok("__complete", "ids", "", "--describe").stdout
        #expect(ids.contains("\t2026-11-20 sick"), "\(ids)")
    }

    @Test("info counts the marks and names them")
    func info() throws {
        let cli = try CLIHarness()
        try marked(cli)
        #expect(try cli.ok("info").stdout.contains("Marks:           6 (period, sick)"))
        let json = try #require(try cli.json(try cli.ok("info", "--format", "json").stdout) as? [String: Any])
        #expect(json["markCount"] as? Int == 6 && json["intakeCount"] as? Int == 0)
    }

    @Test("marks lists the last 90 days unless asked; a name or a range narrows it")
    func periods() throws {
        let cli = try CLIHarness()
        try cli.ok("mark", "travel", "--date", "2026-06-01", "--days", "3")
        try cli.ok("mark", "period", "--date", "2026-11-02", "--days", "2")
        #expect(try marks(cli).count == 2)
        let all = try #require(try cli.json(try cli.ok("marks", "--range", "All", "--format", "json").stdout) as? [[String: Any]])
        #expect(all.count == 5)
        #expect(try cli.ok("marks", "travel", "--since", "2026-01-01").stdout.contains("travel  1–3 Jun 2026"))
        #expect(try cli.ok("marks", "sick").stderr.contains("No marks in that period."))
        let fresh = try CLIHarness()
        #expect(try fresh.ok("marks").stderr.contains("No marks yet."))
    }

    @Test("Apple Health's menstrual flow becomes period marks beside its weigh-ins; no flow is none, a day twice is one mark")
    func appleHealth() throws {
        let cli = try CLIHarness()
        let flow = { (day: String, value: String, source: String) in
            #"<Record type="HKCategoryTypeIdentifierMenstrualFlow" sourceName="\#(source)" creationDate="2026-11-\#(day) 08:00:00 +0100" startDate="2026-11-\#(day) 07:00:00 +0100" endDate="2026-11-\#(day) 07:00:00 +0100" value="HKCategoryValueMenstrualFlow\#(value)">"#
                + "\n <MetadataEntry key=\"HKMenstrualCycleStart\" value=\"0\"/>\n</Record>\n"
        }
        var xml = AppleHealthFixture.preamble
        xml += #" <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" startDate="2026-11-02 07:05:00 +0100" endDate="2026-11-02 07:05:00 +0100" value="70.2"/>"# + "\n"
        xml += #" <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" startDate="2026-11-03 07:01:00 +0100" endDate="2026-11-03 07:01:00 +0100" value="70.6"/>"# + "\n"
        xml += flow("02", "Medium", "Health") + flow("03", "Heavy", "Health") + flow("03", "Light", "Clue") + flow("04", "Unspecified", "Health")
        xml += flow("05", "None", "Health")
        xml += "</HealthData>\n"
        try cli.directory.write(xml, to: "export.xml")
        let imported = try cli.ok("import", cli.directory.file("export.xml"))
        #expect(imported.stderr.contains("2 added") && imported.stderr.contains("marks: 3 added, 1 duplicate"), "\(imported.stderr)")
        #expect(try cli.ok("marks", "--range", "All").stdout.contains("period  2–4 Nov 2026"))
        // Importing it again adds nothing.
        #expect(try cli.ok("import", cli.directory.file("export.xml")).stderr.contains("marks: 0 added, 4 duplicate"))
        #expect(try marks(cli).count == 3)
    }

    @Test("the report lists the marks in its range; every chart shades them and names them in its legend")
    func reportAndCharts() throws {
        let cli = try CLIHarness()
        try cli.seed((1...28).map { day in CLIHarness.TypedWeighIn(date: String(format: "2026-11-%02d 07:00", day), weight: String(format: "%.2f", 82 - 0.05 * Double(day))) })
        try cli.ok("mark", "period", "--date", "2026-11-02", "--days", "5")
        try cli.ok("mark", "sick", "--date", "2026-11-20", "--note", "flu")
        try cli.ok("mark", "travel", "--date", "2026-09-01", "--days", "3")
        let text = try cli.ok("progress", "--range", "1M").stdout
        #expect(text.contains("Marked") && text.contains("period 2–6 Nov 2026, sick 20 Nov 2026") && !text.contains("travel"), "\(text)")
        let json = try #require(try cli.json(try cli.ok("progress", "--range", "1M", "--format", "json").stdout) as? [String: Any])
        let runs = try #require(json["marks"] as? [[String: Any]])
        #expect(runs.map { $0["name"] as? String } == ["period", "sick"] && runs.first?["days"] as? Int == 5 && runs.first?["to"] as? String == "2026-11-06")
        // SVG (and so the page and the mail): a shaded column a run, a legend entry a name, period in the first colour.
        let svg = try cli.ok("progress", "--range", "1M", "--format", "svg").stdout
        #expect(svg.components(separatedBy: "<rect class=\"mark mark-0\"").count == 2 && svg.components(separatedBy: "<rect class=\"mark mark-1\"").count == 2, "\(svg)")
        #expect(svg.contains("<rect class=\"legend mark mark-0\"") && svg.contains(">period</text>") && svg.contains(">sick</text>"))
        #expect(svg.contains(".mark.mark-0{fill:var(--mark0"))
        // The terminal: a strip under the day rule, and the legend.
        var charted = cli
        charted.extraEnvironment["COLUMNS"] = "100"
        charted.extraEnvironment["LANG"] = "C.UTF-8"
        let chart = try charted.ok("progress", "--range", "1M", "--chart").stdout
        let lines = chart.split(separator: "\n", omittingEmptySubsequences: false)
        let rule = try #require(lines.firstIndex { $0.contains("└") })
        #expect(lines[rule + 1].contains("▀▀▀") && lines[rule + 1].contains("▚"), "\(chart)")
        #expect(chart.contains("▀▀▀ period") && chart.contains("▚▚▚ sick"))
        let ascii = try charted.ok("progress", "--range", "1M", "--chart", "--ascii").stdout
        #expect(ascii.contains("### period") && ascii.contains("%%% sick"), "\(ascii)")
        // A range without marks: no row, no strip, no mark rules in the picture.
        let before = try cli.ok("progress", "--since", "2026-11-10", "--until", "2026-11-18", "--format", "svg").stdout
        #expect(!before.contains("mark-") && !before.contains(">period<"))
    }
}
