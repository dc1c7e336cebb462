import Foundation
import Testing
import TestSupport

@Suite("Usage, help and exit statuses")
struct UsageTests {
    @Test("trend alone prints a short overview to stdout; trend help and --help the whole of it")
    func overview() throws {
        let cli = try CLIHarness()
        let short = try cli.ok()
        #expect(short.stdout.hasPrefix("trend: a weight tracker for the shell."))
        #expect(short.stdout.contains("\nCOMMANDS:\n  log "))
        #expect(short.stdout.contains("See 'trend help COMMAND'"))
        #expect(!short.stdout.contains("EXIT STATUS") && !short.stdout.contains("merge-driver"))
        // One screen of 40 rows: the commands with a line each, and how to get more.
        #expect(short.stdout.split(separator: "\n").count <= 38)
        let full = try cli.ok("help").stdout
        for section in ["OVERVIEW:", "USAGE:", "COMMANDS:", "OPTIONS:", "FILES:", "EXIT STATUS:"] {
            #expect(full.contains("\n" + section) || full.hasPrefix(section), "\(section)")
        }
        #expect(!full.contains("SUBCOMMANDS"))
        #expect(full.contains("  75"))
        #expect(full.contains("merge-driver"))
        #expect(try cli.ok("--help").stdout == full)
    }

    @Test("help has no empty heading, wraps its usage line between options, and every 'see FILES' has a FILES section",
          arguments: ["log", "list", "edit", "remove", "progress", "goal", "unit", "import", "export", "last", "undo", "redo", "merge", "info", "help"])
    func helpShape(command: String) throws {
        var cli = try CLIHarness()
        cli.extraEnvironment["COLUMNS"] = "60"
        let help = try cli.ok(command, "--help").stdout
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (index, line) in lines.enumerated() where line.hasSuffix(":") && line.uppercased() == line && !line.hasPrefix(" ") {
            let next = index + 1 < lines.count ? lines[index + 1] : ""
            #expect(next.hasPrefix("  "), "\(command): empty heading \(line)")
        }
        // The usage line: no line wider than the terminal, and no option cut in two.
        let usage = lines.drop { !$0.hasPrefix("USAGE:") }.prefix { !$0.isEmpty }
        for line in usage { #expect(line.count <= 60, "\(command): \(line)") }
        #expect(usage.allSatisfy { $0.filter { $0 == "[" }.count == $0.filter { $0 == "]" }.count }, "\(command): \(usage)")
        #expect(!help.contains("see FILES") || help.contains("FILES:"))
    }

    @Test("every command has help, the same through --help and help COMMAND", arguments: ["log", "list", "edit", "remove", "progress", "goal", "unit", "last", "info", "help"])
    func commandHelp(command: String) throws {
        let cli = try CLIHarness()
        let help = try cli.ok(command, "--help").stdout
        #expect(help.hasPrefix("OVERVIEW: "))
        #expect(help.contains("USAGE: trend \(command)"))
        #expect(help.contains("GLOBAL OPTIONS:"))
        #expect(try cli.ok("help", command).stdout == help)
        #expect(try cli.ok(command, "-h").stdout == help)
    }

    @Test("unknown commands and options exit 64 with a suggestion and the usage")
    func suggestions() throws {
        let cli = try CLIHarness()
        let command = try cli.run("lgo", "80")
        #expect(command.status == 64)
        #expect(command.stderr == "Error: unknown command 'lgo'. Did you mean 'log'?\nUsage: trend <command> [options]\n  See 'trend --help'.\n")
        let option = try cli.run("log", "80", "--dat", "today")
        #expect(option.status == 64)
        #expect(option.stderr.hasPrefix("Error: unknown option '--dat'. Did you mean '--date'?\nUsage: trend log WEIGHT... [--date DATE] [--note TEXT] [--fat PERCENT]"))
        #expect(option.stderr.replacing(/\s+/, with: " ").hasSuffix("[--method NAME] [--format FORMAT] See 'trend log --help'. "))
        #expect(cli.weightsFile == nil)
    }

    @Test("usage errors exit 64", arguments: [
        ["log"], ["log", "80", "--date"], ["list", "--format", "xml"], ["progress", "--format=yaml"],
        ["last", "--max-age", "3 days"], ["last", "--max-age", "-1h"], ["unit", "kg", "--quiet=yes"], ["--bogus"],
    ])
    func usageErrors(arguments: [String]) throws {
        let cli = try CLIHarness()
        let result = try cli.binary.run(arguments, environment: cli.environment)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stderr.hasPrefix("Error: "))
        #expect(result.stderr.contains("See 'trend"))
    }

    @Test("options go before or after the command, with = or a space; -- ends options")
    func optionPlacement() throws {
        let cli = try CLIHarness()
        try cli.ok("--unit=lb", "log", "176.4", "--date=2026-01-01")
        try cli.ok("log", "--note", "-- not an option", "--", "80")
        let notes = try cli.entries().map { $0["note"] as? String }
        #expect(notes == [nil, "-- not an option"])
    }

    @Test("--version prints the version")
    func version() throws {
        let cli = try CLIHarness()
        #expect(try cli.ok("--version").stdout.hasPrefix("trend "))
    }

    @Test("reading commands on a missing data directory show no data and create nothing")
    func missingDirectory() throws {
        let cli = try CLIHarness()
        for command in [["list"], ["progress"], ["goal"], ["unit"], ["info"], ["list", "--format", "json"]] {
            let result = try cli.binary.run(command, environment: cli.environment)
            #expect(result.status == 0, "\(command): \(result.stderr)")
        }
        #expect(try cli.ok("list", "--format", "json").stdout == "[]\n")
        #expect(try cli.run("last").status == 1)
        #expect(!FileManager.default.fileExists(atPath: cli.dataDirectory))
    }

    @Test("the data directory is created 0700 with files 0600")
    func modes() throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80")
        let directoryMode = try FileManager.default.attributesOfItem(atPath: cli.dataDirectory)[.posixPermissions] as? Int
        let fileMode = try FileManager.default.attributesOfItem(atPath: cli.weightsPath)[.posixPermissions] as? Int
        #expect(directoryMode == 0o700)
        #expect(fileMode == 0o600)
    }

    @Test("with no HOME and no TREND_DATA_DIR the password database gives the home")
    func passwordDatabaseHome() throws {
        let cli = try CLIHarness()
        let result = try cli.binary.run(["info", "--format", "json"], environment: ["PATH": "/usr/bin:/bin"])
        #expect(result.status == 0)
        let info = try #require(try cli.json(result.stdout) as? [String: Any])
        #expect(info["source"] as? String == "password database")
        #expect((info["dataDirectory"] as? String)?.hasSuffix("/.local/share/trend") == true)
    }

    @Test("--data-dir wins over the environment")
    func dataDirFlag() throws {
        let cli = try CLIHarness()
        let other = cli.directory.file("other")
        try cli.ok("--data-dir", other, "log", "80")
        #expect(FileManager.default.fileExists(atPath: other + "/weights.json"))
        #expect(cli.weightsFile == nil)
    }

    @Test("last: the latest weigh-in, and --max-age decides the exit status")
    func last() throws {
        let cli = try CLIHarness()
        #expect(try cli.run("last").status == 1)
        try cli.ok("log", "80", "--date", "2026-01-01 07:00")
        try cli.ok("log", "81")
        #expect(try cli.ok("last").stdout.hasPrefix("81.0 kg on "))
        try cli.ok("last", "--max-age", "90min")
        try cli.ok("last", "--max-age", "1d12h")
        try cli.ok("last", "--max-age", "1w")
        try cli.ok("rm", String((try cli.entries()[1]["id"] as? String ?? "").prefix(8)))
        let old = try cli.run("last", "--max-age", "2d")
        #expect(old.status == 1)
        // 1 Jan 07:00 to 30 Nov 12:00 (the harness's clock): 47 weeks and 4 days.
        #expect(old.stderr.contains("The latest weigh-in is 47 w 4 d old, more than 2d."), "\(old.stderr)")
        #expect(old.stdout.hasPrefix("80.0 kg on 2026-01-01 07:00"))
        #expect(try cli.run("last", "--max-age", "2d", "-q").stdout.isEmpty)
    }
}
