import Foundation
import Testing
import TestSupport

/// SPEC §6 (issue 67): a merge or an export that has run for a second
/// shows how far it is on a terminal, like an import: a merge the bytes of
/// the copy read, with the share and the time left; an export the bytes
/// written. Never with `-q`. The line is asked for at once
/// (`TREND_PROGRESS_DELAY=0`), so a history of a few megabytes shows it
/// however fast the machine; when the second has passed is the line's own
/// rule, proven in `ProgressLineTests`.
@Suite("Progress on a long merge or export")
struct ExportMergeProgressTests {
    /// A store of `count` weigh-ins, a minute apart from 2001 on, written as trend writes it.
    func longStore(_ path: String, count: Int) throws {
        var text = "{\n  \"entries\": [\n"
        text.reserveCapacity(count * 110)
        let start = 978_307_200  // 2001-01-01T00:00:00Z
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        for i in 0..<count {
            let date = formatter.string(from: Date(timeIntervalSince1970: Double(start + i * 600))).replacingOccurrences(of: "Z", with: "+00:00")
            let id = String(format: "%08x-0000-4000-8000-%012x", i, i)
            text += "    {\"date\": \"\(date)\", \"id\": \"\(id)\", \"kilograms\": \(70 + i % 20).5}" + (i == count - 1 ? "\n" : ",\n")
        }
        text += "  ],\n  \"version\": 1\n}\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// What a terminal shows of `command` run by `sh` in a pseudo-terminal (util-linux `script`).
    func onTerminal(_ cli: CLIHarness, _ command: String) throws -> String {
        var environment = cli.environment
        environment["TERM"] = "xterm"
        environment["TREND_PROGRESS_DELAY"] = "0"
        let result = try TrendBinary(url: URL(fileURLWithPath: "/usr/bin/script")).run(["-qec", command, "/dev/null"], environment: environment, timeout: 300)
        #expect(result.status == 0, "\(result.stdout)")
        return result.stdout
    }

    /// Each line drawn: the text after a carriage return and an erase to the end of the line.
    func drawn(_ screen: String, _ title: String) -> [String] {
        screen.components(separatedBy: "\r\u{1B}[K").dropFirst().map { $0.components(separatedBy: "\r")[0] }.filter { $0.hasPrefix(title) }
    }

    @Test("a merge shows the copy's bytes read of its size, then the summary on a line of its own; -q shows nothing",
          .enabled(if: Requirement.hasScript, "needs util-linux script"))
    func merge() throws {
        let cli = try CLIHarness()
        let copy = cli.directory.file("laptop.json")
        // Over 8 MiB: the reader tells how far it is every 8 MiB (JSONScanner).
        try longStore(copy, count: 100_000)
        let screen = try onTerminal(cli, cli.binary.url.path + " merge " + copy + " --dry-run")
        let lines = drawn(screen, "Merging ")
        #expect(!lines.isEmpty, "\(screen.debugDescription.suffix(400))")
        #expect(lines.allSatisfy { $0.hasPrefix("Merging \(copy): ") && $0.contains(" MiB of ") && $0.contains("%)") }, "\(lines)")
        #expect(screen.contains("\r\u{1B}[KWould merge \(copy): 100000 added"), "\(screen.debugDescription.suffix(300))")
        #expect(!(try onTerminal(cli, cli.binary.url.path + " merge " + copy + " --dry-run -q")).contains("Merging"))
    }

    @Test("an export to a file or a pipe shows the bytes written, cleared before its message",
          .enabled(if: Requirement.hasScript, "needs util-linux script"))
    func export() throws {
        let cli = try CLIHarness()
        try FileManager.default.createDirectory(atPath: cli.dataDirectory, withIntermediateDirectories: true)
        try longStore(cli.dataDirectory + "/weights.json", count: 30_000)
        let target = cli.directory.file("backup.json")
        let screen = try onTerminal(cli, cli.binary.url.path + " export --format json -o " + target)
        let lines = drawn(screen, "Exporting ")
        #expect(!lines.isEmpty, "\(screen.debugDescription.suffix(400))")
        #expect(lines.allSatisfy { $0.hasPrefix("Exporting \(target): ") && $0.hasSuffix(" MiB") }, "\(lines)")
        #expect(screen.contains("\r\u{1B}[KExported "), "\(screen.debugDescription.suffix(300))")
        // Into a pipe, the line is on the terminal.
        let piped = try onTerminal(cli, cli.binary.url.path + " export --format json | wc -c")
        #expect(!drawn(piped, "Exporting: ").isEmpty, "\(piped.debugDescription.suffix(300))")
    }
}
