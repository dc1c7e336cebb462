#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParsing
import TrendCore

/// Runs the post-change hook once for each change a command wrote (SPEC
/// §14): the change as JSON on its standard input, `TREND_DATA_DIR` set, its
/// output on our standard error, at most `limits.hookSeconds` (10 s).
/// A hook is told about a change that is already in place: whatever it does,
/// trend's exit status stays the change's, and nothing is undone.
@MainActor
struct HookRunner {
    let console: Console
    let environment: [String: String]
    let noHooksFlag: Bool
    let dataDirectory: DataDirectory
    let command: String
    let commandLine: String
    let timeLimit: Double

    func run(for app: AppModel) {
        let changes = app.recordLogFeature.changes
        guard !changes.isEmpty, let dataDirectory = dataDirectory.path, let dataFile = self.dataDirectory.weightsPath else { return }
        switch app.postChangeHook(environment: environment, noHooksFlag: noHooksFlag) {
        case .disabled, .absent:
            return
        case .refused(let path, let reason):
            console.message("warning: the post-change hook \(path.terminalSafe) was not run: \(reason.message)\n")
        case .ready(let path, let descriptor):
            defer { close(descriptor) }
            let variables = HookFinding.environment(from: environment, dataDirectory: dataDirectory)
            console.flush()
            for change in changes {
                // A change the dashboard made is told as the command that would have made it, as the journal tells it.
                let context = ChangeDocument.Context(
                    command: change.command.map { String($0.prefix { $0 != " " }) } ?? command, commandLine: change.command.map { "trend " + $0 } ?? commandLine,
                    dataFile: dataFile)
                if let problem = Self.run(path, descriptor: descriptor, environment: variables, timeLimit: timeLimit, input: { ChangeDocument.json(change, context: context, write: $0) }) {
                    console.message("warning: the post-change hook \(path.terminalSafe) \(problem); the change is kept\n")
                }
            }
        }
    }

    /// What went wrong, in words after the hook's name; nil when it exited 0.
    private static func run(
        _ path: String, descriptor: Int32, environment: [String: String], timeLimit: Double, input: (@escaping ([UInt8]) -> Void) -> Void
    ) -> String? {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return "could not be started: \(String(cString: strerror(errno)))" }
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        let pid: pid_t
        switch ChildProcess.spawnHook(path, descriptor: descriptor, environment: environment, input: ends[0], closing: ends[1]) {
        case .success(let started): pid = started
        case .failure(let error):
            close(ends[0])
            close(ends[1])
            return "could not be started: \(error.message)"
        }
        close(ends[0])
        let deadline = Deadline(seconds: timeLimit)
        let feed = HookInput(descriptor: ends[1], deadline: deadline)
        input { feed.send($0) }
        close(ends[1])
        guard !feed.timedOut, let status = Self.wait(for: pid, until: deadline) else {
            Self.stop(group: pid)
            return "ran longer than \(WaitLimits.text(timeLimit)) and was stopped"
        }
        let signal = status & 0x7f
        if signal != 0 { return "was ended by signal \(signal)" }
        let code = (status >> 8) & 0xff
        return code == 0 ? nil : "exited with status \(code)"
    }

    /// The exit status, or nil when the deadline came first. Checks often at
    /// first (most hooks are quick), then every 20 ms.
    private static func wait(for pid: pid_t, until deadline: Deadline) -> Int32? {
        var status: Int32 = 0
        var pause: Int32 = 1
        while true {
            let ended = waitpid(pid, &status, WNOHANG)
            if ended == pid { return status }
            if ended < 0 && errno != EINTR { return 0 }
            guard !deadline.hasPassed else { return nil }
            _ = poll(nil, 0, pause)
            pause = min(pause * 2, 20)
        }
    }

    /// SIGTERM to the hook's process group, SIGKILL a second later if it is
    /// still there; then the hook is reaped.
    private static func stop(group pid: pid_t) {
        kill(-pid, SIGTERM)
        let grace = Deadline(seconds: 1)
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 && !grace.hasPassed { _ = poll(nil, 0, 10) }
        kill(-pid, SIGKILL)
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
}

/// A moment on the monotonic clock.
private struct Deadline {
    let nanoseconds: UInt64

    init(seconds: Double) {
        nanoseconds = Deadline.now + UInt64(seconds * 1_000_000_000)
    }

    static var now: UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    var hasPassed: Bool { Deadline.now >= nanoseconds }
    var millisecondsLeft: Int32 { hasPassed ? 0 : Int32(min((nanoseconds - Deadline.now) / 1_000_000 + 1, 10_000)) }
}

/// The hook's standard input: written without blocking past the deadline;
/// a hook that does not read it (EPIPE) is not an error.
private final class HookInput {
    let descriptor: Int32
    let deadline: Deadline
    private(set) var timedOut = false
    private var closed = false

    init(descriptor: Int32, deadline: Deadline) {
        self.descriptor = descriptor
        self.deadline = deadline
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }

    func send(_ bytes: [UInt8]) {
        guard !closed, !timedOut else { return }
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else if written < 0 && errno == EAGAIN {
                    var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    if deadline.hasPassed || poll(&ready, 1, deadline.millisecondsLeft) == 0 && deadline.hasPassed {
                        timedOut = true
                        return
                    }
                } else {
                    closed = true
                    return
                }
            }
        }
    }
}
