import Foundation
import Testing
import TestSupport

/// SPEC §17: `--output FILE` on every command that writes data, atomic as
/// an export is; a PNG is never poured into a terminal.
@Suite("Output files")
struct OutputFileTests {
    func history() throws -> CLIHarness {
        var cli = try CLIHarness()
        cli.extraEnvironment["LANG"] = "C.UTF-8"
        try cli.seed((0..<20).map { (i: Int) -> CLIHarness.TypedWeighIn in
            let kilograms: Double = 82 - 0.1 * Double(i) + (i % 2 == 0 ? 0.3 : -0.3)
            return CLIHarness.TypedWeighIn(date: CLICalendar.day("2026-11-30", adding: i - 19) + " 07:00", weight: String(kilograms))
        })
        try cli.ok("eat", "650", "--date", "2026-11-29 12:00")
        return cli
    }

    @Test("each command writes to FILE what it writes to standard output, and nothing to standard output", arguments: [
        ["progress"], ["progress", "--format", "json"], ["progress", "--format", "svg"], ["progress", "--format", "html"], ["progress", "--format", "email"],
        ["list"], ["list", "--format", "csv"], ["stats", "--format", "csv"], ["intake"], ["intake", "--format", "json"], ["export"], ["export", "--format", "json"],
    ])
    func sameAsStandardOutput(arguments: [String]) throws {
        let cli = try history()
        let expected = try cli.ok(arguments).stdout
        let file = cli.directory.file("out")
        let written = try cli.ok(arguments + ["--output", file])
        #expect(written.stdout.isEmpty)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == expected)
        // -o is the same option; `-` is standard output.
        #expect(try cli.ok(arguments + ["-o", "-"]).stdout == expected)
    }

    @Test("a PNG goes to a file or a pipe; into a terminal it is refused with 64, and nothing is written",
          .enabled(if: Requirement.find("tmux") != nil, "tmux is not installed"))
    func pngNotToTerminal() throws {
        let cli = try history()
        let piped = try cli.binary.run(["progress", "--format", "png"], environment: cli.environment)
        #expect(piped.status == 0)
        #expect(Array(piped.stdoutData.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let file = cli.directory.file("chart.png")
        try cli.ok("progress", "--format", "png", "-o", file)
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: file))) == Array(piped.stdoutData))
        let environment = cli.environment.merging(["TERM": "xterm-256color", "LANG": "C.UTF-8", "TREND_PAGER": "cat"]) { $1 }
        let screen = try TerminalSession(
            command: "\(cli.binary.url.path) progress --format png; echo \"exit $?\"; sleep 30", environment: environment, columns: 100, rows: 30)
        defer { screen.close() }
        #expect(screen.waitFor("exit 64"), "\(screen.text)")
        #expect(screen.text.contains("Error: a PNG is binary: use --output FILE or a pipe"))
        #expect(!screen.text.contains("PNG\r") && !screen.text.contains("IHDR"))
    }

    @Test("the file appears whole or not at all, never over a data file or through a symlink; the store is untouched")
    func atomic() throws {
        let cli = try history()
        let before = try String(contentsOfFile: cli.dataDirectory + "/weights.json", encoding: .utf8)
        // settings.json is trend's even before a setting is saved; the journal's folder too.
        #expect(!FileManager.default.fileExists(atPath: cli.dataDirectory + "/settings.json"))
        for target in [cli.dataDirectory + "/weights.json", cli.dataDirectory + "/settings.json", cli.dataDirectory + "/.weights.json.undo/x.html"] {
            let refused = try cli.run("progress", "--format", "html", "-o", target)
            #expect(refused.status != 0, "\(target)")
            #expect(refused.stderr.contains("one of trend's data files"))
        }
        #expect(try String(contentsOfFile: cli.dataDirectory + "/weights.json", encoding: .utf8) == before)
        #expect(!FileManager.default.fileExists(atPath: cli.dataDirectory + "/settings.json"))
        // A symlink in the way is not followed.
        let aside = cli.directory.file("aside.txt")
        try "keep me".write(toFile: aside, atomically: true, encoding: .utf8)
        let link = cli.directory.file("link.html")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: aside)
        #expect(try cli.run("progress", "--format", "html", "-o", link).status != 0)
        #expect(try String(contentsOfFile: aside, encoding: .utf8) == "keep me")
        // A directory that is not there: an error, no partial file anywhere.
        let missing = cli.directory.file("nowhere/out.svg")
        let failed = try cli.run("progress", "--format", "svg", "-o", missing)
        #expect(failed.status != 0 && !failed.stderr.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: missing))
        // Replacing a file leaves no temporary beside it.
        let page = cli.directory.file("page.html")
        try "old".write(toFile: page, atomically: true, encoding: .utf8)
        try cli.ok("progress", "--format", "html", "-o", page)
        #expect(try String(contentsOfFile: page, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: cli.directory.path).filter { $0.hasPrefix(".") || $0.contains("tmp") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test("a file gets no colour and no terminal width, and the chart only with --chart")
    func fileIsNotATerminal() throws {
        var cli = try history()
        cli.extraEnvironment["COLUMNS"] = nil
        let file = cli.directory.file("report.txt")
        try cli.ok("progress", "-o", file)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(!text.contains("\u{1B}"))
        #expect(!text.contains("┤"), "no chart unless asked")
        try cli.ok("progress", "--chart", "-o", file)
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("┤"))
    }
}
