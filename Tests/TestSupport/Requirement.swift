import Foundation

/// What some tests need from the machine. A test that needs what is missing
/// is marked `.enabled(if:)` so the run shows it as skipped, never as passed.
public enum Requirement {
    /// Mounting a tmpfs, running as another user.
    public static let isRoot = getuid() == 0

    public static func installed(_ path: String) -> Bool {
        FileManager.default.isExecutableFile(atPath: path)
    }

    /// Where a program is installed: the usual places of Linux, Homebrew
    /// and MacPorts, then this process's PATH; nil when it is nowhere.
    public static func find(_ program: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":").map(String.init) ?? []
        let places = ["/usr/bin", "/bin", "/usr/local/bin", "/opt/homebrew/bin", "/opt/local/bin"] + path
        return places.map { $0 + "/" + program }.first { installed($0) }
    }

    public static let zsh = find("zsh")
    public static let fish = find("fish")

    /// util-linux `script`: runs a command on a pseudo-terminal (the BSD
    /// `script` on macOS takes other options).
    #if os(Linux)
    public static let hasScript = installed("/usr/bin/script")
    #else
    public static let hasScript = false
    #endif

    /// `/dev/full`, where every write fails with ENOSPC (Linux).
    public static let hasDevFull = FileManager.default.fileExists(atPath: "/dev/full")
}
