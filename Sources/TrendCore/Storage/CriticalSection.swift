#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Lets the executable's SIGINT/SIGTERM handler wait until a file
/// replacement is finished, so an interrupt leaves the old or the new file
/// and never a temporary one. Only atomics: it is read from a signal handler.
public enum CriticalSection {
    private static let depth = Atomic<Int>(0)
    private static let pendingSignal = Atomic<Int32>(0)

    static func enter() {
        depth.add(1, ordering: .sequentiallyConsistent)
    }

    static func leave() {
        if depth.subtract(1, ordering: .sequentiallyConsistent).newValue == 0 {
            let signal = pendingSignal.exchange(0, ordering: .sequentiallyConsistent)
            if signal != 0 { exitForSignal(signal) }
        }
    }

    /// Called from the signal handler: exit now, or as soon as the write in
    /// progress is complete.
    public static func handle(signal: Int32) {
        pendingSignal.store(signal, ordering: .sequentiallyConsistent)
        if depth.load(ordering: .sequentiallyConsistent) == 0 { exitForSignal(signal) }
    }

    private static func exitForSignal(_ signal: Int32) -> Never {
        _exit(128 + signal)
    }
}
