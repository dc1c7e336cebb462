#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import TrendCore

/// Lets the executable's signal handler keep SPEC §2's promise: exit
/// 128 + N always means "nothing was changed". A signal outside a file
/// replacement exits at once; one during a replacement waits for it; once a
/// replacement has completed, the change is reported as usual and the
/// process exits 0, so a script that retries never doubles a weigh-in.
/// Only atomics: it is read from a signal handler.
enum CriticalSection {
    /// One word, so the handler and the writer decide on one consistent
    /// reading: bit 0 "a replacement was committed", bits 1-8 the pending
    /// signal, bit 9 "exiting for a signal", the rest the depth of
    /// replacements in progress. (Separate atomics let a handler see "not
    /// committed", then "depth 0" after a write committed in between; and a
    /// write could start while the handler was exiting. Both found by
    /// running the signal tests under ThreadSanitizer.)
    private static let state = Atomic<Int>(0)
    private static let committedBit = 1
    private static let signalMask = 0xFF << 1
    private static let exitingBit = 1 << 9
    private static let depthUnit = 1 << 10

    /// Starts a replacement, unless the process is exiting for a signal:
    /// then it never starts one (the exit is a moment away).
    static func enter() {
        var current = state.load(ordering: .sequentiallyConsistent)
        while true {
            if current & exitingBit != 0 {
                while true { pause() }
            }
            let (exchanged, original) = state.compareExchange(
                expected: current, desired: current + depthUnit, ordering: .sequentiallyConsistent)
            if exchanged { return }
            current = original
        }
    }

    /// The replacement is done (renamed into place): from now on a signal
    /// no longer ends the process.
    static func commit() {
        state.bitwiseOr(committedBit, ordering: .sequentiallyConsistent)
    }

    static func leave() {
        let now = state.subtract(depthUnit, ordering: .sequentiallyConsistent).newValue
        let signal = Int32((now & signalMask) >> 1)
        if now < depthUnit, now & committedBit == 0, signal != 0 { exitForSignal(signal) }
    }

    /// Called from the signal handler: exit now when nothing is being
    /// written, leave it to `leave()` when a write is in progress (it exits
    /// if the write fails), and ignore it once a change was made.
    static func handle(signal: Int32) {
        var current = state.load(ordering: .sequentiallyConsistent)
        while true {
            if current & committedBit != 0 { return }
            let inProgress = current >= depthUnit
            let desired = inProgress ? (current & ~signalMask) | (Int(signal & 0xFF) << 1) : current | exitingBit
            let (exchanged, original) = state.compareExchange(
                expected: current, desired: desired, ordering: .sequentiallyConsistent)
            if exchanged {
                if !inProgress { exitForSignal(signal) }
                return
            }
            current = original
        }
    }

    /// The signals handled alike: SIGINT, SIGTERM, SIGHUP, SIGQUIT.
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    private static func exitForSignal(_ signal: Int32) -> Never {
        _exit(128 + signal)
    }
}

/// The library's replacements, told to the signal handling above.
struct SignalSafeReplacements: FileReplacementGuard {
    func willReplace() { CriticalSection.enter() }
    func didCommit() { CriticalSection.commit() }
    func didEnd() { CriticalSection.leave() }
}
