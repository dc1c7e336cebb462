import Synchronization

#if canImport(Glibc)
@preconcurrency import Glibc
import CThreads
#elseif canImport(Darwin)
import Darwin
#endif

/// Two halves of one job at once: the caller's half on its own thread, the
/// other on a thread started for it on another core.
///
/// A child task (`async let`) waits for a pool thread to wake, and a woken
/// or new thread runs where the kernel queues it. On a two-core machine the
/// kernel queued it behind the very thread that started it in about one
/// run in four, the other core idle: the halves then ran one after the
/// other. The thread started here may use every core the caller may, but
/// not the caller's own, so it starts on an idle one at once.
enum OtherCore {
    /// Runs `other` on another core while `here` runs on this thread, and
    /// returns both results when both are done. Where no thread can be
    /// started, `other` runs here after `here`.
    static func run<Here, Other: Sendable>(_ here: () -> Here, alongside other: @escaping @Sendable () -> Other) -> (Here, Other) {
        let result = ResultSlot<Other>()
        guard let thread = StartedThread.start({ result.fill(other()) }) else {
            let mine = here()
            return (mine, other())
        }
        let mine = here()
        // The halves are split to end together. Asleep in `pthread_join`,
        // this thread would wait for the other's exit and then for its own
        // wake-up, which take longer than the wait: it watches for the
        // result instead, for a while, and leaves the other thread to end
        // on its own.
        if result.awaitFill(for: spinLimit) {
            thread.detach()
        } else {
            thread.join()
        }
        guard let theirs = result.take() else { preconditionFailure("a joined thread left no result") }
        return (mine, theirs)
    }
}

extension OtherCore {
    /// How long the caller watches for the other half's result before it
    /// waits asleep: longer than the halves of a split ever end apart, and
    /// short enough that a long wait costs a core little.
    static let spinLimit = Duration.milliseconds(1)
}

/// Where the other core's half leaves its result for the caller.
private final class ResultSlot<Value: Sendable>: Sendable {
    private let value = Mutex<Value?>(nil)
    private let filled = Atomic<Bool>(false)

    func fill(_ result: Value) {
        value.withLock { $0 = result }
        filled.store(true, ordering: .releasing)
    }

    /// Whether the result came within `limit`, watched for without sleeping.
    func awaitFill(for limit: Duration) -> Bool {
        let deadline = ContinuousClock.now.advanced(by: limit)
        var round = 0
        while !filled.load(ordering: .acquiring) {
            round += 1
            if round % 64 == 0 && ContinuousClock.now > deadline { return false }
            #if canImport(Glibc)
            trend_spin_pause()
            #endif
        }
        return true
    }

    func take() -> Value? {
        value.withLock { stored in
            let result = stored
            stored = nil
            return result
        }
    }
}

/// A POSIX thread running one closure, joined by its starter.
private struct StartedThread {
    #if canImport(Glibc)
    private let thread: pthread_t
    #else
    private let thread: pthread_t?
    #endif

    /// What the new thread runs, handed to it through a retained pointer.
    private final class Work: Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    /// Starts `body` on a new thread kept off the caller's core; nil when
    /// no thread could be started.
    static func start(_ body: @escaping @Sendable () -> Void) -> StartedThread? {
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(&attributes) }
        #if canImport(Glibc)
        // Anything but success leaves the kernel to place it, as before.
        _ = trend_thread_elsewhere(&attributes)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let work = Unmanaged.passRetained(Work(body)).toOpaque()
        let status = pthread_create(&thread, &attributes, { raw in
            #if canImport(Glibc)
            guard let raw else { return nil }
            #endif
            Unmanaged<Work>.fromOpaque(raw).takeRetainedValue().body()
            return nil
        }, work)
        guard status == 0 else {
            Unmanaged<Work>.fromOpaque(work).release()
            return nil
        }
        return StartedThread(thread: thread)
    }

    /// Lets the thread end on its own, its resources freed when it does.
    func detach() {
        #if canImport(Glibc)
        pthread_detach(thread)
        #else
        if let thread { pthread_detach(thread) }
        #endif
    }

    /// Waits for the thread to finish.
    func join() {
        #if canImport(Glibc)
        pthread_join(thread, nil)
        #else
        if let thread { pthread_join(thread, nil) }
        #endif
    }
}
