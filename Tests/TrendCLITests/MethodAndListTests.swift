import Foundation
import Testing
import TestSupport

@Suite("Trend methods and estimated days, end to end")
struct MethodAndListTests {
    func logged() throws -> CLIHarness {
        let cli = try CLIHarness()
        try cli.ok("log", "70", "--date", "2026-01-01 07:00")
        try cli.ok("log", "73", "--date", "2026-01-04 07:00")
        try cli.ok("log", "72", "--date", "2026-01-05 07:00")
        return cli
    }

    func trend(_ cli: CLIHarness, _ arguments: String...) throws -> Double? {
        let result = try cli.binary.run(["progress", "--range", "all", "--format", "json"] + arguments, environment: cli.environment)
        return (try cli.json(result.stdout) as? [String: Any])?["trend"] as? Double
    }

    @Test("trend method sets the default in settings.json (version 2 only while one is set); --method is for one run")
    func methodSetting() throws {
        let cli = try logged()
        let settingsPath = cli.dataDirectory + "/settings.json"
        #expect(try cli.ok("method").stdout == "trendweight\n")
        #expect(try trend(cli) == 70.7)
        #expect(try trend(cli, "--method", "hackers-diet") == 70.47)
        try cli.ok("method", "hackers-diet")
        #expect(FileManager.default.contents(atPath: settingsPath).map { String(decoding: $0, as: UTF8.self) }
            == "{\n  \"method\": \"hackers-diet\",\n  \"unit\": \"kg\",\n  \"version\": 2\n}\n")
        #expect(try cli.ok("method").stdout == "hackers-diet\n")
        #expect(try trend(cli) == 70.47)
        #expect(try trend(cli, "--method", "trendweight") == 70.7)
        // The unit is kept, and the default method leaves a file an older trend reads.
        try cli.ok("unit", "lb")
        try cli.ok("method", "trendweight")
        #expect(FileManager.default.contents(atPath: settingsPath).map { String(decoding: $0, as: UTF8.self) }
            == "{\n  \"unit\": \"lb\",\n  \"version\": 1\n}\n")
        let unknown = try cli.run("method", "kalman")
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("expected trendweight, hackers-diet, libra, holt-gentle, holt, holt-responsive"))
        #expect(try cli.run("progress", "--method", "kalman").status == 64)
    }

    @Test("list --estimated shows the days between weigh-ins as ~ rows; JSON entries carry their day's trend")
    func estimated() throws {
        let cli = try logged()
        let plain = try cli.ok("list").stdout
        #expect(!plain.contains("~"))
        let estimated = try cli.ok("list", "--estimated").stdout.split(separator: "\n").map(String.init)
        #expect(estimated.count == 1 + 5)
        #expect(estimated[2].hasPrefix("~") && estimated[2].contains("2026-01-02") && estimated[2].contains("71.0 kg"))
        #expect(estimated[3].hasPrefix("~") && estimated[3].contains("2026-01-03") && estimated[3].contains("72.0 kg"))
        let json = try #require(try cli.json(try cli.ok("list", "--format", "json").stdout) as? [[String: Any]])
        #expect(json.map { $0["trend"] as? Double } == [70, 70.56, 70.7])
        let withDays = try #require(try cli.json(try cli.ok("list", "--format", "json", "--estimated").stdout) as? [[String: Any]])
        #expect(withDays.map { $0["estimated"] as? Bool } == [nil, true, true, nil, nil])
        let libra = try #require(try cli.json(try cli.ok("list", "--format", "json", "--method", "libra").stdout) as? [[String: Any]])
        #expect(libra.first?["trend"] as? Double == 70)
    }

    @Test("export --method adds each day's trend as a last column, and the file still imports")
    func exportTrend() throws {
        let cli = try logged()
        let plain = try cli.ok("export").stdout
        #expect(plain.hasPrefix("date,weight,unit,note\n"))
        let withTrend = try cli.ok("export", "--method", "hackers-diet").stdout
        let lines = withTrend.split(separator: "\n")
        #expect(lines[0] == "date,weight,unit,note,trend")
        #expect(lines[3].hasSuffix(",70.47"))
        let other = try CLIHarness()
        let imported = try other.binary.run(["import", "-"], environment: other.environment, stdin: withTrend)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try other.entries().count == 3)
    }

    @Test("help says what is true of the methods")
    func help() throws {
        let cli = try CLIHarness()
        let progress = try cli.ok("help", "progress").stdout
        #expect(progress.contains("TrendWeight"))
        #expect(!progress.contains("as in TrendWeight and The Hacker's Diet"))
        #expect(try cli.ok("help", "method").stdout.contains("hackers-diet"))
    }
}
