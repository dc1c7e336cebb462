#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A child process started with `posix_spawn` and reaped with `waitpid` on
/// its own pid: no run loop, no SIGCHLD source, no termination handler
/// (Foundation's `Process` machinery was a suspect when the suite hung, and
/// a test needs none of it). The child runs in a process group of its own,
/// with no signal blocked whatever thread started it, so a time limit stops
/// whatever it started and a test's signal reaches it.
public final class SpawnedProcess {
    public let pid: pid_t
    private let command: String
    private var input: [UInt8]
    private var inputDescriptor: Int32
    private var ended: Termination?

    /// How the child ended: its exit status, or the signal that killed it.
    public struct Termination: Equatable, Sendable {
        public let status: Int32
        public let signal: Int32?
        public var exited: Bool { signal == nil }
    }

    /// What the child reads: nothing, or bytes through a pipe.
    public enum Input: Sendable {
        case none
        case bytes([UInt8])
    }

    /// Starts `path` with `arguments`; its output goes to the files named
    /// (created or truncated), or nowhere.
    public init(
        _ path: String, _ arguments: [String], environment: [String: String], currentDirectory: String? = nil, input: Input = .none,
        stdout: String? = nil, stderr: String? = nil
    ) throws {
        command = ([PathName(path).last] + arguments).joined(separator: " ")
        #if canImport(Glibc)
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #else
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var ends: [Int32] = [-1, -1]
        switch input {
        case .none:
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            self.input = []
        case .bytes(let bytes):
            guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
            _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
            _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
            posix_spawn_file_actions_adddup2(&actions, ends[0], 0)
            posix_spawn_file_actions_addclose(&actions, ends[0])
            self.input = bytes
        }
        posix_spawn_file_actions_addopen(&actions, 1, stdout ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, stderr ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        // Nothing else of this process reaches the child: not another test's
        // pipe (a reader would never see its end), not a lock the test holds
        // (a test waiting for the child to open it would see it at once).
        Self.closeTheRest(&actions, &attributes)
        // In another working directory through the shell (`posix_spawn_file_actions_addchdir_np` is not in every C library's headers).
        let words = currentDirectory.map { ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", $0, path] + arguments } ?? [path] + arguments
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp: [UnsafeMutablePointer<CChar>?] = environment.sorted { $0.key < $1.key }.map { strdup($0.key + "=" + $0.value) } + [nil]
        defer { envp.forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, words[0], &actions, &attributes, argv, envp)
        if ends[0] >= 0 { close(ends[0]) }
        guard status == 0 else {
            if ends[1] >= 0 { close(ends[1]) }
            throw POSIXError(POSIXErrorCode(rawValue: status) ?? .ENOENT)
        }
        pid = child
        inputDescriptor = ends[1]
        SpawnedProcess.ignoreBrokenPipes
        feed()
    }

    deinit {
        if inputDescriptor >= 0 { close(inputDescriptor) }
        // Never left running, nor as a zombie.
        if ended == nil {
            kill(-pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
    }

    #if canImport(Glibc)
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    /// glibc 2.34's `posix_spawn_file_actions_addclosefrom_np`, which its headers hide without `_GNU_SOURCE`.
    private static let closeFrom: CloseFrom? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np").map {
        unsafeBitCast($0, to: CloseFrom.self)
    }

    private static func closeTheRest(_ actions: inout posix_spawn_file_actions_t, _ attributes: inout posix_spawnattr_t) {
        if let closeFrom {
            _ = closeFrom(&actions, 3)
            return
        }
        // An older C library: each descriptor open now (one closed meanwhile by another thread is left alone).
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? [] {
            if let fd = Int32(name), fd > 2, fcntl(fd, F_GETFD) >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        }
    }
    #else
    private static func closeTheRest(_ actions: inout posix_spawn_file_actions_t?, _ attributes: inout posix_spawnattr_t?) {
        var flags: Int16 = 0
        posix_spawnattr_getflags(&attributes, &flags)
        posix_spawnattr_setflags(&attributes, flags | Int16(POSIX_SPAWN_CLOEXEC_DEFAULT))
    }
    #endif

    /// A child that stops reading its input must not kill the test process.
    private static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    /// Writes what the pipe takes now; closes it once all is written or the child is gone.
    private func feed() {
        guard inputDescriptor >= 0 else { return }
        while !input.isEmpty {
            let written = input.withUnsafeBytes { write(inputDescriptor, $0.baseAddress, $0.count) }
            if written > 0 {
                input.removeFirst(written)
            } else if written < 0 && errno == EINTR {
                continue
            } else if written < 0 && errno == EAGAIN {
                return
            } else {
                input = []
            }
        }
        close(inputDescriptor)
        inputDescriptor = -1
    }

    /// The child's end, reaped now if it has come (nil while it runs).
    public func checkEnded() -> Termination? {
        if let ended { return ended }
        feed()
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        guard result == pid else { return nil }
        let signal = status & 0x7f
        ended = signal == 0 ? Termination(status: (status >> 8) & 0xff, signal: nil) : Termination(status: 128 + signal, signal: signal)
        return ended
    }

    public var isRunning: Bool { checkEnded() == nil }

    /// A run that did not end within its time limit: it was killed, with
    /// everything it started, and the test fails instead of hanging.
    public struct TimedOut: Error, CustomStringConvertible {
        public let command: String
        public let seconds: Double
        public var description: String { "\(command) did not finish within \(seconds) s and was killed" }
    }

    /// Waits for the end, at most `seconds`; past that the child's process
    /// group is killed and the wait throws.
    @discardableResult
    public func wait(seconds: Double = 120) throws -> Termination {
        let deadline = Self.monotonicNow + seconds
        var pause: Int32 = 1
        while true {
            if let ended = checkEnded() { return ended }
            if Self.monotonicNow > deadline {
                kill(-pid, SIGKILL)
                kill(pid, SIGKILL)
                var status: Int32 = 0
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                ended = Termination(status: 137, signal: SIGKILL)
                throw TimedOut(command: command, seconds: seconds)
            }
            var ready = pollfd(fd: inputDescriptor, events: Int16(POLLOUT), revents: 0)
            _ = inputDescriptor >= 0 ? poll(&ready, 1, pause) : poll(nil, 0, pause)
            pause = min(pause * 2, 10)
        }
    }

    /// Sends `signal` to the child alone.
    public func send(_ number: Int32) {
        kill(pid, number)
    }

    static var monotonicNow: Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// The last component of a path, for messages.
private struct PathName {
    let last: String
    init(_ path: String) { last = path.split(separator: "/").last.map(String.init) ?? path }
}
