#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Lets the executable's signal handler keep SPEC §2's promise: exit
/// 128 + N always means "nothing was changed". A signal outside a file
/// replacement exits at once; one during a replacement waits for it; once a
/// replacement has completed, the change is reported as usual and the
/// process exits 0, so a script that retries never doubles a weigh-in.
/// Only atomics: it is read from a signal handler.
public enum CriticalSection {
    private static let depth = Atomic<Int>(0)
    private static let pendingSignal = Atomic<Int32>(0)
    private static let committed = Atomic<Bool>(false)

    static func enter() {
        depth.add(1, ordering: .sequentiallyConsistent)
    }

    /// The replacement is done (renamed into place): from now on a signal
    /// no longer ends the process.
    static func commit() {
        committed.store(true, ordering: .sequentiallyConsistent)
    }

    static func leave() {
        if depth.subtract(1, ordering: .sequentiallyConsistent).newValue == 0,
            !committed.load(ordering: .sequentiallyConsistent)
        {
            let signal = pendingSignal.exchange(0, ordering: .sequentiallyConsistent)
            if signal != 0 { exitForSignal(signal) }
        }
    }

    /// Called from the signal handler: exit now, when the write in progress
    /// fails, or not at all when a change has been made.
    public static func handle(signal: Int32) {
        if committed.load(ordering: .sequentiallyConsistent) { return }
        pendingSignal.store(signal, ordering: .sequentiallyConsistent)
        if depth.load(ordering: .sequentiallyConsistent) == 0 { exitForSignal(signal) }
    }

    /// The signals handled alike: SIGINT, SIGTERM, SIGHUP, SIGQUIT.
    public static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    private static func exitForSignal(_ signal: Int32) -> Never {
        _exit(128 + signal)
    }
}
