import Foundation
import Testing
import TestSupport

/// Issue 67: completing `--metric` offers the series a chart can show,
/// the measurements kept among them (`waist`, a name of one's own), in
/// bash, zsh and fish, each in a real terminal (tmux); `trend measure`'s
/// name comes from the same kind of list.
@Suite("Completing --metric")
struct MetricCompletionTests {
    enum Shell: String, Sendable {
        case bash, zsh, fish
    }

    /// A store with a waist and a bust measured, and a `trend` on PATH.
    func measured(_ cli: CLIHarness) throws -> String {
        try cli.ok("log", "80", "--date", "2026-11-29 07:00")
        try cli.ok("measure", "waist", "91")
        try cli.ok("measure", "bust", "92", "--new")
        let bin = cli.directory.file("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: bin + "/trend", withDestinationPath: cli.binary.url.path)
        return bin + ":/usr/bin:/bin"
    }

    @Test("trend __complete metrics lists the fixed series, then each measurement kept")
    func candidates() throws {
        let cli = try CLIHarness()
        _ = try measured(cli)
        #expect(try cli.ok("__complete", "metrics").stdout == "weight\nfat\nfat-mass\nlean-mass\nintake\nexpenditure\nbust\nwaist\n")
        #expect(try cli.ok("__complete", "metrics", "W").stdout == "weight\nwaist\n")
    }

    @Test("bash: tab after --metric offers the measurements kept, and completes one", .enabled(if: Requirement.find("tmux") != nil, "tmux is not installed"))
    func bash() throws { try offered(shell: .bash, program: "/bin/bash") }

    @Test("zsh: tab after --metric offers the measurements kept, and completes one",
          .enabled(if: Requirement.zsh != nil && Requirement.find("tmux") != nil, "zsh or tmux is not installed"))
    func zsh() throws { try offered(shell: .zsh, program: try #require(Requirement.zsh)) }

    @Test("fish: tab after --metric offers the measurements kept, and completes one",
          .enabled(if: Requirement.fish != nil && Requirement.find("tmux") != nil, "fish or tmux is not installed"))
    func fish() throws { try offered(shell: .fish, program: try #require(Requirement.fish)) }

    func offered(shell: Shell, program: String) throws {
        let cli = try CLIHarness()
        let path = try measured(cli)
        let script = try cli.ok("completions", shell.rawValue).stdout
        let (command, setup): (String, String)
        switch shell {
        case .bash:
            try cli.directory.write(script, to: "trend.bash")
            (command, setup) = ("exec \(program) --norc --noprofile", "source \(cli.directory.file("trend.bash")); PS1='> '; clear")
        case .zsh:
            try FileManager.default.createDirectory(atPath: cli.directory.file("zfunc"), withIntermediateDirectories: true)
            try cli.directory.write(script, to: "zfunc/_trend")
            (command, setup) = ("exec \(program) -f", "fpath=(\(cli.directory.file("zfunc")) $fpath); autoload -U compinit; compinit -u -D; PS1='> '; clear")
        case .fish:
            try cli.directory.write(script, to: "trend.fish")
            (command, setup) = ("exec \(program) --no-config", "source \(cli.directory.file("trend.fish")); function fish_prompt; echo '> '; end; clear")
        }
        let screen = try TerminalSession(
            command: command, environment: cli.environment.merging(["PATH": path, "HOME": cli.directory.path, "TERM": "xterm"]) { $1 })
        defer { screen.close() }
        try screen.type(setup, enter: true)
        /// Gives up the line typed and clears the screen, so what a test waits for next is new.
        func fresh() throws {
            screen.press("C-c")
            try screen.type("clear", enter: true)
            _ = Wait.until(seconds: 5) { !screen.text.contains("trend ") }
        }
        try screen.type("trend progress --metric bu\t")
        #expect(screen.waitFor("trend progress --metric bust"), "\(screen.text)")
        // The name `trend measure` takes, from the same kind of list (zsh read it as a message before).
        try fresh()
        try screen.type("trend measure bu\t")
        #expect(screen.waitFor("trend measure bust"), "\(screen.text)")
        try fresh()
        try screen.type("trend progress --metric \t\t")
        #expect(screen.waitFor("waist") && screen.waitFor("bust") && screen.waitFor("fat-mass"), "\(screen.text)")
        #expect(!screen.text.contains("hips"), "a place never measured is no series: \(screen.text)")
    }
}
