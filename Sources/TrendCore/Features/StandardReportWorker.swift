import Observation

/// Histories up to `inlineEntryLimit` entries are worked on right here:
/// handing the work to another thread and back costs more than the work,
/// and the main actor is not held long enough to notice. Larger ones are worked on off the main actor.
public struct StandardReportWorker: ReportWorker {
    public nonisolated static let inlineEntryLimit = 50_000

    public init() {}

    public func perform<Result: Sendable>(entryCount: Int, _ work: @escaping @Sendable () -> Result) async -> Result {
        if entryCount <= Self.inlineEntryLimit { return work() }
        return await Task.detached(operation: work).value
    }
}
