#if canImport(Glibc)
@preconcurrency import Glibc
import CMalloc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a short-lived command-line process sets up first and does last,
/// in one place: how it allocates, which signals it handles, how it ends.
enum ProcessLifetime {
    /// One malloc arena, and a long history's arrays from the heap, which
    /// keeps what is freed for the next one: a large import allocates and
    /// frees arrays of the history's size several times over.
    static func tuneAllocation() {
        #if canImport(Glibc)
        mallopt(M_ARENA_MAX, 1)
        mallopt(M_TOP_PAD, 8 << 20)
        mallopt(M_MMAP_THRESHOLD, 32 << 20)
        mallopt(M_TRIM_THRESHOLD, 1 << 30)
        #endif
    }

    /// SIGINT, SIGTERM, SIGHUP and SIGQUIT never leave a half-replaced file,
    /// and exit 128 + N only when nothing was changed (see CriticalSection).
    /// A closed pipe is reported by the write that meets it (EPIPE): the
    /// runner then stops quietly with 141, as other filters do.
    static func handleSignals() {
        for number in CriticalSection.signals {
            signal(number) { CriticalSection.handle(signal: $0) }
        }
        signal(SIGPIPE, SIG_IGN)
    }

    /// Ends the process: everything is written and the pager waited for
    /// (the console uses write(2), never stdio), so the C library's exit
    /// handlers have nothing left to do.
    static func end(_ status: Int32) -> Never {
        _exit(status)
    }
}
