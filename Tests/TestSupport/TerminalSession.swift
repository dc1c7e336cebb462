#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A program in a terminal that tmux keeps: keys typed into it, and the
/// screen as a person sees it, read back (`capture-pane`). For what only a
/// terminal shows: shell completion, the chart.
///
/// tmux is started with `posix_spawn` and `waitpid`, not `Process`: its
/// server keeps descriptors that `Process` waits on, so it would never see
/// the client end.
public final class TerminalSession {
    let name: String
    let tmux: String
    let scratch: TemporaryDirectory

    public init(command: String, environment: [String: String], columns: Int = 100, rows: Int = 30) throws {
        tmux = Requirement.find("tmux") ?? "/usr/bin/tmux"
        scratch = try TemporaryDirectory()
        // Unique without a random number: the scratch folder's own name (trend-test-XXXXXX).
        name = String(scratch.path.split(separator: "/").last ?? "trend-test")
        var variables: [String] = []
        for (key, value) in environment.sorted(by: { $0.key < $1.key }) { variables += ["-e", "\(key)=\(value)"] }
        let status = run(["new-session", "-d", "-s", name, "-x", String(columns), "-y", String(rows)] + variables + [command], environment: environment)
        guard status == 0 else { throw CocoaError(.executableLoad) }
    }

    /// Runs tmux on this session's server; its output goes to `output` when given.
    @discardableResult
    func run(_ arguments: [String], environment: [String: String] = ["PATH": "/usr/bin:/bin"], output: String? = nil) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // The signals this thread blocks (a test runs on a pool thread that blocks most) are not
        // handed on: a tmux server that inherits a blocked SIGCHLD never finishes a run-shell, and
        // every program in its panes inherits the mask too.
        #if canImport(Glibc)
        var attributes = posix_spawnattr_t()
        #else
        var attributes: posix_spawnattr_t?
        #endif
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD, SIGTSTP, SIGTTIN, SIGTTOU, SIGCONT, SIGWINCH] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let words = [tmux, "-L", name] + arguments
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, tmux, &actions, &attributes, argv, envp) == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (status >> 8) & 0xFF
    }

    /// Types `keys` (a tab is `\t`); `enter` presses Return after them.
    public func type(_ keys: String, enter: Bool = false) throws {
        run(["send-keys", "-t", name, "-l", keys])
        if enter { run(["send-keys", "-t", name, "Enter"]) }
    }

    /// The screen now, as text (`escapes`: with its colours).
    public func screen(escapes: Bool = false) -> String {
        let file = scratch.file("screen")
        run(["capture-pane", "-p", "-t", name] + (escapes ? ["-e"] : []), output: file)
        return scratch.read("screen") ?? ""
    }

    public var text: String { screen() }

    /// True once the screen shows `expected`; false after `seconds`.
    public func waitFor(_ expected: String, seconds: Double = 20) -> Bool {
        Wait.until(seconds: seconds) { screen().contains(expected) }
    }

    /// Makes the window `columns` by `rows`, as a person dragging its corner would.
    public func resize(columns: Int, rows: Int) {
        run(["resize-window", "-t", name, "-x", String(columns), "-y", String(rows)])
    }

    /// Presses a key by tmux's name for it (`Escape`, `Tab`, `Up`, `C-c`).
    public func press(_ key: String) {
        run(["send-keys", "-t", name, key])
    }

    /// Pastes `text` as a terminal does: bracketed (`ESC [200~ … ESC [201~`)
    /// when the program asked for bracketed paste, as typed keys otherwise.
    public func paste(_ text: String) {
        run(["set-buffer", "-b", "test-paste", "--", text])
        run(["paste-buffer", "-p", "-d", "-b", "test-paste", "-t", name])
    }

    /// One of tmux's values for the pane (`#{alternate_on}`, `#{cursor_flag}`, `#{pane_tty}`).
    public func value(_ format: String) -> String {
        let file = scratch.file("value")
        run(["display-message", "-p", "-t", name, format], output: file)
        return (scratch.read("value") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `stty -a` of the pane's terminal now: the modes the program in it has set.
    public func terminalSettings() -> String {
        let file = scratch.file("stty")
        run(["run-shell", "-t", name, "stty -a -F '#{pane_tty}' > '\(file)'"])
        return scratch.read("stty") ?? ""
    }

    /// Ends the session, and with it the server (`kill-server` alone was seen to leave the server running).
    public func close() {
        run(["kill-session", "-t", name])
        run(["kill-server"])
    }
}
