import Foundation
import Testing
import TestSupport

/// SPEC §14: the post-change hook. Run once per change with the change as
/// JSON on its standard input, only when safe, never longer than 10 s, and
/// never able to fail or undo the change it is told about.
@Suite("Post-change hooks")
struct HooksTests {
    /// A harness whose hook (in `$XDG_CONFIG_HOME/trend/hooks`) is `script`,
    /// with `$RECORD` a folder the hook can write to.
    static func harness(script: String?, mode: Int = 0o755) throws -> CLIHarness {
        var cli = try CLIHarness()
        let hooks = cli.directory.file("config/trend/hooks")
        try FileManager.default.createDirectory(atPath: hooks, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: cli.directory.file("record"), withIntermediateDirectories: true)
        if let script {
            try cli.directory.write(script, to: "config/trend/hooks/post-change")
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: hooks + "/post-change")
        }
        cli.extraEnvironment = ["XDG_CONFIG_HOME": cli.directory.file("config"), "RECORD": cli.directory.file("record"), "TREND": cli.binary.url.path]
        return cli
    }

    /// Appends what it is given (one line of JSON) and its environment.
    static let recorder = """
        #!/bin/sh
        cat >> "$RECORD/changes"
        echo "$TREND_DATA_DIR|$TREND_NO_HOOKS" >> "$RECORD/environment"
        echo "the hook ran"

        """

    static func changes(_ cli: CLIHarness) throws -> [[String: Any]] {
        guard let text = cli.directory.read("record/changes") else { return [] }
        return try text.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    @Test("a logged weigh-in reaches the hook as JSON, with the data directory named and the hook's output on stderr")
    func logReachesTheHook() throws {
        let cli = try Self.harness(script: Self.recorder)
        let logged = try cli.ok("log", "80.5", "--date", "2026-11-29 07:15", "--fat", "22.4", "--note", "after \"run\"")
        #expect(logged.stdout.hasPrefix("Logged 80.5 kg, 22.4% fat on 2026-11-29 07:15"))
        #expect(!logged.stdout.contains("the hook ran"))
        #expect(logged.stderr == "the hook ran\n")
        let change = try #require(try Self.changes(cli).first)
        #expect(change["command"] as? String == "log")
        #expect(change["commandLine"] as? String == "trend log 80.5 --date '2026-11-29 07:15' --fat 22.4 --note 'after \"run\"'")
        #expect(change["dataFile"] as? String == cli.weightsPath)
        #expect(change["added"] as? Int == 1 && change["removed"] as? Int == 0 && change["changed"] as? Int == 0)
        #expect(change["goalChanged"] as? Bool == false)
        #expect(change["goalKilograms"] is NSNull)
        let entries = try #require(change["entries"] as? [[String: Any]])
        let stored = try cli.entries()
        #expect(entries.count == 1)
        #expect(entries.first?["id"] as? String == stored.first?["id"] as? String)
        #expect(entries.first?["kilograms"] as? Double == 80.5)
        #expect(entries.first?["fatPercent"] as? Double == 22.4)
        #expect(entries.first?["note"] as? String == "after \"run\"")
        #expect(entries.first?["date"] as? String == "2026-11-29T07:15:00+00:00")
        #expect((change["removedEntries"] as? [Any])?.isEmpty == true)
        // The hook's own trend commands do not run it again.
        #expect(cli.directory.read("record/environment") == cli.dataDirectory + "|1\n")
    }

    /// A command that changes the weigh-ins, after `setup`; what the hook hears.
    struct Change: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let command: String
        let added: Int
        let removed: Int
        let changed: Int
        let goalChanged: Bool
        var testDescription: String { "trend " + arguments.joined(separator: " ") }
    }

    static let changingCommands: [Change] = [
        Change(arguments: ["edit", "ID", "--weight", "81.5"], command: "edit", added: 0, removed: 0, changed: 1, goalChanged: false),
        Change(arguments: ["rm", "ID"], command: "remove", added: 0, removed: 1, changed: 0, goalChanged: false),
        Change(arguments: ["goal", "75"], command: "goal", added: 0, removed: 0, changed: 0, goalChanged: true),
        Change(arguments: ["import", "IMPORT"], command: "import", added: 2, removed: 0, changed: 0, goalChanged: false),
        Change(arguments: ["merge", "COPY"], command: "merge", added: 1, removed: 0, changed: 0, goalChanged: false),
        Change(arguments: ["undo"], command: "undo", added: 0, removed: 1, changed: 0, goalChanged: false),
    ]

    @Test("every command that changes the weigh-ins runs the hook once, saying what it did", arguments: changingCommands)
    func everyChange(_ change: Change) throws {
        let cli = try Self.harness(script: nil)
        try cli.ok("log", "80", "--date", "2026-11-28")
        let id = try #require(try cli.entries().first?["id"] as? String)
        try cli.directory.write("date,weight\n2026-11-01,82\n2026-11-02,81.8\n", to: "import.csv")
        try cli.directory.write(
            "{\"entries\": [{\"date\": \"2026-11-27T07:00:00+00:00\", \"id\": \"0000aaaa-0000-4000-8000-000000000001\", \"kilograms\": 80.2}], \"version\": 1}\n",
            to: "copy.json")
        try cli.directory.write(Self.recorder, to: "config/trend/hooks/post-change")
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: cli.directory.file("config/trend/hooks/post-change"))
        let arguments = change.arguments.map {
            switch $0 {
            case "ID": id
            case "IMPORT": cli.directory.file("import.csv")
            case "COPY": cli.directory.file("copy.json")
            default: $0
            }
        }
        try cli.binary.run(arguments, environment: cli.environment).expectSuccess()
        let heard = try Self.changes(cli)
        try #require(heard.count == 1)
        #expect(heard[0]["command"] as? String == change.command)
        #expect(heard[0]["added"] as? Int == change.added)
        #expect(heard[0]["removed"] as? Int == change.removed)
        #expect(heard[0]["changed"] as? Int == change.changed)
        #expect(heard[0]["goalChanged"] as? Bool == change.goalChanged)
        #expect((heard[0]["entries"] as? [Any])?.count == change.added + change.changed)
        #expect((heard[0]["removedEntries"] as? [[String: Any]])?.map { $0["id"] as? String } == (change.removed == 1 ? [id] : []))
    }

    @Test("commands that change nothing do not run it: reading, a dry run, a repeated weigh-in, settings")
    func nothingChanged() throws {
        let cli = try Self.harness(script: Self.recorder)
        try cli.ok("log", "80", "--date", "2026-11-28 07:00")
        try cli.directory.write("date,weight\n2026-11-01,82\n", to: "import.csv")
        for arguments in [
            ["list"], ["progress"], ["status"], ["export"], ["last"], ["info"], ["import", cli.directory.file("import.csv"), "--dry-run"],
            ["log", "80", "--date", "2026-11-28 07:01"], ["unit", "lb"], ["height", "180cm"], ["method", "libra"],
        ] {
            let result = try cli.binary.run(arguments, environment: cli.environment)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains("the hook ran"), "\(arguments)")
        }
        #expect(try Self.changes(cli).count == 1)
    }

    @Test("--no-hooks and TREND_NO_HOOKS=1 skip it; TREND_NO_HOOKS=0 does not")
    func skipped() throws {
        var cli = try Self.harness(script: Self.recorder)
        let flagged = try cli.ok("log", "80", "--no-hooks")
        #expect(!flagged.stderr.contains("the hook ran"))
        cli.extraEnvironment["TREND_NO_HOOKS"] = "1"
        #expect(try cli.ok("log", "80.4", "--date", "2026-11-29").stderr.isEmpty)
        #expect(try Self.changes(cli).isEmpty)
        cli.extraEnvironment["TREND_NO_HOOKS"] = "0"
        #expect(try cli.ok("log", "80.2", "--date", "2026-11-28").stderr == "the hook ran\n")
        #expect(try Self.changes(cli).count == 1)
        #expect(try cli.entries().count == 3)
    }

    @Test("without XDG_CONFIG_HOME the hook is found under ~/.config")
    func underHome() throws {
        var cli = try Self.harness(script: nil)
        cli.extraEnvironment["XDG_CONFIG_HOME"] = nil
        let hooks = cli.directory.file("home/.config/trend/hooks")
        try FileManager.default.createDirectory(atPath: hooks, withIntermediateDirectories: true)
        try cli.directory.write(Self.recorder, to: "home/.config/trend/hooks/post-change")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hooks + "/post-change")
        #expect(try cli.ok("log", "80").stderr == "the hook ran\n")
        #expect(try Self.changes(cli).count == 1)
    }

    @Test(
        "a hook others could change, or one not executable, is not run: a warning says why, once, and the change stands",
        arguments: [(0o775, "others can change it (mode 775; chmod go-w)"), (0o757, "others can change it (mode 757; chmod go-w)"),
                    (0o644, "it is not executable (chmod u+x)")])
    func unsafe(mode: Int, reason: String) throws {
        let cli = try Self.harness(script: Self.recorder, mode: mode)
        try cli.directory.write("date,weight\n2026-11-01,82\n", to: "a.csv")
        let result = try cli.ok("log", "80")
        let path = cli.directory.file("config/trend/hooks/post-change")
        #expect(result.stderr == "warning: the post-change hook \(path) was not run: \(reason)\n")
        #expect(try Self.changes(cli).isEmpty)
        #expect(try cli.entries().count == 1)
        #expect(try cli.ok("log", "80", "-q").stderr.isEmpty)
    }

    @Test("a directory where the hook would be is refused, and no hook at all says nothing")
    func notAFile() throws {
        let cli = try Self.harness(script: nil)
        #expect(try cli.ok("log", "80").stderr.isEmpty)
        try FileManager.default.createDirectory(atPath: cli.directory.file("config/trend/hooks/post-change"), withIntermediateDirectories: true)
        #expect(try cli.ok("log", "81", "--date", "2026-11-29").stderr.hasSuffix("was not run: it is not a regular file\n"))
    }

    @Test("a hook that fails or is killed is warned about; trend's exit status and the change stay as they were")
    func failing() throws {
        let cli = try Self.harness(script: "#!/bin/sh\necho 'no network' >&2\nexit 3\n")
        let result = try cli.run("log", "80")
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Logged 80.0 kg"))
        let path = cli.directory.file("config/trend/hooks/post-change")
        #expect(result.stderr == "no network\nwarning: the post-change hook \(path) exited with status 3; the change is kept\n")
        #expect(try cli.entries().count == 1)
        try cli.directory.write("#!/bin/sh\nkill -9 $$\n", to: "config/trend/hooks/post-change")
        let killed = try cli.run("undo")
        #expect(killed.status == 0)
        #expect(killed.stderr.hasSuffix("warning: the post-change hook \(path) was ended by signal 9; the change is kept\n"))
        #expect(cli.weightsFile == nil)
        // A file the system cannot start (no interpreter line) is a warning too.
        try cli.directory.write("echo hello\n", to: "config/trend/hooks/post-change")
        let unstartable = try cli.run("redo")
        #expect(unstartable.status == 0)
        #expect(unstartable.stderr.contains("warning: the post-change hook \(path) could not be started: "))
        #expect(try cli.entries().count == 1)
        // A failing command that changed nothing runs no hook.
        let refused = try cli.run("log", "nonsense")
        #expect(refused.status == 64 || refused.status == 65)
        #expect(!refused.stderr.contains("post-change"))
    }

    @Test("a hook that runs too long is stopped after its limit (10 s, or TREND_HOOK_TIME_LIMIT), with whatever it started, and the change stands")
    func timeLimit() throws {
        var cli = try Self.harness(script: "#!/bin/sh\nsleep 60 &\necho $! > \"$RECORD/child\"\nsleep 60\n")
        cli.extraEnvironment["TREND_HOOK_TIME_LIMIT"] = "1.5"
        let started = Date()
        let result = try cli.binary.run(["log", "80"], environment: cli.environment, timeout: 40)
        let seconds = Date().timeIntervalSince(started)
        #expect(result.status == 0)
        #expect(seconds >= 1.4 && seconds < 20, "took \(seconds) s")
        #expect(result.stderr.hasSuffix("ran longer than 1.5 s and was stopped; the change is kept\n"))
        #expect(try cli.entries().count == 1)
        let child = try #require(cli.directory.read("record/child").flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
        #expect(Wait.until(seconds: 10) { kill(child, 0) != 0 }, "the hook's background child is still running")
    }

    @Test("a long import reaches a hook whole; a hook that reads none of it is not waited on")
    func longInput() throws {
        let cli = try Self.harness(script: Self.recorder)
        let rows = (0..<5_000).map { "\(day($0))T07:00:00Z,\(60 + Double($0 % 400) / 10)\n" }
        try cli.directory.write("date,weight\n" + rows.joined(), to: "long.csv")
        try cli.ok("import", cli.directory.file("long.csv"), "--unit", "kg")
        let heard = try #require(try Self.changes(cli).first)
        #expect(heard["added"] as? Int == 5_000)
        #expect((heard["entries"] as? [Any])?.count == 5_000)
        try cli.directory.write("#!/bin/sh\nexit 0\n", to: "config/trend/hooks/post-change")
        let undone = try cli.binary.run(["undo"], environment: cli.environment, timeout: 30)
        #expect(undone.status == 0)
        #expect(!undone.stderr.contains("warning"))
        #expect(try cli.weightsFile == nil || cli.entries().isEmpty)
    }

    /// The hooks the guide shows, in order: git, curl, CSV.
    static func readmeHooks() throws -> [String] {
        let readme = try String(contentsOfFile: InstallTests.packageRoot + "/GUIDE.md", encoding: .utf8)
        return readme.components(separatedBy: "```sh\n#!/bin/sh\n").dropFirst().map { "#!/bin/sh\n" + $0.components(separatedBy: "```")[0] }
    }

    @Test("the guide's three hooks do what they say: commit to git, post the status, keep a CSV export", .enabled(if: Requirement.find("git") != nil, "git is not installed"))
    func readmeExamples() throws {
        let hooks = try Self.readmeHooks()
        try #require(hooks.count == 3)
        var cli = try Self.harness(script: nil)
        let bin = cli.directory.file("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: bin + "/trend", withDestinationPath: cli.binary.url.path)
        // A curl that records what it was asked to send.
        try cli.directory.write("#!/bin/sh\nprintf '%s\\n' \"$@\" > \"$RECORD/curl-arguments\"\ncat > \"$RECORD/curl-body\"\n", to: "bin/curl")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin + "/curl")
        cli.extraEnvironment["PATH"] = bin + ":/usr/bin:/bin"
        for name in ["GIT_AUTHOR_NAME", "GIT_COMMITTER_NAME"] { cli.extraEnvironment[name] = "Test" }
        for name in ["GIT_AUTHOR_EMAIL", "GIT_COMMITTER_EMAIL"] { cli.extraEnvironment[name] = "test@example.com" }
        func install(_ script: String) throws {
            try cli.directory.write(script, to: "config/trend/hooks/post-change")
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: cli.directory.file("config/trend/hooks/post-change"))
        }
        func git(_ arguments: String...) throws -> TrendBinary.Result {
            try TrendBinary(url: URL(fileURLWithPath: try #require(Requirement.find("git")))).run(["-C", cli.dataDirectory] + arguments, environment: cli.environment)
        }

        try cli.ok("log", "80", "--date", "2026-11-28", "--no-hooks")
        #expect(try git("init", "-q").status == 0)
        try install(hooks[0])
        #expect(try cli.ok("log", "80.4", "--date", "2026-11-29", "--note", "\"quoted\" note").stderr.isEmpty)
        #expect(!(try cli.ok("goal", "75").stderr.contains("warning")))
        #expect(try git("log", "--format=%s").stdout == "trend goal\ntrend log\n")
        #expect(try git("status", "--porcelain", "weights.json").stdout.isEmpty)

        try install(hooks[1])
        try cli.ok("log", "80.2", "--date", "2026-11-30 07:00")
        let body = try #require(cli.directory.read("record/curl-body"))
        let status = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
        #expect(status["trend"] is Double && status["unit"] as? String == "kg", "\(body)")
        #expect(cli.directory.read("record/curl-arguments")?.contains("https://example.com/hooks/weight\n") == true)

        try install(hooks[2])
        try FileManager.default.createDirectory(atPath: cli.directory.file("home/Documents"), withIntermediateDirectories: true)
        let removed = try cli.ok("rm", try #require(try cli.entries().first?["id"] as? String))
        #expect(removed.stderr.hasPrefix("Exported 2 weigh-ins to "), "\(removed.stderr)")
        let csv = try #require(cli.directory.read("home/Documents/weights.csv"))
        #expect(csv.hasPrefix("date,weight,unit,note\n2026-11-29T12:00:00+00:00,80.4,kg,\"\"\"quoted\"\" note\"\n"), "\(csv)")
        #expect(csv.split(separator: "\n").count == 3)
    }

    func day(_ n: Int) -> String {
        let date = Date(timeIntervalSince1970: 1_262_304_000 + Double(n) * 86_400)
        return ISO8601DateFormatter().string(from: date).prefix(10).description
    }
}

extension TrendBinary.Result {
    func expectSuccess(sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(status == 0, "\(stderr)", sourceLocation: sourceLocation)
    }
}
