#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TrendTerminal

/// A terminal for tests: a script of what happens at each wait, every
/// byte written kept, and whether it was given back.
@MainActor
final class FakeTerminal: TerminalDevice {
    var size: (columns: Int, rows: Int)
    /// What each wait returns, in order; after the last, SIGTERM ends the run.
    var script: [[TerminalEvent]]
    /// Called before each wait with its number: to resize between steps.
    var beforeWait: (Int) -> Void = { _ in }
    private(set) var writes: [[UInt8]] = []
    private(set) var starts = 0
    private(set) var stops = 0
    private(set) var isRaw = false
    var failsToSuspend = false
    private var waits = 0

    init(columns: Int = 100, rows: Int = 30, script: [[TerminalEvent]]) {
        size = (columns, rows)
        self.script = script
    }

    struct SuspendFailed: Error {}

    func start() throws {
        starts += 1
        isRaw = true
    }

    func stop() {
        guard isRaw else { return }
        stops += 1
        isRaw = false
    }

    func write(_ bytes: [UInt8]) { writes.append(bytes) }

    func events(waitingAtMost milliseconds: Int) -> [TerminalEvent] {
        beforeWait(waits)
        defer { waits += 1 }
        return waits < script.count ? script[waits] : [.ended(signal: SIGTERM)]
    }

    func suspend() throws {
        stop()
        if failsToSuspend { throw SuspendFailed() }
        try start()
    }

    /// The writes as text.
    var texts: [String] { writes.map { String(decoding: $0, as: UTF8.self) } }
}

extension TerminalEvent {
    static func typing(_ text: String) -> [TerminalEvent] { text.map { .key(.character($0)) } }
}
