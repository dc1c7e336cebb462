#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The terminal on standard input and output. Each system call is made
/// here and nowhere else in the dashboard; a failure is a `TerminalError`.
@MainActor
public final class SystemTerminal: TerminalDevice {
    /// The settings found at start, put back on every way out.
    private var saved = termios()
    private var isStarted = false
    private var previousHandlers: [Int32: sigaction] = [:]
    /// Signals arrive as bytes on this pipe: a handler may only write(2),
    /// and the wait below sees the pipe as readily as a key.
    private var signalPipe: (read: Int32, write: Int32) = (-1, -1)
    /// Keys from one read to the next: a paste or a sequence may arrive in pieces.
    private var decoder = KeyDecoder()

    /// Nil unless standard input and output are both terminals.
    public init?() {
        guard isatty(0) == 1, isatty(1) == 1 else { return nil }
    }

    public var size: (columns: Int, rows: Int) {
        var size = winsize()
        #if canImport(Glibc)
        let ok = ioctl(1, UInt(TIOCGWINSZ), &size) == 0
        #else
        let ok = ioctl(1, TIOCGWINSZ, &size) == 0
        #endif
        return ok && size.ws_col > 0 ? (Int(size.ws_col), Int(size.ws_row)) : (80, 24)
    }

    /// The signals that end the dashboard, those that redraw it, and the one that suspends it.
    static let endingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
    static let redrawingSignals: [Int32] = [SIGWINCH, SIGCONT]

    public func start() throws {
        guard !isStarted else { return }
        if signalPipe.read < 0 {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { throw TerminalError.systemCall("pipe", errno) }
            for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
            signalPipe = (ends[0], ends[1])
            SignalPipe.writeEnd.store(ends[1], ordering: .sequentiallyConsistent)
        }
        guard tcgetattr(0, &saved) == 0 else { throw TerminalError.systemCall("tcgetattr", errno) }
        try enter()
        isStarted = true
        for number in Self.endingSignals + Self.redrawingSignals + [SIGTSTP] {
            var action = sigaction()
            var previous = sigaction()
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = { SignalPipe.post($0) }
            #else
            action.__sigaction_u.__sa_handler = { SignalPipe.post($0) }
            #endif
            sigemptyset(&action.sa_mask)
            sigaction(number, &action, &previous)
            previousHandlers[number] = previous
        }
    }

    /// Raw mode from the settings found at start, and the screen the
    /// dashboard draws on: alternate, cursor hidden, pastes bracketed.
    private func enter() throws {
        var raw = saved
        // Keys as they are typed, one at a time, unechoed; Ctrl-C and Ctrl-Z as bytes, handled as keys.
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
        withUnsafeMutableBytes(of: &raw.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        guard tcsetattr(0, TCSADRAIN, &raw) == 0 else { throw TerminalError.systemCall("tcsetattr", errno) }
        // The alternate screen, the cursor hidden, bracketed paste on, the screen cleared.
        write(Array("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2004h\u{1B}[H\u{1B}[2J".utf8))
    }

    /// The terminal as it was found: the screen the shell had, the cursor shown, its own settings.
    private func leave() {
        write(Array("\u{1B}[0m\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l".utf8))
        _ = tcsetattr(0, TCSADRAIN, &saved)
    }

    public func stop() {
        guard isStarted else { return }
        isStarted = false
        leave()
        for (number, var previous) in previousHandlers { sigaction(number, &previous, nil) }
        previousHandlers = [:]
    }

    public func write(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { systemWrite(1, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return
            }
            offset += written
        }
    }

    public func events(waitingAtMost milliseconds: Int) -> [TerminalEvent] {
        var descriptors = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0), pollfd(fd: signalPipe.read, events: Int16(POLLIN), revents: 0)]
        let ready = poll(&descriptors, 2, Int32(milliseconds))
        guard ready > 0 else { return [] }
        var events: [TerminalEvent] = []
        if descriptors[1].revents & Int16(POLLIN) != 0 {
            for number in readAvailable(signalPipe.read) {
                let signal = Int32(number)
                switch signal {
                case SIGWINCH: events.append(.resized)
                case SIGCONT: events.append(.resumed)
                case SIGTSTP: events.append(.suspendAsked)
                default: events.append(.ended(signal: signal))
                }
            }
        }
        if descriptors[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
            let bytes = readAvailable(0)
            // Nothing to read on a readable terminal: it hung up.
            if bytes.isEmpty { events.append(.ended(signal: SIGHUP)) }
            events += decoder.keys(in: bytes).map(TerminalEvent.key)
        }
        return events
    }

    /// As curses does: the terminal given back, then the process stopped
    /// (the shell's prompt sees the terminal as it was), then, once `fg`
    /// continues it, raw mode and the screen taken again. The settings put
    /// back on the way out stay those found at start, whatever the shell
    /// left while the dashboard was stopped.
    public func suspend() throws {
        // Started with stops ignored (no job control to continue it): Ctrl-Z does nothing, as in curses.
        guard isStarted, !Self.isIgnored(previousHandlers[SIGTSTP]) else { return }
        leave()
        Self.stopUntilContinued()
        try enter()
    }

    private static func isIgnored(_ action: sigaction?) -> Bool {
        guard let action else { return false }
        #if canImport(Glibc)
        let handler = action.__sigaction_handler.sa_handler
        #else
        let handler = action.__sigaction_u.__sa_handler
        #endif
        return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// Stops the whole process as the shell's Ctrl-Z would, and returns
    /// once SIGCONT continues it. The signal is sent to this thread with
    /// its default action and unblocked here, so the stop happens inside
    /// the call, not on another thread after it has returned (which is
    /// how `kill(getpid(), SIGTSTP)` let raw mode be taken back before the stop).
    private static func stopUntilContinued() {
        var stopping = sigaction()
        var handler = sigaction()
        #if canImport(Glibc)
        stopping.__sigaction_handler.sa_handler = SIG_DFL
        #else
        stopping.__sigaction_u.__sa_handler = SIG_DFL
        #endif
        sigemptyset(&stopping.sa_mask)
        sigaction(SIGTSTP, &stopping, &handler)
        var unblocked = sigset_t()
        var mask = sigset_t()
        sigemptyset(&unblocked)
        sigaddset(&unblocked, SIGTSTP)
        pthread_sigmask(SIG_UNBLOCK, &unblocked, &mask)
        pthread_kill(pthread_self(), SIGTSTP)
        pthread_sigmask(SIG_SETMASK, &mask, nil)
        sigaction(SIGTSTP, &handler, nil)
    }

    /// What one read gets (a key's bytes arrive together).
    private func readAvailable(_ descriptor: Int32) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        return count > 0 ? Array(buffer[..<count]) : []
    }
}

/// A system call that failed, by name, with its errno.
public enum TerminalError: Error, CustomStringConvertible {
    case systemCall(String, Int32)

    public var description: String {
        switch self {
        case .systemCall(let name, let number): "the terminal could not be set up (\(name): \(String(cString: strerror(number))))"
        }
    }
}

/// Where the signal handler writes: only an atomic, since it is read from a handler.
private enum SignalPipe {
    static let writeEnd = Atomic<Int32>(-1)

    static func post(_ signal: Int32) {
        var byte = UInt8(truncatingIfNeeded: signal)
        _ = systemWrite(writeEnd.load(ordering: .relaxed), &byte, 1)
    }
}

/// write(2), by a name the terminal's own `write` does not hide.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(descriptor, bytes, count)
    #else
    Darwin.write(descriptor, bytes, count)
    #endif
}
