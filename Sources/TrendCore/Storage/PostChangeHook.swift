#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the post-change hook is (SPEC §14), and whether it is safe to run:
/// what `RecordLogFeature.postChangeHook` answers.
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
    /// owned by the user, executable by them, writable by no one else:
    /// checked on the descriptor it is opened as, which is what the front
    /// end then runs, so no file swapped in after the check is ever run.
    static func check(_ path: String, userID: UInt32 = UInt32(geteuid())) -> HookFinding {
        var link = stat()
        guard lstat(path, &link) == 0 else { return .absent }
        let isLink = Platform.isSymbolicLink(link)
        if isLink, UInt32(link.st_uid) != userID {
            return .refused(path: path, reason: .ownedByAnotherUser(uid: UInt32(link.st_uid)))
        }
        // A file that was not a link when looked at must not be one when opened.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (isLink ? 0 : O_NOFOLLOW))
        guard fd >= 0 else { return errno == ENOENT && !isLink ? .absent : .refused(path: path, reason: .notRegularFile) }
        var info = stat()
        let refusal: HookRefusal? =
            if fstat(fd, &info) != 0 || !Platform.isRegularFile(info) { .notRegularFile }
            else if UInt32(info.st_uid) != userID { .ownedByAnotherUser(uid: UInt32(info.st_uid)) }
            else if info.st_mode & (S_IWGRP | S_IWOTH) != 0 { .writableByGroupOrOthers(mode: UInt32(info.st_mode)) }
            else if info.st_mode & S_IXUSR == 0 { .notExecutable }
            else { nil }
        if let refusal {
            close(fd)
            return .refused(path: path, reason: refusal)
        }
        // Above the standard streams, so the child's own 0, 1 and 2 never cover it.
        guard fd <= 2 else { return .ready(path: path, descriptor: fd) }
        let moved = fcntl(fd, F_DUPFD_CLOEXEC, 3)
        close(fd)
        return moved >= 0 ? .ready(path: path, descriptor: moved) : .refused(path: path, reason: .notRegularFile)
    }
}
