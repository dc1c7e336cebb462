import Foundation
import Testing
import TestSupport

/// SPEC §6 (issue 67): an import that has run for a second shows, on a
/// terminal that redraws a line, how far it is; never with `-q`, with
/// `TERM=dumb`, or when standard error is not a terminal. Most tests ask
/// for the line at once (`TREND_PROGRESS_DELAY=0`), so a few megabytes show
/// it however fast the machine; the second itself is `ProgressLine`'s rule
/// (`ProgressLineTests`), and quick work showing nothing is tested here.
@Suite("Progress on a long import")
struct ImportProgressTests {
    /// A generated Apple Health export of about `megabytes` MB: a weigh-in a
    /// day among a watch's heart-rate records, as a real one is mostly.
    func export(_ directory: TemporaryDirectory, megabytes: Int) throws -> String {
        let path = directory.file("export.xml")
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? file.close() }
        file.write(Data(AppleHealthFixture.preamble.utf8))
        let heart = String(
            repeating: " <Record type=\"HKQuantityTypeIdentifierHeartRate\" sourceName=\"Watch\" unit=\"count/min\" "
                + "creationDate=\"2024-01-01 08:00:00 +0100\" startDate=\"2024-01-01 08:00:00 +0100\" endDate=\"2024-01-01 08:00:00 +0100\" value=\"72\"/>\n",
            count: 1_000)
        let days = megabytes * 1_000_000 / heart.utf8.count
        for day in 0..<days {
            let date = CLICalendar.day("2023-01-01", adding: day % 3_000)
            file.write(Data((" <Record type=\"HKQuantityTypeIdentifierBodyMass\" sourceName=\"Scale\" unit=\"kg\" creationDate=\"\(date) 08:00:00 +0100\" "
                + "startDate=\"\(date) 07:00:00 +0100\" endDate=\"\(date) 07:00:00 +0100\" value=\"\(80 + day % 10)\"/>\n" + heart).utf8))
        }
        file.write(Data("</HealthData>\n".utf8))
        return path
    }

    /// What a terminal shows of `command` run by `sh` in a pseudo-terminal (util-linux `script`), and how long it took.
    func onTerminal(_ cli: CLIHarness, _ command: String, term: String = "xterm", delay: String? = "0") throws -> (screen: String, seconds: Double) {
        var environment = cli.environment
        environment["TERM"] = term
        environment["TREND_PROGRESS_DELAY"] = delay
        let started = Date()
        let result = try TrendBinary(url: URL(fileURLWithPath: "/usr/bin/script")).run(["-qec", command, "/dev/null"], environment: environment, timeout: 300)
        #expect(result.status == 0, "\(result.stdout)")
        return (result.stdout, Date().timeIntervalSince(started))
    }

    /// Each line drawn: the text after a carriage return and an erase to the end of the line.
    func drawn(_ screen: String) -> [String] {
        screen.components(separatedBy: "\r\u{1B}[K").dropFirst().map { $0.components(separatedBy: "\r")[0] }.filter { !$0.isEmpty && !$0.hasPrefix("Imported") }
    }

    @Test("a file: bytes read of its size, the share and the time left, redrawn at most ten times a second, cleared before the summary",
          .enabled(if: Requirement.hasScript, "needs util-linux script"))
    func file() throws {
        let cli = try CLIHarness()
        let path = try export(cli.directory, megabytes: 8)
        let (screen, seconds) = try onTerminal(cli, cli.binary.url.path + " import " + path)
        let lines = drawn(screen)
        #expect(!lines.isEmpty, "\(screen.debugDescription)")
        #expect(lines.allSatisfy { $0.hasPrefix("Importing export.xml: ") && $0.contains(" MiB of ") && $0.contains("%)") }, "\(lines)")
        #expect(lines.contains { $0.hasSuffix(" s left") || $0.hasSuffix(" min left") }, "\(lines)")
        #expect(Double(lines.count) <= seconds * 10 + 1, "\(lines.count) drawings in \(seconds) s")
        // Taken away before the summary, which then starts its own line.
        #expect(screen.contains("\r\u{1B}[KImported " + path + " (Apple Health): "), "\(screen.debugDescription.suffix(300))")
    }

    @Test("a pipe: bytes and records only", .enabled(if: Requirement.hasScript, "needs util-linux script"))
    func pipe() throws {
        let cli = try CLIHarness()
        let path = try export(cli.directory, megabytes: 3)
        let (screen, _) = try onTerminal(cli, "cat \(path) | \(cli.binary.url.path) import -")
        let lines = drawn(screen)
        #expect(!lines.isEmpty, "\(screen.debugDescription)")
        #expect(lines.allSatisfy { $0.hasPrefix("Importing -: ") && $0.hasSuffix(" records") && !$0.contains("%") }, "\(lines)")
        #expect(screen.contains("Imported - (Apple Health): "))
    }

    @Test("nothing with -q, with TERM=dumb, or when standard error is not a terminal", .enabled(if: Requirement.hasScript, "needs util-linux script"))
    func absent() throws {
        let cli = try CLIHarness()
        let path = try export(cli.directory, megabytes: 3)
        let slow = "cat \(path) | \(cli.binary.url.path)"
        #expect(!(try onTerminal(cli, slow + " import - -q").screen.contains("Importing")))
        try FileManager.default.removeItem(atPath: cli.dataDirectory)
        #expect(!(try onTerminal(cli, slow + " import -", term: "dumb").screen.contains("Importing")))
        try FileManager.default.removeItem(atPath: cli.dataDirectory)
        // On a terminal, but standard error to a file.
        let errors = cli.directory.file("errors.txt")
        let (screen, _) = try onTerminal(cli, slow + " import - 2> " + errors)
        let written = try String(contentsOfFile: errors, encoding: .utf8)
        #expect(!screen.contains("Importing") && !written.contains("Importing") && !written.contains("\u{1B}"), "\(written)")
        #expect(written.hasPrefix("Imported - (Apple Health): "), "\(written)")
    }

    @Test("quick work says nothing: a small import within its first second draws no line", .enabled(if: Requirement.hasScript, "needs util-linux script"))
    func quick() throws {
        let cli = try CLIHarness()
        let path = cli.directory.file("three.csv")
        try "date,weight\n2026-11-01,80.1\n2026-11-02,80.0\n2026-11-03,79.8\n".write(toFile: path, atomically: true, encoding: .utf8)
        let (screen, _) = try onTerminal(cli, cli.binary.url.path + " import " + path, delay: nil)
        #expect(screen.contains("Imported " + path), "\(screen.debugDescription)")
        #expect(!screen.contains("Importing"), "\(screen.debugDescription)")
    }

    @Test("a TREND_PROGRESS_DELAY that is not seconds from 0 to 600 is a usage error naming it", arguments: ["-1", "601", "soon", "1e2"])
    func badDelay(text: String) throws {
        var cli = try CLIHarness()
        cli.extraEnvironment["TREND_PROGRESS_DELAY"] = text
        let result = try cli.run(["log", "80"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("TREND_PROGRESS_DELAY must be seconds from 0 to 600, not '\(text)'"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.dataDirectory + "/weights.json"))
    }
}
