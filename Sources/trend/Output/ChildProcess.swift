#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Child processes the front end starts (the pager): never the library's
/// business, since a GUI linking TrendCore must not have processes started
/// under it.
enum ChildProcess {
    /// Starts `/bin/sh -c command` with its standard input read from
    /// `input`; `other` (the pipe's write end) is closed in the child.
    static func spawnShell(_ command: String, input: Int32, closing other: Int32) -> pid_t? {
        #if canImport(Glibc)
        var actions = posix_spawn_file_actions_t()
        #else
        var actions: posix_spawn_file_actions_t?
        #endif
        guard posix_spawn_file_actions_init(&actions) == 0 else { return nil }
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input, 0)
        posix_spawn_file_actions_addclose(&actions, other)
        let words: [String] = ["/bin/sh", "-c", command]
        let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) }
        defer { arguments.forEach { free($0) } }
        #if canImport(Glibc)
        let environment = environ
        #else
        let environment = _NSGetEnviron()!.pointee
        #endif
        var pid: pid_t = 0
        let status = (arguments + [nil]).withUnsafeBufferPointer { argv in
            posix_spawn(&pid, "/bin/sh", &actions, nil, argv.baseAddress!, environment)
        }
        return status == 0 ? pid : nil
    }

    /// Waits for a child to end; its exit status as `waitpid` reports it.
    @discardableResult
    static func wait(for pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status
    }
}
