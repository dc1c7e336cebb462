/// One refresh shared by every caller that asks while it runs (CFA rule 9):
/// a second request joins the run in flight instead of starting another,
/// and the run is over when its work ends, so a later request loads again.
/// Both Features load this way.
///
/// A request with nothing in flight runs the work in the caller's task: a
/// command-line run loads once and never waits on another task. Waiting
/// (on a task's `value` or a continuation) resumes through the global
/// executor, which would start libdispatch's thread pool just for that.
@MainActor
final class SharedRefresh {
    private var running = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Starts `work` in a task of its own unless a run is in flight, and returns.
    func start(_ work: @escaping @MainActor () async -> Void) {
        guard !running else { return }
        running = true
        Task { @MainActor in await self.finish(after: work) }
    }

    /// Waits for the run in flight, or runs `work` now.
    func run(_ work: @MainActor () async -> Void) async {
        guard !running else {
            await withCheckedContinuation { waiting.append($0) }
            return
        }
        running = true
        await finish(after: work)
    }

    /// One load of a Feature: what `read` returns goes to `accept`, and
    /// `ended` is told its error, or nil.
    static func load<Value>(
        _ read: () async throws -> Value, into accept: (Value) -> Void, ended: ((any Error)?) -> Void
    ) async {
        do {
            accept(try await read())
            ended(nil)
        } catch {
            ended(error)
        }
    }

    private func finish(after work: @MainActor () async -> Void) async {
        await work()
        running = false
        let joined = waiting
        waiting = []
        for caller in joined { caller.resume() }
    }
}

/// Changes run one after another in the order they were asked for, and
/// none is ever dropped (CFA: "every edit must run"): each waits for the one
/// admitted before it, whether that succeeded or failed. A change with none
/// before it runs at once, in its caller's task (see `SharedRefresh`).
@MainActor
final class EditQueue {
    private var busy = false
    /// Admitted after the one running, in order.
    private var line: [CheckedContinuation<Void, Never>] = []
    /// Admitted and not yet finished.
    private(set) var pending = 0

    func run<Value: Sendable>(_ operation: () async throws -> Value) async throws -> Value {
        pending += 1
        defer { pending -= 1 }
        if busy {
            await withCheckedContinuation { line.append($0) }
        } else {
            busy = true
        }
        // The turn passes to the next in line, or the queue is idle again.
        defer { if line.isEmpty { busy = false } else { line.removeFirst().resume() } }
        return try await operation()
    }
}
