#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Observation
import Synchronization
import TrendCore
import TrendPresentation

/// Runs the dashboard on a terminal until it is quit: waits for keys and
/// signals, lets the Dashboard act on them, looks for changes made
/// elsewhere, and redraws when what the screen read has changed
/// (`withObservationTracking`) or the window has.
@MainActor
public final class DashboardSession {
    private let dashboard: Dashboard
    private let terminal: any TerminalDevice
    private var renderer = ScreenRenderer()
    private let needsRedraw = RedrawFlag()

    /// How long a wait for a key lasts before looking at the store again:
    /// SPEC §19 wants a change made elsewhere on screen within two seconds.
    static let storeCheckMilliseconds = 1000

    public init(dashboard: Dashboard, terminal: any TerminalDevice) {
        self.dashboard = dashboard
        self.terminal = terminal
    }

    /// Runs until `q`, Ctrl-C or an ending signal, and gives the terminal
    /// back on every way out, an error included. Returns the signal that
    /// ended it, if one did.
    public func run() async throws -> Int32? {
        try await dashboard.load()
        try terminal.start()
        defer { terminal.stop() }
        while dashboard.isRunning {
            redrawIfNeeded()
            let events = terminal.events(waitingAtMost: Self.storeCheckMilliseconds)
            for event in events {
                switch event {
                case .key(.control("z")), .suspendAsked:
                    try terminal.suspend()
                    renderer.invalidate()
                    needsRedraw.set()
                case .key(let key):
                    await dashboard.handle(key)
                case .resized, .resumed:
                    renderer.invalidate()
                    needsRedraw.set()
                case .ended(let signal):
                    return signal
                }
            }
            // After a key as after a wait: one stat(2) of the store, read again only when it changed.
            await dashboard.refreshIfChangedElsewhere()
        }
        return nil
    }

    /// Draws the screen when something it read has changed since it was
    /// last drawn, writing only the cells that differ.
    func redrawIfNeeded() {
        guard needsRedraw.take() else { return }
        let size = terminal.size
        let view = DashboardView(dashboard: dashboard, columns: size.columns, rows: size.rows)
        let flag = needsRedraw
        let screen = withObservationTracking { view.screen() } onChange: { flag.set() }
        terminal.write(renderer.update(to: screen))
    }
}

/// Set by observation (from whichever thread a change happens on), taken by the loop.
final class RedrawFlag: Sendable {
    private let isSet = Atomic<Bool>(true)

    func set() { isSet.store(true, ordering: .sequentiallyConsistent) }

    func take() -> Bool { isSet.exchange(false, ordering: .sequentiallyConsistent) }
}
