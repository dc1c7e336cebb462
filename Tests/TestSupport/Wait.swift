import Foundation

/// Waiting for what a test needs (a file, a line, a process reaching a
/// point) rather than for a guessed time: polled, with a limit, so a
/// regression fails the test instead of hanging the suite.
public enum Wait {
    /// True once `condition` holds; false when `seconds` passed first.
    @discardableResult
    public static func until(seconds: Double = 30, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            if try condition() { return true }
            if Date() > deadline { return false }
            usleep(2_000)
        }
    }

    /// Whether process `pid` has `path` open (Linux: its /proc/PID/fd
    /// links); nil where the system has no /proc.
    public static func process(_ pid: Int32, hasOpen path: String) -> Bool? {
        let folder = "/proc/\(pid)/fd"
        guard FileManager.default.fileExists(atPath: "/proc/self/fd") else { return nil }
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        guard let descriptors = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return false }
        return descriptors.contains { name in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + name)) == target
        }
    }

    /// Whether this system can say which files a process has open.
    public static let canInspectProcesses = FileManager.default.fileExists(atPath: "/proc/self/fd")
}
