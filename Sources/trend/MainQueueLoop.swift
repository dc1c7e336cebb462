#if os(Linux)
import Glibc

/// The main thread serves the main actor itself, as Foundation's run loop
/// does on Linux, through the two calls libdispatch exports for it.
///
/// Top-level `await` would end in `dispatch_main`, which leaves the main
/// thread through `pthread_exit`: glibc then loads libgcc_s.so to unwind
/// it, and the main actor's work moves to a thread started for it. Every
/// command paid for both (Benchmarks/RESULTS.md has the measurement).
enum MainQueueLoop {
    /// Runs `command` on the main actor, here on the main thread, which
    /// serves the main queue until `command` ends the process.
    static func run(_ command: @escaping @MainActor @Sendable () async -> Never) -> Never {
        let wakeUp = mainQueueHandle()
        precondition(wakeUp >= 0, "libdispatch gave no handle for the main queue")
        Task { @MainActor in await command() }
        while true {
            // Readable when work is queued; a signal only interrupts the wait.
            var waiting = pollfd(fd: wakeUp, events: Int16(POLLIN), revents: 0)
            guard poll(&waiting, 1, -1) > 0 else { continue }
            var count: UInt64 = 0
            _ = read(wakeUp, &count, MemoryLayout<UInt64>.size)
            drainMainQueue(nil)
        }
    }
}

/// The event descriptor libdispatch signals when the main queue has work
/// (created on the first call).
@_silgen_name("_dispatch_get_main_queue_handle_4CF")
private func mainQueueHandle() -> Int32

/// Runs what the main queue holds, on the calling (main) thread.
@_silgen_name("_dispatch_main_queue_callback_4CF")
private func drainMainQueue(_ message: UnsafeMutableRawPointer?)
#endif
