import ArgumentParsing
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

    /// Starts the hook opened as `descriptor` (checked there, SPEC §14) with
    /// `environment`, its standard input read from `input` (`other`, the
    /// pipe's write end, closed in the child), its standard output sent to
    /// our standard error, in a process group of its own (so a time limit
    /// stops whatever it started), and with default signal handling (we
    /// ignore SIGPIPE; it must not). On Linux the descriptor itself is run
    /// (`/proc/self/fd/N`, which works for scripts too, where `fexecve` on a
    /// close-on-exec descriptor does not); elsewhere the path, after checking
    /// that it is still the file opened. `path` is the hook's `$0`.
    static func spawnHook(_ path: String, descriptor: Int32, environment: [String: String], input: Int32, closing other: Int32) -> Result<pid_t, SpawnError> {
        #if canImport(Glibc)
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #else
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #endif
        guard posix_spawn_file_actions_init(&actions) == 0 else { return .failure(SpawnError(code: errno)) }
        defer { posix_spawn_file_actions_destroy(&actions) }
        guard posix_spawnattr_init(&attributes) == 0 else { return .failure(SpawnError(code: errno)) }
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawn_file_actions_adddup2(&actions, input, 0)
        posix_spawn_file_actions_addclose(&actions, other)
        posix_spawn_file_actions_adddup2(&actions, 2, 1)
        #if os(Linux)
        // dup2 onto itself clears close-on-exec in the child alone, so the kernel (and a script's interpreter) can open it.
        posix_spawn_file_actions_adddup2(&actions, descriptor, descriptor)
        let program = "/proc/self/fd/\(descriptor)"
        #else
        var opened = stat()
        var now = stat()
        guard fstat(descriptor, &opened) == 0, lstat(path, &now) == 0, opened.st_dev == now.st_dev, opened.st_ino == now.st_ino else {
            return .failure(SpawnError(code: ESTALE))
        }
        let program = path
        #endif
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let arguments: [UnsafeMutablePointer<CChar>?] = [strdup(path)]
        let variables: [UnsafeMutablePointer<CChar>?] = environment.sorted { $0.key < $1.key }.map { strdup($0.key + "=" + $0.value) }
        defer { (arguments + variables).forEach { free($0) } }
        var pid: pid_t = 0
        let status = (arguments + [nil]).withUnsafeBufferPointer { argv in
            (variables + [nil]).withUnsafeBufferPointer { envp in
                posix_spawn(&pid, program, &actions, &attributes, argv.baseAddress!, envp.baseAddress!)
            }
        }
        return status == 0 ? .success(pid) : .failure(SpawnError(code: status))
    }

    struct SpawnError: Error {
        let code: Int32
        var message: String { String(cString: strerror(code)) }
    }

    /// Waits for a child to end; its exit status as `waitpid` reports it.
    @discardableResult
    static func wait(for pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status
    }
}
