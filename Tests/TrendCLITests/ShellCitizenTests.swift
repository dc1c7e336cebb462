import Foundation
import Testing
import TestSupport

@Suite("A good shell citizen")
struct ShellCitizenTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func shell(_ path: String, _ arguments: [String], environment: [String: String] = ["PATH": "/usr/bin:/bin"]) throws -> TrendBinary.Result {
        try TrendBinary(url: URL(fileURLWithPath: path)).run(arguments, environment: environment)
    }

    /// A data directory with two weigh-ins and a `trend` on PATH, as a user's shell has.
    func completionFixture(_ cli: CLIHarness) throws -> (path: String, ids: [String]) {
        try cli.ok("log", "80", "--date", "2026-11-01 07:15")
        try cli.ok("log", "81", "--date", "2026-11-02 07:20")
        let bin = cli.directory.file("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: bin + "/trend", withDestinationPath: cli.binary.url.path)
        try FileManager.default.createDirectory(atPath: cli.directory.file("somedir"), withIntermediateDirectories: true)
        let ids = try cli.entries().compactMap { ($0["id"] as? String).map { String($0.prefix(8)) } }
        return (bin + ":/usr/bin:/bin", ids)
    }

    @Test("bash: the script parses, registers _trend and completes commands, options, values in order, ids and directories")
    func bashCompletion() throws {
        let cli = try CLIHarness()
        let (path, ids) = try completionFixture(cli)
        let script = try cli.ok("completions", "bash").stdout
        try cli.directory.write(script, to: "trend.bash")
        #expect(try shell("/bin/bash", ["-n", cli.directory.file("trend.bash")]).status == 0)
        let driver = """
            source '\(cli.directory.file("trend.bash"))'
            c() { COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=(); _trend 2>/dev/null; echo "${COMPREPLY[*]}"; }
            c trend pro
            c trend unit ''
            c trend progress --range ''
            c trend list --format ''
            c trend log --format ''
            c trend --unit lb li
            c trend rm --
            complete -p trend
            c trend edit ''
            c trend rm \(ids[0]) ''
            cd '\(cli.directory.path)'; c trend --data-dir som
            c trend merge
            """
        let environment = cli.environment.merging(["PATH": path]) { $1 }
        let result = try shell("/bin/bash", ["-c", driver], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(lines.prefix(6)) == ["progress", "kg lb st", "1M 3M 6M 1Y All", "text json csv", "text json", "list"])
        #expect(lines[6].contains("--format") && lines[6].contains("--data-dir"))
        #expect(lines[7] == "complete -F _trend trend")
        #expect(lines[8] == ids.joined(separator: " "))
        #expect(lines[9] == ids.joined(separator: " "))
        #expect(lines[10] == "somedir/")
        #expect(lines[11] == "merge", "the merge driver is not offered: \(lines[11])")
    }

    @Test("zsh: the script parses, and a terminal's zsh completes commands, values and ids from it",
          .enabled(if: Requirement.zsh != nil && Requirement.find("tmux") != nil, "zsh or tmux is not installed"))
    func zsh() throws {
        let cli = try CLIHarness()
        let (path, ids) = try completionFixture(cli)
        let functions = cli.directory.file("zfunc")
        try FileManager.default.createDirectory(atPath: functions, withIntermediateDirectories: true)
        try cli.directory.write(try cli.ok("completions", "zsh").stdout, to: "zfunc/_trend")
        let zsh = try #require(Requirement.zsh)
        let check = try shell(zsh, ["-n", functions + "/_trend"])
        #expect(check.status == 0, "\(check.stderr)")
        let screen = try TerminalSession(
            command: "\(zsh) -f", environment: cli.environment.merging(["PATH": path, "HOME": cli.directory.path, "TERM": "xterm"]) { $1 })
        defer { screen.close() }
        try screen.type("fpath=(\(functions) $fpath); autoload -U compinit; compinit -u -D; PS1='> '; clear", enter: true)
        try screen.type("trend prog\t")
        #expect(screen.waitFor("> trend progress"), "\(screen.text)")
        try screen.type("\u{15}trend progress --range \t")
        // In the order declared, not sorted: 1M before All.
        #expect(Wait.until(seconds: 20) { screen.text.split(separator: "\n").contains { $0.split(separator: " ") == ["1M", "3M", "6M", "1Y", "All"] } }, "\(screen.text)")
        try screen.type("\u{03}")
        // A fresh, empty prompt before typing on: under load zsh may still be
        // closing the menu, and what is typed meanwhile joins the old line.
        #expect(
            Wait.until(seconds: 20) {
                screen.text.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?.trimmingCharacters(in: .whitespaces) == ">"
            }, "\(screen.text)")
        try screen.type("clear", enter: true)
        #expect(Wait.until(seconds: 20) { screen.text.trimmingCharacters(in: .whitespacesAndNewlines) == ">" }, "\(screen.text)")
        try screen.type("trend edit \t")
        // Ids are random: when both start alike, zsh's first tab inserts what
        // they share and lists nothing (LIST_AMBIGUOUS); the second lists them.
        if !screen.waitFor(ids[0], seconds: 3) { try screen.type("\t") }
        #expect(screen.waitFor(ids[0]) && screen.waitFor(ids[1]), "\(screen.text)")
        #expect(screen.text.contains("2026-11-01 07:15 80 kg"), "\(screen.text)")
    }

    @Test("fish: the script parses and completes commands, values in order and ids with their dates", .enabled(if: Requirement.fish != nil, "fish is not installed"))
    func fish() throws {
        let cli = try CLIHarness()
        let (path, ids) = try completionFixture(cli)
        try cli.directory.write(try cli.ok("completions", "fish").stdout, to: "trend.fish")
        let fish = try #require(Requirement.fish)
        let check = try shell(fish, ["-n", cli.directory.file("trend.fish")])
        #expect(check.status == 0, "\(check.stderr)")
        let environment = cli.environment.merging(["PATH": path, "HOME": cli.directory.path]) { $1 }
        let result = try shell(fish, ["-c", "source \(cli.directory.file("trend.fish")); complete -C'trend pro'; complete -C'trend unit '; echo ---; complete -C'trend progress --range '; echo ---; complete -C'trend edit '; echo ---; complete -C'trend merg'"], environment: environment)
        let parts = result.stdout.components(separatedBy: "---\n")
        #expect(parts[0].hasPrefix("progress\t"))
        #expect(parts[0].contains("\nkg\nlb\nst"))
        #expect(parts.count == 4, "\(result.stdout)\(result.stderr)")
        #expect(parts[1].split(separator: "\n").map { $0.prefix { $0 != "\t" } } == ["1M", "3M", "6M", "1Y", "All"])
        #expect(parts[2] == "\(ids[0])\t2026-11-01 07:15 80 kg\n\(ids[1])\t2026-11-02 07:20 81 kg\n", "\(parts[2])")
        #expect(parts[3].hasPrefix("merge\t") && !parts[3].contains("merge-driver"))
    }

    @Test("completions for an unknown shell is a usage error")
    func unknownShell() throws {
        let cli = try CLIHarness()
        let result = try cli.run("completions", "tcsh")
        #expect(result.status == 64)
        #expect(result.stderr.contains("expected bash, zsh, fish"))
    }

    @Test("the checked-in man page is the one `trend help --man` generates, and names every command and option")
    func manPage() throws {
        let cli = try CLIHarness()
        let generated = try cli.ok("help", "--man").stdout
        let checkedIn = try String(contentsOf: Self.packageRoot.appendingPathComponent("Documentation/trend.1"), encoding: .utf8)
        #expect(generated == checkedIn, "Documentation/trend.1 is stale: run `swift run trend help --man > Documentation/trend.1`")
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "FILES", "ENVIRONMENT", "EXIT STATUS", "EXAMPLES"] {
            #expect(generated.contains(".SH \(section)\n"))
        }
        #expect(generated.hasPrefix(".TH TREND 1"))
        let help = try cli.ok("--help").stdout
        for line in help.split(separator: "\n") where line.hasPrefix("  --") || line.hasPrefix("  -") {
            let option = line.split(separator: " ").first { $0.hasPrefix("--") }.map { String($0).replacingOccurrences(of: "-", with: "\\-") }
            if let option { #expect(generated.contains(option.trimmingCharacters(in: CharacterSet(charactersIn: ",")))) }
        }
        for command in ["log", "list", "edit", "remove", "progress", "goal", "unit", "import", "export", "last", "info", "completions", "help"] {
            #expect(generated.contains(".B trend \(command)"), "\(command)")
        }
    }

    /// Runs under a pseudo-terminal (util-linux `script`), so stdout is a TTY.
    func onTerminal(_ cli: CLIHarness, _ command: String, extra: [String: String] = [:]) throws -> String {
        // No interactive pager unless a test asks for one: `less` would wait for keys.
        var environment = cli.environment.merging(["TREND_PAGER": "cat"]) { $1 }
        environment.merge(extra) { $1 }
        let result = try TrendBinary(url: URL(fileURLWithPath: "/usr/bin/script")).run(
            ["-qec", cli.binary.url.path + " " + command, "/dev/null"], environment: environment)
        return result.stdout
    }

    @Test("long output on a terminal goes through the pager; short, piped, --no-pager or TREND_PAGER=cat output does not", .enabled(if: Requirement.hasScript, "needs util-linux script"))
    func pager() throws {
        var cli = try CLIHarness()
        var rows = ""
        for day in 1...28 { rows += "2026-02-\(day < 10 ? "0" : "")\(day),\(80 + Double(day) / 10)\n" }
        try cli.directory.write("date,weight\n" + rows, to: "rows.csv")
        try cli.ok("import", cli.directory.file("rows.csv"))
        let paged = cli.directory.file("paged")
        let pager = ["TREND_PAGER": "cat > '\(paged)'", "LINES": "20"]
        let screen = try onTerminal(cli, "list", extra: pager)
        let pagedText = try String(contentsOfFile: paged, encoding: .utf8)
        #expect(pagedText.contains("2026-02-28"), "\(pagedText)")
        #expect(pagedText.components(separatedBy: "\n").count == 30)
        #expect(!screen.contains("2026-02-28"))
        try FileManager.default.removeItem(atPath: paged)
        // Fits the screen: written directly.
        #expect(try onTerminal(cli, "list --limit 5", extra: pager).contains("2026-02-28"))
        #expect(try onTerminal(cli, "list --no-pager", extra: pager).contains("2026-02-28"))
        #expect(try onTerminal(cli, "list", extra: ["TREND_PAGER": "cat", "LINES": "20"]).contains("2026-02-28"))
        #expect(try onTerminal(cli, "list", extra: ["TREND_PAGER": "", "LINES": "20"]).contains("2026-02-28"))
        #expect(!FileManager.default.fileExists(atPath: paged))
        // Piped: never paged.
        cli.extraEnvironment.merge(pager) { $1 }
        #expect(try cli.ok("list").stdout.contains("2026-02-28"))
        #expect(!FileManager.default.fileExists(atPath: paged))
    }

    @Test("colour only on a terminal, and never with NO_COLOR, TERM=dumb or --no-color", .enabled(if: Requirement.hasScript, "needs util-linux script"))
    func colour() throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80", "--date", "2026-01-01")
        try cli.ok("log", "79", "--date", "2026-01-02")
        let escape = "\u{1B}["
        #expect(try onTerminal(cli, "list", extra: ["TERM": "xterm"]).contains(escape))
        #expect(!(try cli.ok("list").stdout.contains(escape)))
        #expect(!(try onTerminal(cli, "list", extra: ["TERM": "xterm", "NO_COLOR": "1"]).contains(escape)))
        #expect(try onTerminal(cli, "list", extra: ["TERM": "xterm", "NO_COLOR": ""]).contains(escape))
        #expect(!(try onTerminal(cli, "list", extra: ["TERM": "dumb"]).contains(escape)))
        #expect(!(try onTerminal(cli, "list --no-color", extra: ["TERM": "xterm"]).contains(escape)))
        // The chart shows by itself on a terminal.
        #expect(try onTerminal(cli, "progress --range all", extra: ["TERM": "xterm", "LANG": "C.UTF-8"]).contains("└"))
    }

    @Test("works under cron: env -i, no HOME, any TZ, a read-only working directory")
    func cron() throws {
        let cli = try CLIHarness()
        let home = cli.directory.file("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let readOnly = cli.directory.file("ro")
        try FileManager.default.createDirectory(atPath: readOnly, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: readOnly)
        let bare = TrendBinary.clockEnvironment.merging(["PATH": "/usr/bin:/bin", "HOME": home]) { $1 }
        #expect(try cli.binary.run(["log", "80", "--date", "2026-01-01 07:00"], environment: bare, currentDirectory: readOnly).status == 0)
        #expect(FileManager.default.fileExists(atPath: home + "/.local/share/trend/weights.json"))
        // Without TZ the C library's zone is the machine's (/etc/localtime): ask
        // date(1), in the same bare environment, what offset that gives then.
        #if os(Linux)
        let dateArguments = ["-d", "2026-01-01 07:00", "+%z"]
        #else
        let dateArguments = ["-j", "-f", "%Y-%m-%d %H:%M", "2026-01-01 07:00", "+%z"]
        #endif
        let offset = try TrendBinary(url: URL(fileURLWithPath: "/bin/date")).run(dateArguments, environment: bare)
        #expect(offset.status == 0)
        var hhmm = offset.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        hhmm.insert(":", at: hhmm.index(hhmm.startIndex, offsetBy: 3))
        let expected = "2026-01-01T07:00:00" + hhmm
        let withTZ = try cli.binary.run(["list", "--format", "csv"], environment: bare.merging(["TZ": ":Europe/Berlin"]) { $1 })
        #expect(withTZ.status == 0)
        #expect(withTZ.stdout.contains(expected), "\(withTZ.stdout) lacks \(expected)")
        let berlin = try cli.binary.run(["log", "81", "--date", "2026-01-02 07:00", "--format", "json"], environment: bare.merging(["TZ": "Europe/Berlin"]) { $1 })
        #expect(berlin.stdout.contains("\"2026-01-02T07:00:00+01:00\""))
        #expect(try cli.binary.run(["last"], environment: bare).status == 0)
    }

    @Test("-q silences everything but errors, on every command")
    func quiet() throws {
        let cli = try CLIHarness()
        for command in [["log", "80", "--date", "2026-01-01"], ["goal", "75"], ["unit", "kg"], ["edit", "0000", "--weight", "1"], ["goal", "--clear"]] {
            let result = try cli.binary.run(command + ["-q"], environment: cli.environment)
            if command[0] == "edit" {
                #expect(result.status == 1)
                #expect(result.stderr.contains("Error:"))
            } else {
                #expect(result.status == 0)
                #expect(result.stdout.isEmpty && result.stderr.isEmpty, "\(command): \(result.stdout)\(result.stderr)")
            }
        }
        let file = cli.directory.file("w.csv")
        try cli.directory.write("date,weight\n2026-01-02,81\n", to: "w.csv")
        let imported = try cli.run("import", file, "-q")
        #expect(imported.stdout.isEmpty && imported.stderr.isEmpty)
        let id = String((try cli.entries()[0]["id"] as? String ?? "").prefix(8))
        let removed = try cli.run("rm", id, "--quiet")
        #expect(removed.stdout.isEmpty && removed.stderr.isEmpty)
        // Like grep -q: the reading commands print nothing either; the status is the answer.
        try cli.ok("log", "80", "--date", "2026-01-03")
        for command in [["list"], ["list", "--format", "json"], ["progress"], ["goal"], ["unit"], ["last"], ["info"], ["export"],
                        ["help"], ["completions", "bash"], ["--version"]] {
            let result = try cli.binary.run(command + ["-q"], environment: cli.environment)
            #expect(result.status == 0, "\(command)")
            #expect(result.stdout.isEmpty && result.stderr.isEmpty, "\(command): \(result.stdout)\(result.stderr)")
        }
        #expect(try cli.run("last", "--max-age", "1min", "-q").status == 1)
    }

    @Test("last --max-age: older by elapsed time exits 1, within it 0")
    func maxAgeBoundary() throws {
        // On the real clock: what the test computes and what the binary reads must agree.
        var cli = try CLIHarness()
        cli.now = nil
        let twoHoursAgo = Date().addingTimeInterval(-2 * 3600 - 30)
        let formatter = ISO8601DateFormatter()
        try cli.ok("log", "80", "--date", formatter.string(from: twoHoursAgo))
        #expect(try cli.run("last", "--max-age", "2h").status == 1)
        #expect(try cli.run("last", "--max-age", "121min").status == 0)
        #expect(try cli.run("last", "--max-age", "2h1min").status == 0)
        #expect(try cli.run("last", "--max-age", "121m").status == 64)
        #expect(try cli.run("last", "--max-age", "1d").status == 0)
        #expect(try cli.run("last", "--max-age", "0h").status == 1)
        #expect(try cli.run("last", "--max-age", "h").status == 64)
        #expect(try cli.run("last", "--max-age", "2y").status == 64)
    }

    @Test("TREND_NOW sets what now is, and nothing else; one that is not an ISO 8601 instant is a usage error")
    func testClock() throws {
        var cli = try CLIHarness()
        cli.now = "2027-03-04T05:06:07+01:00"
        cli.extraEnvironment["TZ"] = "America/New_York"
        let logged = try cli.ok("log", "80", "--format", "json")
        // The instant given, in the zone TZ names (the stored offset is the local one then).
        #expect(logged.stdout.contains("\"2027-03-03T23:06:07-05:00\""), "\(logged.stdout)")
        #expect(try cli.entries().first?["date"] as? String == "2027-03-03T23:06:07-05:00")
        // "Tomorrow" by that clock is more than a day ahead of it.
        #expect(try cli.run("log", "81", "--date", "2027-03-05 12:00").status == 65)
        cli.now = "yesterday"
        let refused = try cli.run("list")
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("TREND_NOW"))
    }

    @Test("info reports the directory, how it was chosen, files and counts")
    func info() throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80", "--date", "2026-01-01")
        try cli.ok("goal", "75")
        let info = try #require(try cli.json(cli.ok("info", "--format", "json").stdout) as? [String: Any])
        #expect(info["dataDirectory"] as? String == cli.dataDirectory)
        #expect(info["source"] as? String == "TREND_DATA_DIR")
        #expect(info["count"] as? Int == 1)
        #expect(info["goal"] as? Double == 75)
        #expect((info["weightsFileSize"] as? Int ?? 0) > 0)
        let text = try cli.ok("info").stdout
        #expect(text.contains("Data directory:  \(cli.dataDirectory) (from TREND_DATA_DIR)"))
    }
}
