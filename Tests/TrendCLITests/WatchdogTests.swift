import Foundation
import Testing
import TestSupport

/// What `.ci/run` relies on beyond the tests themselves (SPEC §14).
@Suite("The CI watchdog")
struct WatchdogTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Running: neither gone nor a zombie waiting to be reaped.
    func isAlive(_ pid: Int32) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
        return !(stat.split(separator: ")").last?.trimmingCharacters(in: .whitespaces).hasPrefix("Z") ?? false)
    }

    @Test("the watchdog kills a run past its limit with everything it started, and names the tests that never ended",
          .enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/setsid"), "needs util-linux setsid"))
    func watchdog() throws {
        let dir = try TemporaryDirectory()
        let script = """
            echo '◇ Test "quick" started.'
            echo '✔ Test "quick" passed after 0.1 seconds.'
            echo '◇ Test "waits for ever" started.'
            sleep 600 & echo $! > \(dir.file("child"))
            wait
            """
        try dir.write(script, to: "hung.sh")
        let watchdog = Self.packageRoot.appendingPathComponent(".ci/watchdog").path
        let result = try TrendBinary(url: URL(fileURLWithPath: watchdog)).run(["2", "/bin/bash", dir.file("hung.sh")], environment: ["PATH": "/usr/bin:/bin"], timeout: 60)
        #expect(result.status == 124)
        #expect(result.stderr.contains("ran longer than 2 s"), "\(result.stderr)")
        #expect(result.stderr.contains("\"waits for ever\""))
        #expect(!result.stderr.contains("\"quick\""))
        let child = try #require(Int32(dir.read("child")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""))
        #expect(Wait.until(seconds: 10) { !isAlive(child) }, "the command's own child was left running")
        let passing = try TrendBinary(url: URL(fileURLWithPath: watchdog)).run(["60", "/bin/sh", "-c", "echo fine; exit 3"], environment: ["PATH": "/usr/bin:/bin"])
        #expect(passing.status == 3)
        #expect(passing.stdout == "fine\n")
    }
}
