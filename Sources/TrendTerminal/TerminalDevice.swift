/// What happened while the dashboard waited.
public enum TerminalEvent: Equatable, Sendable {
    case key(Key)
    /// The window changed size: lay out again at the new size.
    case resized
    /// Continued after a suspend (`fg`): the screen must be drawn whole.
    case resumed
    /// SIGTSTP sent from outside (`kill -TSTP`): suspend as Ctrl-Z does.
    case suspendAsked
    /// SIGINT, SIGTERM, SIGHUP or SIGQUIT, or the terminal went away: give it back and end.
    case ended(signal: Int32)
}

/// The terminal as the dashboard uses it: its size, raw mode on and off,
/// bytes out, keys and signals in. The real one wraps termios, ioctl, poll
/// and signals (`SystemTerminal`); tests pass a fake.
@MainActor
public protocol TerminalDevice: AnyObject {
    var size: (columns: Int, rows: Int) { get }
    /// Raw mode, the alternate screen, the cursor hidden, signals caught.
    func start() throws
    /// Everything as it was before `start`: safe to call twice.
    func stop()
    func write(_ bytes: [UInt8])
    /// What happened within `milliseconds` (nothing when the time ran out).
    func events(waitingAtMost milliseconds: Int) -> [TerminalEvent]
    /// Ctrl-Z: gives the terminal back, stops the process, and takes it
    /// again once the shell continues it.
    func suspend() throws
}
