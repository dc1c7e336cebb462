/// The program a user asks trend to run after each change to the weigh-ins
/// (SPEC §14), as git runs its hooks: whether there is one and may be run.
/// Finding it is the library's; starting it is the front end's (a GUI
/// linking TrendCore decides how it starts processes).
public enum HookFinding: Equatable, Sendable {
    /// What a hook runs with: ours, with the data directory named, and
    /// `TREND_NO_HOOKS` set so that the hook's own trend commands do not run it again.
    public static func environment(from environment: [String: String], dataDirectory: String) -> [String: String] {
        var variables = environment
        variables["TREND_DATA_DIR"] = dataDirectory
        variables["TREND_NO_HOOKS"] = "1"
        return variables
    }

    /// `--no-hooks`, or `TREND_NO_HOOKS` set (and not `0`).
    case disabled
    /// No hook there: nothing to run, nothing to say.
    case absent
    /// A file is there but is not run, for this reason.
    case refused(path: String, reason: HookRefusal)
    /// Safe to run: opened as `descriptor` and checked there. The front end
    /// runs that descriptor (never the path, which another user who can
    /// write the folder may have swapped since) and then closes it.
    case ready(path: String, descriptor: Int32)
}

/// Why a hook is not run: anything another user could have written is
/// never executed with the user's data and rights.
public enum HookRefusal: Equatable, Sendable {
    case notRegularFile
    case notExecutable
    case ownedByAnotherUser(uid: UInt32)
    case writableByGroupOrOthers(mode: UInt32)

    public var message: String {
        switch self {
        case .notRegularFile: "it is not a regular file"
        case .notExecutable: "it is not executable (chmod u+x)"
        case .ownedByAnotherUser(let uid): "it belongs to another user (uid \(uid))"
        case .writableByGroupOrOthers(let mode): "others can change it (mode \(String(mode & 0o777, radix: 8)); chmod go-w)"
        }
    }
}
