#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the post-change hook is (SPEC §14), and whether it is safe to run:
/// what `WeightLogFeature.postChangeHook` answers.
enum PostChangeHook {
    /// `$XDG_CONFIG_HOME/trend/hooks/post-change` when that is absolute,
    /// else under `$HOME/.config` (or the password database's home).
    static func path(environment: [String: String], passwordDatabaseHome: () -> String? = DataDirectory.passwordDatabaseHome) -> String? {
        if let value = environment["XDG_CONFIG_HOME"], value.hasPrefix("/") { return value + "/trend/hooks/post-change" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.config/trend/hooks/post-change" }
        if let home = passwordDatabaseHome(), !home.isEmpty { return home + "/.config/trend/hooks/post-change" }
        return nil
    }

    static func isDisabled(environment: [String: String], noHooksFlag: Bool) -> Bool {
        if noHooksFlag { return true }
        guard let value = environment["TREND_NO_HOOKS"] else { return false }
        return !value.isEmpty && value != "0"
    }

    static func find(
        environment: [String: String], noHooksFlag: Bool, userID: UInt32 = UInt32(geteuid()),
        passwordDatabaseHome: () -> String? = DataDirectory.passwordDatabaseHome
    ) -> HookFinding {
        if isDisabled(environment: environment, noHooksFlag: noHooksFlag) { return .disabled }
        guard let path = path(environment: environment, passwordDatabaseHome: passwordDatabaseHome) else { return .absent }
        return check(path, userID: userID)
    }

    /// A regular file (a symlink's target, the link too being the user's),
    /// owned by the user, executable by them, writable by no one else.
    static func check(_ path: String, userID: UInt32 = UInt32(geteuid())) -> HookFinding {
        var link = stat()
        guard lstat(path, &link) == 0 else { return .absent }
        if link.st_mode & S_IFMT == S_IFLNK, UInt32(link.st_uid) != userID {
            return .refused(path: path, reason: .ownedByAnotherUser(uid: UInt32(link.st_uid)))
        }
        var info = stat()
        guard stat(path, &info) == 0 else { return .refused(path: path, reason: .notRegularFile) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .refused(path: path, reason: .notRegularFile) }
        guard UInt32(info.st_uid) == userID else { return .refused(path: path, reason: .ownedByAnotherUser(uid: UInt32(info.st_uid))) }
        guard info.st_mode & (S_IWGRP | S_IWOTH) == 0 else {
            return .refused(path: path, reason: .writableByGroupOrOthers(mode: UInt32(info.st_mode)))
        }
        guard info.st_mode & S_IXUSR != 0 else { return .refused(path: path, reason: .notExecutable) }
        return .ready(path: path)
    }
}
