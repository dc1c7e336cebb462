import Foundation
import Testing
import TestSupport

/// Trust, round four (1): completing an id never runs what a note holds.
/// A multi-line note with `$(…)` and backticks is imported from a CSV, then
/// each shell completes `trend edit ` in a real terminal (tmux); the
/// commands in the note must not run, and the ids must still be offered.
@Suite("Completion never runs stored text")
struct CompletionSafetyTests {
    /// A store whose notes try to run commands, a `trend` on PATH, and a
    /// working directory where the commands would leave their files.
    func plantedStore(_ cli: CLIHarness) throws -> (path: String, ids: [String], work: String) {
        let csv = "date,weight,note\n2026-11-01,80,\"x\n$(touch PWNED)\"\n2026-11-02,81,`touch PWNED2`\n2026-11-03,81,\"';touch PWNED3;'\"\n"
        try cli.directory.write(csv, to: "planted.csv")
        try cli.ok("import", cli.directory.file("planted.csv"))
        let bin = cli.directory.file("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: bin + "/trend", withDestinationPath: cli.binary.url.path)
        let work = cli.directory.file("work")
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let ids = try cli.entries().compactMap { ($0["id"] as? String).map { String($0.prefix(8)) } }
        return (bin + ":/usr/bin:/bin", ids, work)
    }

    func nothingRan(_ work: String) -> Bool {
        (try? FileManager.default.contentsOfDirectory(atPath: work))?.isEmpty == true
    }

    @Test("the hidden candidates command prints short ids, one a line, only for a hex prefix")
    func candidates() throws {
        let cli = try CLIHarness()
        let (_, ids, _) = try plantedStore(cli)
        let all = try cli.ok("__complete", "ids").stdout
        #expect(all == ids.map { $0 + "\n" }.joined())
        let one = try cli.ok("__complete", "ids", String(ids[1].prefix(5))).stdout
        #expect(one.split(separator: "\n").contains(Substring(ids[1])))
        #expect(try cli.ok("__complete", "ids", "$(x)").stdout.isEmpty)
        let described = try cli.ok("__complete", "ids", "--describe").stdout
        #expect(described.hasPrefix(ids[0] + "\t2026-11-01 12:00 80 kg\n"), "\(described)")
        #expect(!described.contains("PWNED"))
        // Not a command people see.
        #expect(!(try cli.ok("--help").stdout.contains("__complete")))
        #expect(!(try cli.ok("help", "--man").stdout.contains("__complete")))
    }

    @Test("bash: tab after trend edit offers the ids and runs nothing", .enabled(if: Requirement.find("tmux") != nil, "tmux is not installed"))
    func bash() throws {
        let cli = try CLIHarness()
        let (path, ids, work) = try plantedStore(cli)
        try cli.directory.write(try cli.ok("completions", "bash").stdout, to: "trend.bash")
        let screen = try TerminalSession(
            command: "cd \(work) && exec /bin/bash --norc --noprofile",
            environment: cli.environment.merging(["PATH": path, "HOME": cli.directory.path, "TERM": "xterm"]) { $1 })
        defer { screen.close() }
        try screen.type("source \(cli.directory.file("trend.bash")); PS1='> '; clear", enter: true)
        try screen.type("trend edit \t\t")
        #expect(ids.allSatisfy { id in screen.waitFor(id) }, "\(screen.text)")
        try screen.type("\u{03}")
        try screen.type("trend rm \(ids[0].prefix(6))\t")
        #expect(screen.waitFor("trend rm \(ids[0])"), "\(screen.text)")
        #expect(nothingRan(work), "\((try? FileManager.default.contentsOfDirectory(atPath: work)) ?? [])")
    }

    @Test("zsh: tab after trend edit offers the ids with their dates and runs nothing",
          .enabled(if: Requirement.zsh != nil && Requirement.find("tmux") != nil, "zsh or tmux is not installed"))
    func zsh() throws {
        let cli = try CLIHarness()
        let (path, ids, work) = try plantedStore(cli)
        let functions = cli.directory.file("zfunc")
        try FileManager.default.createDirectory(atPath: functions, withIntermediateDirectories: true)
        try cli.directory.write(try cli.ok("completions", "zsh").stdout, to: "zfunc/_trend")
        let zsh = try #require(Requirement.zsh)
        let screen = try TerminalSession(
            command: "cd \(work) && exec \(zsh) -f",
            environment: cli.environment.merging(["PATH": path, "HOME": cli.directory.path, "TERM": "xterm"]) { $1 })
        defer { screen.close() }
        try screen.type("fpath=(\(functions) $fpath); autoload -U compinit; compinit -u -D; PS1='> '; clear", enter: true)
        try screen.type("trend edit \t")
        if !screen.waitFor(ids[0], seconds: 3) { try screen.type("\t") }
        #expect(ids.allSatisfy { id in screen.waitFor(id) }, "\(screen.text)")
        #expect(screen.text.contains("2026-11-01 12:00 80 kg"), "\(screen.text)")
        #expect(nothingRan(work))
    }

    @Test("fish: completing trend edit offers the ids with their dates and runs nothing", .enabled(if: Requirement.fish != nil && Requirement.find("tmux") != nil, "fish or tmux is not installed"))
    func fish() throws {
        let cli = try CLIHarness()
        let (path, ids, work) = try plantedStore(cli)
        try cli.directory.write(try cli.ok("completions", "fish").stdout, to: "trend.fish")
        let fish = try #require(Requirement.fish)
        let screen = try TerminalSession(
            command: "cd \(work) && exec \(fish) --no-config",
            environment: cli.environment.merging(["PATH": path, "HOME": cli.directory.path, "TERM": "xterm"]) { $1 })
        defer { screen.close() }
        try screen.type("source \(cli.directory.file("trend.fish")); function fish_prompt; echo '> '; end; clear", enter: true)
        try screen.type("trend edit \t")
        #expect(ids.allSatisfy { id in screen.waitFor(id) }, "\(screen.text)")
        #expect(screen.text.contains("2026-11-01 12:00 80 kg"), "\(screen.text)")
        #expect(nothingRan(work))
    }
}
