#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
import TestSupport

/// `trend ui` as a person uses it (SPEC §19): the real binary in a real
/// terminal that tmux keeps, keys typed, the screen read back.
@Suite(
    "trend ui in a terminal", .serialized,
    .enabled(if: Requirement.find("tmux") != nil, "tmux is not installed"))
struct TerminalDashboardTests {
    /// Ninety days losing 50 g a day, a goal, in UTC.
    func harness() throws -> CLIHarness {
        let cli = try CLIHarness()
        try cli.seed((0..<90).map { day in
            .init(date: CLICalendar.day("2026-11-30", adding: day - 89) + " 07:00", weight: String(84 - 0.05 * Double(day) + (day % 2 == 0 ? 0.3 : -0.3)))
        })
        try cli.ok("goal", "76")
        return cli
    }

    /// The dashboard in a shell command line that saves `stty -a` before
    /// and after it and prints its exit status; its pid in `pid`.
    func start(_ cli: CLIHarness, columns: Int = 100, rows: Int = 30, extra: [String: String] = [:], wrapper: String = "%@") throws -> TerminalSession {
        let environment = cli.environment.merging(["TERM": "xterm-256color", "LANG": "C.UTF-8"].merging(extra) { $1 }) { $1 }
        let ui = String(format: wrapper, "sh -c 'echo $$ > \(cli.directory.file("pid")); exec \(cli.binary.url.path) ui'")
        let before = cli.directory.file("stty-before"), after = cli.directory.file("stty-after")
        let session = try TerminalSession(
            command: "stty -a > \(before); \(ui); echo EXIT=$?; stty -a > \(after); sleep 60", environment: environment, columns: columns, rows: rows)
        return session
    }

    func sttyUnchanged(_ cli: CLIHarness) -> Bool {
        guard let before = cli.directory.read("stty-before"), let after = cli.directory.read("stty-after") else { return false }
        return before == after
    }

    @Test("range keys, the series, a typo refused then a weigh-in logged, undo naming it, and q giving the terminal back")
    func session() throws {
        let cli = try harness()
        let screen = try start(cli)
        defer { screen.close() }
        #expect(screen.waitFor("q quit"), "\(screen.text)")
        #expect(screen.text.contains("to go") && screen.text.contains("a week"), "\(screen.text)")
        #expect(!screen.text.contains("Oct"), "1M: November only")
        try screen.type("2")
        #expect(screen.waitFor("Oct"), "3M reaches back into October: \(screen.text)")
        try screen.type("m")
        try screen.type("waist 91", enter: true)
        #expect(screen.waitFor("Measured waist 91"), "\(screen.text)")
        screen.press("Tab")
        #expect(screen.waitFor("Waist"), "the next series: \(screen.text)")
        try screen.type("l")
        try screen.type("97.5", enter: true)
        #expect(screen.waitFor("far from your trend"), "\(screen.text)")
        screen.press("Escape")
        try screen.type("l")
        try screen.type("78.8", enter: true)
        #expect(screen.waitFor("Logged 78.8 kg"), "\(screen.text)")
        #expect(try cli.ok("list").stdout.contains("78.8 kg"), "stored as log stores it")
        try screen.type("u")
        #expect(screen.waitFor("Undone: log 78.8 on"), "named as the command that would have made it: \(screen.text)")
        #expect(try !cli.ok("list").stdout.contains("78.8 kg"))
        let journal = try cli.ok("undo", "--list").stdout
        #expect(journal.contains("measure waist 91") && journal.contains("log 78.8"), "\(journal)")
        try screen.type("?")
        #expect(screen.waitFor("Any key closes this help"), "\(screen.text)")
        try screen.type("x")
        try screen.type("q")
        #expect(screen.waitFor("EXIT=0"), "\(screen.text)")
        #expect(Wait.until(seconds: 10) { sttyUnchanged(cli) }, "stty as before")
        #expect(!screen.text.contains("q quit"), "the alternate screen left")
    }

    @Test("a weigh-in logged from another shell appears without a key")
    func changedElsewhere() throws {
        let cli = try CLIHarness()
        let screen = try start(cli)
        defer { screen.close() }
        #expect(screen.waitFor("No weigh-ins yet"), "\(screen.text)")
        try cli.ok("log", "80.5")
        #expect(screen.waitFor("80.5 kg trend", seconds: 3), "within two seconds or so: \(screen.text)")
    }

    @Test("resizing to 70×24 lays it out again at once, nothing past the edge")
    func resize() throws {
        let cli = try harness()
        let screen = try start(cli)
        defer { screen.close() }
        #expect(screen.waitFor("q quit"))
        screen.resize(columns: 70, rows: 24)
        #expect(screen.waitFor("small window"), "\(screen.text)")
        let lines = screen.text.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 70 })
        #expect(screen.text.contains("┤"), "the chart, narrower")
    }

    @Test("SIGTERM from outside gives the terminal back and exits 143")
    func terminated() throws {
        let cli = try harness()
        let screen = try start(cli)
        defer { screen.close() }
        #expect(screen.waitFor("q quit"))
        let pid = try #require(cli.directory.read("pid").flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
        kill(pid, SIGTERM)
        #expect(screen.waitFor("EXIT=143"), "\(screen.text)")
        #expect(Wait.until(seconds: 10) { sttyUnchanged(cli) }, "stty as before")
    }

    @Test("NO_COLOR: no colour code on the screen, the range shown in reverse video")
    func noColor() throws {
        let cli = try harness()
        let screen = try start(cli, extra: ["NO_COLOR": "1"])
        defer { screen.close() }
        #expect(screen.waitFor("q quit"))
        let text = screen.screen(escapes: true)
        let colours = text.split(separator: "\u{1B}").filter { sequence in
            sequence.hasPrefix("[") && sequence.dropFirst().prefix { $0 != "m" }.split(separator: ";").contains { Int($0).map { ((30...49).contains($0) || (90...107).contains($0)) && $0 != 39 && $0 != 49 } ?? false }
        }
        #expect(colours.isEmpty, "\(colours.prefix(3))")
        #expect(text.contains("\u{1B}[7m"), "reverse video")
    }

    @Test("at 80×24 inside script(1), in a locale that is not UTF-8: ASCII, and q")
    func plainTerminal() throws {
        try #require(Requirement.hasScript)
        let cli = try harness()
        let screen = try start(cli, columns: 80, rows: 24, extra: ["LANG": "C"], wrapper: "script -qec \"%@\" /dev/null")
        defer { screen.close() }
        #expect(screen.waitFor("q quit"), "\(screen.text)")
        #expect(!screen.text.contains("small window"))
        #expect(screen.text.unicodeScalars.allSatisfy { $0.isASCII }, "\(screen.text)")
        #expect(screen.text.contains("*"), "the trend in ASCII")
        try screen.type("q")
        #expect(screen.waitFor("EXIT=0"), "\(screen.text)")
    }

    @Test("without a terminal it refuses with 64 and says what to use")
    func noTerminal() throws {
        let cli = try harness()
        let result = try cli.run("ui")
        #expect(result.status == 64)
        #expect(result.stderr.contains("trend ui needs a terminal; use trend progress in scripts"))
        #expect(result.stdout.isEmpty)
    }
}
