import Foundation
import Testing
import TestSupport

@Suite("trend log")
struct LogCommandTests {
    static let forms: [(String, String?, Double)] = [
        ("80.5", nil, 80.5),
        ("80,5", nil, 80.5),
        ("80.5kg", "lb", 80.5),
        ("80.5 kg", nil, 80.5),
        ("177.4lb", nil, 177.4 * 0.45359237),
        ("177.4 lbs", nil, 177.4 * 0.45359237),
        ("177.4", "lb", 177.4 * 0.45359237),
        ("12st 6.5lb", nil, 174.5 * 0.45359237),
        ("12st6.5", nil, 174.5 * 0.45359237),
        ("12 st 6.5 lb", nil, 174.5 * 0.45359237),
        ("12st", nil, 168 * 0.45359237),
    ]

    @Test("stores every input form in kilograms, full precision", arguments: forms)
    func logsEveryForm(input: String, unit: String?, kilograms: Double) throws {
        let cli = try CLIHarness()
        let result = try unit.map { try cli.ok("log", input, "--unit", $0) } ?? cli.ok("log", input)
        #expect(result.stdout.hasPrefix("Logged "))
        let stored = try #require(try cli.entries().first?["kilograms"] as? Double)
        #expect(abs(stored - kilograms) < 1e-9)
    }

    @Test("prints what was logged with its short id and the trend; JSON prints the entry")
    func output() throws {
        let cli = try CLIHarness()
        let text = try cli.ok("log", "80.5", "--date", "2026-11-01 07:30", "--note", "after run")
        let id = try #require(try cli.entries().first?["id"] as? String)
        #expect(text.stdout == "Logged 80.5 kg on 2026-11-01 07:30 (\(id.prefix(8))): after run\nTrend 80.5 kg\n")
        let json = try cli.ok("log", "177.4lb", "--date", "2026-11-02T07:00:00+01:00", "--format", "json", "--unit", "lb")
        let object = try #require(try cli.json(json.stdout) as? [String: Any])
        #expect(Set(object.keys) == ["id", "date", "weight", "unit", "kilograms", "note", "fatPercent", "trend", "weeklyRate", "alreadyLogged"])
        #expect(object["date"] as? String == "2026-11-02T07:00:00+01:00")
        #expect(object["weight"] as? Double == 177.4)
        #expect(object["unit"] as? String == "lb")
        #expect(object["note"] is NSNull)
    }

    @Test("keeps the offset a weigh-in was logged at")
    func keepsOffset() throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80", "--date", "2026-11-01T07:30:00-05:00")
        try cli.ok("log", "81", "--date", "2026-11-02 07:30")
        let dates = try cli.entries().map { $0["date"] as? String }
        #expect(dates == ["2026-11-01T07:30:00-05:00", "2026-11-02T07:30:00+00:00"])
    }

    @Test("uses TZ through the C library, including POSIX rules")
    func posixTimeZone() throws {
        var cli = try CLIHarness()
        cli.extraEnvironment["TZ"] = "CET-1CEST,M3.5.0,M10.5.0/3"
        try cli.ok("log", "80", "--date", "2026-07-01 07:30")
        try cli.ok("log", "80", "--date", "2025-12-01 07:30")
        let dates = try cli.entries().map { $0["date"] as? String }
        #expect(dates == ["2025-12-01T07:30:00+01:00", "2026-07-01T07:30:00+02:00"])
    }

    static let rejected: [[String]] = [
        ["log", "-5"], ["log", "1,000"], ["log", "nan"], ["log", "inf"], ["log", "0x1p3"], ["log", "0"],
        ["log", "1001"], ["log", "80 furlongs"], ["log", ""], ["log", "-.5"], ["log", "8e1"],
        ["log", "80", "--date", "2026-13-45"], ["log", "80", "--date", "2999-01-01"], ["log", "80", "--date", "soon"],
        ["goal", "-3"], ["goal", "nan"],
    ]

    @Test("refuses bad weights and dates with exit 65, leaving the file byte-identical", arguments: rejected)
    func rejects(arguments: [String]) throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80", "--date", "2026-11-01")
        let before = cli.weightsFile
        let result = try cli.binary.run(arguments, environment: cli.environment)
        #expect(result.status == 65, "\(arguments): \(result.stderr)")
        #expect(result.stderr.hasPrefix("Error: "))
        #expect(result.stdout.isEmpty)
        #expect(cli.weightsFile == before)
    }

    @Test("a bad weight quotes what was typed")
    func quotesInput() throws {
        let cli = try CLIHarness()
        let result = try cli.run("log", "1,000")
        #expect(result.stderr.contains("'1,000'"))
        #expect(cli.weightsFile == nil)
    }

    @Test("dates as people type them, in zones east and west of UTC, are stored at the local offset", arguments: [
        ("Europe/Berlin", "yesterday 7am", "2026-11-29T07:00:00+01:00"), ("America/Los_Angeles", "yesterday 7am", "2026-11-29T07:00:00-08:00"),
        ("Europe/Berlin", "mon 6:45", "2026-11-23T06:45:00+01:00"), ("America/Los_Angeles", "3 days ago", "2026-11-27T12:00:00-08:00"),
        ("Europe/Berlin", "Jul 4 7:05 pm", "2026-07-04T19:05:00+02:00"), ("Asia/Kolkata", "2026/11/3 7:05", "2026-11-03T07:05:00+05:30"),
        ("Pacific/Chatham", "-2d", "2026-11-29T12:00:00+13:45"),
    ])
    func typedDates(zone: String, typed: String, stored: String) throws {
        var cli = try CLIHarness()
        cli.extraEnvironment["TZ"] = zone
        try cli.ok("log", "80", "--date", typed)
        #expect(try cli.entries().first?["date"] as? String == stored)
    }

    @Test("tomorrow, and what is not a date, are refused naming the forms; --since takes a duration")
    func refusedDates() throws {
        let cli = try CLIHarness()
        let tomorrow = try cli.run("log", "80", "--date", "tomorrow")
        #expect(tomorrow.status == 65)
        #expect(tomorrow.stderr.contains("'tomorrow' is in the future; use 2026-11-03"))
        let nonsense = try cli.run("log", "80", "--date", "last tuesday-ish")
        #expect(nonsense.status == 65)
        #expect(nonsense.stderr.contains("'2d ago'"))
        #expect(cli.weightsFile == nil)
        try cli.ok("log", "80", "--date", "20d ago")
        try cli.ok("log", "81", "--date", "10d ago", "--force")
        let recent = try cli.json(try cli.ok("list", "--since", "14d", "--format", "json").stdout) as? [[String: Any]]
        #expect(recent?.count == 1)
        #expect(try cli.run("list", "--since", "1m").status == 65)
    }
}
