import Foundation
import Testing
import TestSupport

/// SPEC §2, proven by causing each fault against the real binary.
@Suite("Never lose a weigh-in", .serialized)
struct SafetyTests {
    static let isRoot = Requirement.isRoot

    /// Mounts a tmpfs of `kilobytes` (root only); nil where mounting is not allowed.
    func tinyFileSystem(at path: String, kilobytes: Int) -> Bool {
        guard Self.isRoot else { return false }
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return shell("mount -t tmpfs -o size=\(kilobytes)k tmpfs '\(path)'") == 0
    }

    /// Starts `trend` with `arguments` against the harness's data directory,
    /// without waiting: the caller signals it.
    func start(_ cli: CLIHarness, _ arguments: [String]) throws -> SpawnedProcess {
        try SpawnedProcess(cli.binary.url.path, arguments, environment: cli.environment)
    }

    @discardableResult
    func shell(_ command: String) -> Int32 {
        guard let process = try? SpawnedProcess("/bin/sh", ["-c", command], environment: ["PATH": "/usr/bin:/bin:/sbin:/usr/sbin"]),
            let ended = try? process.wait()
        else { return -1 }
        return ended.status
    }

    @Test("8 processes logging 25 weigh-ins each at once lose none")
    func concurrentWriters() throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80", "--date", "2026-01-01")
        let processes = try (0..<8).map { p in
            try SpawnedProcess(
                "/bin/sh", ["-c", "for i in $(seq 1 25); do \"$0\" log 70.$i --note p\(p)-$i --force -q || exit 1; done", cli.binary.url.path],
                environment: cli.environment)
        }
        for process in processes {
            #expect(try process.wait().status == 0)
        }
        let notes = try cli.entries().compactMap { $0["note"] as? String }
        #expect(notes.count == 200)
        #expect(Set(notes).count == 200)
        let listed = try cli.ok("list", "--format", "json")
        #expect((try cli.json(listed.stdout) as? [Any])?.count == 201)
    }

    @Test("killing a writer at any moment leaves the old file or the old plus one")
    func killedWriters() throws {
        let cli = try CLIHarness()
        for day in 1...20 { try cli.ok("log", "80", "--date", "2026-01-\(day < 10 ? "0" : "")\(day)", "-q") }
        var count = 20
        var generator = SeededGenerator(seed: 60)
        for round in 0..<60 {
            // --force: 81 is far from this history's trend (60), and the
            // guard's refusal (65) is not what is tested here; a writer that
            // finishes before its signal must add the weigh-in.
            let process = try start(cli, ["log", "81", "--force", "--note", "round \(round)", "-q"])
            usleep(UInt32(round % 20 * 400) + UInt32.random(in: 0..<300, using: &generator))
            process.send(SIGKILL)
            try process.wait()
            let entries = try cli.entries()
            #expect(entries.count == count || entries.count == count + 1, "round \(round)")
            count = entries.count
        }
        // The next writer cleans up what killed writers left.
        try cli.ok("log", "82", "-q")
        let names = try FileManager.default.contentsOfDirectory(atPath: cli.dataDirectory).filter { !$0.hasPrefix(".weights.json.undo") }
        #expect(names.sorted() == ["weights.json", "weights.json.lock"])
    }

    @Test("SIGTERM, SIGINT, SIGHUP and SIGQUIT exit 128 + N, leaving no temporary file", .enabled(if: Wait.canInspectProcesses), arguments: [
        (Int32(SIGTERM), Int32(143)), (Int32(SIGINT), Int32(130)), (Int32(SIGHUP), Int32(129)), (Int32(SIGQUIT), Int32(131)),
    ])
    func interrupted(signal: Int32, status: Int32) throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80", "--date", "2026-01-01")
        let before = cli.weightsFile
        // Hold the lock so the writer is waiting when the signal arrives.
        let lock = open(cli.weightsPath + ".lock", O_RDWR)
        #expect(flock(lock, LOCK_EX) == 0)
        let process = try start(cli, ["log", "81"])
        // Waiting for the lock: it has the lock file open (its signal handlers are in place by then).
        #expect(Wait.until { Wait.process(process.pid, hasOpen: cli.weightsPath + ".lock") == true })
        process.send(signal)
        let ended = try process.wait()
        close(lock)
        #expect(ended.exited)
        #expect(ended.status == status)
        #expect(cli.weightsFile == before)
        let names = try FileManager.default.contentsOfDirectory(atPath: cli.dataDirectory).filter { !$0.hasPrefix(".weights.json.undo") }
        #expect(names.sorted() == ["weights.json", "weights.json.lock"])
    }

    @Test("a signal at any moment of a write: 128 + N means nothing changed, 0 means the weigh-in was added once; never a temporary file")
    func terminatedWriters() throws {
        let cli = try CLIHarness()
        // A history large enough that a write takes a while.
        try cli.writeNumberedHistory(count: 20_000)
        var count = 20_000
        var generator = SeededGenerator(seed: 20_000)
        for round in 0..<30 {
            // --force: 81 is far from this history's trend (60); a writer that
            // finishes before its signal must add the weigh-in, not be refused.
            let process = try start(cli, ["log", "81", "--force", "--note", "round \(round)", "-q"])
            usleep(UInt32(round % 10 * 3_000) + UInt32.random(in: 0..<2_000, using: &generator))
            let signal = [SIGTERM, SIGINT, SIGHUP, SIGQUIT][round % 4]
            process.send(signal)
            let ended = try process.wait()
            // Exited 128 + N through its handler, or, signalled before its
            // handlers were set up, ended by the signal itself: either way
            // nothing was changed, and a shell reports both as 128 + N.
            #expect(ended.exited || ended.signal == signal, "round \(round): \(ended)")
            let status = ended.status
            #expect(status == 128 + signal || status == 0, "round \(round): \(status)")
            // Killed before it took the lock, there is no lock file yet; never a temporary file.
            let names = try FileManager.default.contentsOfDirectory(atPath: cli.dataDirectory).filter { !$0.hasPrefix(".weights.json.undo") }
            #expect(!names.contains { $0.contains(".tmp-") }, "round \(round): \(names)")
            let entries = try cli.entries().count
            #expect(entries == (status == 0 ? count + 1 : count), "round \(round): exit \(status), \(count) -> \(entries)")
            count = entries
        }
    }

    @Test("a lock held by another process is waited for (10 s, or TREND_LOCK_WAIT), then exit 75")
    func lockBusy() throws {
        var cli = try CLIHarness()
        cli.extraEnvironment["TREND_LOCK_WAIT"] = "0.5"
        try cli.ok("log", "80", "--date", "2026-01-01")
        let before = cli.weightsFile
        let lock = open(cli.weightsPath + ".lock", O_RDWR)
        #expect(flock(lock, LOCK_EX) == 0)
        let started = Date()
        let result = try cli.run("log", "81")
        close(lock)
        #expect(result.status == 75)
        #expect(result.stderr.contains("another trend process is writing \(cli.weightsPath); try again"))
        #expect(Date().timeIntervalSince(started) >= 0.45)
        #expect(cli.weightsFile == before)
    }

    // Where this cannot run, the storage function's injected ENOSPC (DurableFileTests) still does.
    @Test("a full disk leaves the old file byte-identical and exits 74", .enabled(if: Requirement.isRoot, "mounting a tmpfs needs root"))
    func diskFull() throws {
        let cli = try CLIHarness()
        let mount = cli.directory.file("tiny")
        try #require(tinyFileSystem(at: mount, kilobytes: 64), "mount -t tmpfs failed")
        defer { shell("umount '\(mount)'") }
        let environment = TrendBinary.environment(dataDirectory: mount + "/data")
        for day in 1...9 {
            let logged = try cli.binary.run(["log", "80", "--date", "2026-01-0\(day)", "--note", String(repeating: "n", count: 200)], environment: environment)
            #expect(logged.status == 0, "\(logged.stderr)")
        }
        let path = mount + "/data/weights.json"
        let before = try #require(FileManager.default.contents(atPath: path))
        // Fill what is left.
        shell("cat /dev/zero > '\(mount)/filler' 2>/dev/null")
        let result = try cli.binary.run(["log", "81", "--note", String(repeating: "x", count: 300)], environment: environment)
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.contains(path))
        #expect(FileManager.default.contents(atPath: path) == before)
        let names = try FileManager.default.contentsOfDirectory(atPath: mount + "/data").filter { !$0.hasPrefix(".weights.json.undo") }
        #expect(names.sorted() == ["weights.json", "weights.json.lock"])
    }

    @Test("a read-only file system exits 74 and changes nothing", .enabled(if: Requirement.isRoot, "mounting a tmpfs needs root"))
    func readOnlyFileSystem() throws {
        let cli = try CLIHarness()
        let mount = cli.directory.file("ro")
        try #require(tinyFileSystem(at: mount, kilobytes: 256), "mount -t tmpfs failed")
        defer { shell("umount '\(mount)'") }
        let environment = TrendBinary.environment(dataDirectory: mount + "/data")
        #expect(try cli.binary.run(["log", "80", "--date", "2026-01-01"], environment: environment).status == 0)
        let before = FileManager.default.contents(atPath: mount + "/data/weights.json")
        #expect(shell("mount -o remount,ro '\(mount)'") == 0)
        let result = try cli.binary.run(["log", "81"], environment: environment)
        #expect(result.status == 74, "\(result.stderr)")
        #expect(FileManager.default.contents(atPath: mount + "/data/weights.json") == before)
        #expect(try cli.binary.run(["list"], environment: environment).status == 0)
    }

    /// Runs as `nobody` when we are root, since root ignores permissions.
    func runUnprivileged(_ cli: CLIHarness, _ arguments: [String]) throws -> TrendBinary.Result {
        guard Self.isRoot else { return try cli.binary.run(arguments, environment: cli.environment) }
        return try TrendBinary(url: URL(fileURLWithPath: "/usr/bin/setpriv")).run(
            ["--reuid=65534", "--regid=65534", "--clear-groups", cli.binary.url.path] + arguments, environment: cli.environment)
    }

    @Test("a directory it may not write to exits 77; the file is unchanged")
    func permissionDenied() throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80", "--date", "2026-01-01")
        try cli.ok("log", "81", "--date", "2026-01-02")
        let before = cli.weightsFile
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: cli.directory.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: cli.dataDirectory)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: cli.weightsPath)
        let result = try runUnprivileged(cli, ["log", "82"])
        #expect(result.status == 77, "\(result.stderr)")
        #expect(result.stderr.contains("permission denied"))
        #expect(cli.weightsFile == before)
        // Reading is still allowed.
        #expect(try runUnprivileged(cli, ["list"]).status == 0)
    }

    @Test("an unreadable data file exits 77")
    func unreadable() throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80", "--date", "2026-01-01")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: cli.directory.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: cli.dataDirectory)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: cli.weightsPath)
        let result = try runUnprivileged(cli, ["list"])
        #expect(result.status == 77, "\(result.stderr)")
    }

    @Test("a data directory that cannot be created exits 73")
    func cannotCreate() throws {
        let cli = try CLIHarness()
        try cli.directory.write("a file", to: "blocker")
        let environment = TrendBinary.environment(dataDirectory: cli.directory.file("blocker/data"))
        let result = try cli.binary.run(["log", "80"], environment: environment)
        #expect(result.status == 73, "\(result.stderr)")
        #expect(try cli.binary.run(["unit", "lb"], environment: environment).status == 73)
    }

    @Test("with no home at all, writing exits 73 naming HOME and TREND_DATA_DIR", .enabled(if: Requirement.isRoot, "running as a uid without a home needs root"))
    func noHome() throws {
        let cli = try CLIHarness()
        // A uid with no password entry has no home to fall back on.
        let result = try TrendBinary(url: URL(fileURLWithPath: "/usr/bin/setpriv")).run(
            ["--reuid=54321", "--regid=54321", "--clear-groups", cli.binary.url.path, "log", "80"], environment: ["PATH": "/usr/bin:/bin"])
        #expect(result.status == 73, "\(result.stderr)")
        #expect(result.stderr.contains("HOME") && result.stderr.contains("TREND_DATA_DIR"))
    }

    @Test("a symlinked data file stays a symlink; mode 0640 is kept")
    func symlinkAndMode() throws {
        let cli = try CLIHarness()
        let real = cli.directory.file("synced/weights.json")
        try FileManager.default.createDirectory(atPath: cli.directory.file("synced"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: cli.dataDirectory, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: cli.weightsPath, withDestinationPath: real)
        try cli.ok("log", "80", "--date", "2026-01-01")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: real)
        try cli.ok("log", "81", "--date", "2026-01-02")
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: cli.weightsPath)
        #expect(link == real)
        #expect(try FileManager.default.attributesOfItem(atPath: real)[.posixPermissions] as? Int == 0o640)
        #expect(try cli.entries().count == 2)
    }

    static let damaged: [(String, String)] = [
        ("", "the file is empty"),
        ("{\"entries\": [{\"date\": \"2026-01-01T07:00:00+00:00\", \"id\": \"abcd1111-0000-4000-8000-000000000001\", \"kilo", "unterminated"),
        ("{\"entries\": [], \"version\": 1}\u{0}\u{0}", "after the end"),
        ("{\"entries\": [{\"date\": \"2026-01-01T07:00:00+00:00\", \"id\": \"abcd1111-0000-4000-8000-000000000001\", \"kilograms\": true}], \"version\": 1}", "not a boolean"),
        ("{\"entries\": [{\"date\": \"2026-01-01T07:00:00+00:00\", \"id\": \"abcd1111-0000-4000-8000-000000000001\", \"kilograms\": 80}, {\"date\": \"2026-01-02T07:00:00+00:00\", \"id\": \"abcd1111-0000-4000-8000-000000000001\", \"kilograms\": 80}], \"version\": 1}", "appears twice"),
        ("{\"entries\": [], \"version\": 1} trailing", "after the end"),
    ]

    @Test("each damaged file: exit 65, byte-identical afterwards, trend unit still works", arguments: damaged)
    func damagedFiles(text: String, reason: String) throws {
        let cli = try CLIHarness()
        try cli.writeWeights(text)
        let before = cli.weightsFile
        for command in [["log", "80"], ["progress"], ["edit", "abcd", "--weight", "81"]] {
            let result = try cli.binary.run(command, environment: cli.environment)
            #expect(result.status == 65, "\(command) \(result.stderr)")
            #expect(result.stderr.contains(cli.weightsPath))
            #expect(result.stderr.contains(reason), "\(result.stderr)")
        }
        #expect(cli.weightsFile == before)
        try cli.ok("unit", "lb")
        #expect(cli.weightsFile == before)
    }
}

/// Issue "Tests that pass…", item 5: a damaged settings file never changes a number silently.
@Suite("Damaged settings")
struct DamagedSettingsTests {
    @Test("a damaged settings.json stops every command that needs it, --unit or not, naming the file; help still works", arguments: [
        ["progress"], ["progress", "--unit", "lb"], ["list", "--unit", "kg"], ["log", "80", "--unit", "lb"], ["export"], ["last"], ["unit"], ["unit", "kg"], ["method"],
    ])
    func damagedSettings(arguments: [String]) throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80", "--date", "2026-11-01")
        try cli.directory.write("{\"method\": \"libra\", \"unit\": \"kg\", \"version\": 2,", to: "data/settings.json")
        let settings = cli.directory.bytes("data/settings.json")
        let weights = cli.weightsFile
        let result = try cli.binary.run(arguments, environment: cli.environment)
        #expect(result.status == 65, "\(arguments): \(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("settings.json"), "\(result.stderr)")
        #expect(cli.directory.bytes("data/settings.json") == settings)
        #expect(cli.weightsFile == weights)
        #expect(try cli.run("--help").status == 0)
        #expect(try cli.run("help", "progress").status == 0)
    }
}
