import Foundation
import Testing
import TestSupport

/// SPEC §13 (issue 67): a goal set again with the same goal and date
/// changes nothing and says so; a changed one replans from today and says
/// what it replaced; `trend goal` alone says where the trend stands, in one
/// sentence that never contradicts itself.
@Suite("A goal set again")
struct GoalSetAgainTests {
    /// A plan to 78 kg by 12 Jan 2027 set on 12 Oct 2026 at a flat 82 kg;
    /// from 1 Nov the weight moves by `novemberStep` a day, and the clock is 20 Nov.
    func planned(novemberStep: Double) throws -> CLIHarness {
        var cli = try CLIHarness()
        cli.now = "2026-10-12T12:00:00Z"
        let october = (1...12).map { "2026-10-\(String(format: "%02d", $0)) 07:00,82" }
        #expect(try cli.run("import", "-q", "-", stdin: "date,weight\n" + october.joined(separator: "\n") + "\n").status == 0)
        try cli.ok("goal", "78", "--by", "2027-01-12")
        cli.now = "2026-11-20T12:00:00Z"
        let rest = (13...31).map { "2026-10-\($0) 07:00,82" }
            + (1...16).map { "2026-11-\(String(format: "%02d", $0)) 07:00,\(String(format: "%.2f", 82 + novemberStep * Double($0)))" }
        #expect(try cli.run("import", "-q", "-", stdin: "date,weight\n" + rest.joined(separator: "\n") + "\n").status == 0)
        return cli
    }

    func journalLength(_ cli: CLIHarness) throws -> Int {
        try #require((try cli.json(try cli.ok("undo", "--list", "--format", "json").stdout) as? [String: Any])?["changes"] as? [Any]).count
    }

    @Test("the same goal and date, or the same rate, again changes nothing and says what is set", arguments: [
        (nil, ["--by", "2027-01-12"], "Goal already set: 78.0 kg by 12 Jan 2027, planned on 12 Oct 2026.\n"),
        (nil, ["--by", "Jan 12 2027"], "Goal already set: 78.0 kg by 12 Jan 2027, planned on 12 Oct 2026.\n"),
        (["--rate", "0.3"], ["--rate", "0.30"], "Goal already set: 78.0 kg at -0.3 kg/week, planned on 20 Nov 2026.\n"),
        ([], [], "Goal already set: 78.0 kg.\n"),
    ] as [([String]?, [String], String)])
    func sameAgain(setFirst: [String]?, again: [String], said: String) throws {
        let cli = try planned(novemberStep: -0.15)
        if let setFirst { try cli.ok(["goal", "78"] + setFirst) }
        let before = try #require(cli.weightsFile)
        let steps = try journalLength(cli)
        let repeated = try cli.binary.run(["goal", "78"] + again, environment: cli.environment)
        #expect(repeated.status == 0, "\(repeated.stderr)")
        #expect(repeated.stderr == said)
        #expect(repeated.stdout.isEmpty)
        #expect(cli.weightsFile == before)
        #expect(try journalLength(cli) == steps, "nothing changed: no undo step")
    }

    /// `14 Dec 2026` for `2026-12-14`.
    static func longDate(_ iso: String) -> String {
        let parts = iso.split(separator: "-").map { Int($0)! }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(parts[2]) \(months[parts[1] - 1]) \(parts[0])"
    }

    @Test("a changed date or goal replans from today and says where the plan it replaced stood", arguments: [
        ["78", "--by", "2027-02-01"], ["77", "--by", "2027-01-12"], ["78", "--rate", "0.5"],
    ])
    func replanned(goal: [String]) throws {
        let cli = try planned(novemberStep: -0.03)
        let progress = try #require(try cli.json(try cli.ok("progress", "--format", "json").stdout) as? [String: Any])
        let ahead = try #require((progress["plan"] as? [String: Any])?["aheadBy"] as? Double)
        #expect(ahead <= -0.05, "the history is behind its plan")
        let result = try cli.ok(["goal"] + goal)
        #expect(result.stderr.contains(": replanned from today; the plan of 12 Oct 2026 was \(String(format: "%.1f", -ahead)) kg behind."), "\(result.stderr)")
        #expect(try cli.weightsJSON()["goalStart"] as? String == "2026-11-20")
        let dropped = try cli.ok("goal", "78")
        #expect(dropped.stderr.hasPrefix("Goal set to 78.0 kg, without a plan; the plan of 20 Nov 2026 was "), "\(dropped.stderr)")
    }

    @Test("trend goal alone says where the trend stands, one sentence whose parts agree", arguments: [-0.15, -0.03, 0.02])
    func standing(novemberStep: Double) throws {
        let cli = try planned(novemberStep: novemberStep)
        let shown = try cli.ok("goal").stdout.split(separator: "\n").map(String.init)
        #expect(shown.count == 2 && shown[0] == "78.0 kg, by 12 Jan 2027: planned on 12 Oct 2026", "\(shown)")
        let status = shown.last ?? ""
        let progress = try #require(try cli.json(try cli.ok("progress", "--format", "json").stdout) as? [String: Any])
        let plan = try #require(progress["plan"] as? [String: Any])
        let ahead = try #require(plan["aheadBy"] as? Double)
        let remaining = try #require(progress["remaining"] as? Double)
        #expect(status.hasPrefix(String(format: "%.1f kg to lose; %.1f kg", -remaining, abs(ahead))), "\(status)")
        // The progress report says it once, in the same words.
        let report = try cli.ok("progress", "--no-chart", "--range", "All").stdout
        let side = ahead <= -0.05 ? "behind the plan line" : ahead >= 0.05 ? "ahead of the plan line" : "on the plan line"
        #expect(status.contains(side), "\(status)")
        #expect(!report.contains("behind the plan;") && !report.contains("at the current rate"), "\(report)")
        if let projected = progress["projectedGoalDate"] as? String {
            let early = projected <= "2027-01-12"
            let arrival = "at this pace on \(Self.longDate(projected))"
            #expect(status.contains(arrival), "\(status)")
            #expect(report.components(separatedBy: "at this pace").count == 2, "said once: \(report)")
            // Behind the line yet arriving early is catching up; ahead of it yet arriving late is slowing.
            #expect(status.contains("catching up") == (ahead <= -0.05 && early), "\(status)")
            #expect(report.contains("catching up") == (ahead <= -0.05 && early), "\(report)")
            #expect(status.contains("slowing") == (ahead > -0.05 && !early), "\(status)")
        } else {
            #expect(status.contains("not moving toward the goal"), "\(status)")
            #expect(!status.contains("at this pace on") && !report.contains("at this pace on"))
        }
    }
}
