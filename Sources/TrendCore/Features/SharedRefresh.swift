/// One refresh shared by every caller that asks while it runs (CFA rule 9):
/// a second request returns the task in flight instead of starting another,
/// and the task is cleared in `defer` when its work ends, so a later request
/// loads again. Both Features load this way.
@MainActor
final class SharedRefresh {
    private var inFlight: Task<Void, Never>?

    /// The run every caller awaits: the one in flight, or `work` started now.
    func task(_ work: @escaping @MainActor () async -> Void) -> Task<Void, Never> {
        if let inFlight { return inFlight }
        let task = Task { @MainActor in
            defer { self.inFlight = nil }
            await work()
        }
        inFlight = task
        return task
    }

    var isRunning: Bool { inFlight != nil }
}

/// Changes run one after another in the order they were asked for, and
/// none is ever dropped (CFA: "every edit must run"): each waits for the one
/// admitted before it, whether that succeeded or failed.
@MainActor
final class EditQueue {
    private var tail: Task<Void, Never>?
    /// Admitted and not yet finished.
    private(set) var pending = 0

    func run<Value: Sendable>(_ operation: @escaping @Sendable () async throws -> Value) async throws -> Value {
        pending += 1
        defer { pending -= 1 }
        let previous = tail
        let work = Task { () async throws -> Value in
            await previous?.value
            return try await operation()
        }
        let done = Task { _ = await work.result }
        tail = done
        defer { if tail == done { tail = nil } }
        return try await work.value
    }
}

/// Whether a Feature has loaded, is loading or saving, and what last went
/// wrong: one observed value instead of five. Every observed property costs
/// the Swift runtime a key-path type at its first use in a process, and a
/// command-line run touches each once; these change together anyway.
public struct FeatureActivity {
    public var hasLoaded = false
    public var isLoading = false
    public var isSaving = false
    public var loadError: (any Error)?
    public var saveError: (any Error)?
}
