import Observation

/// Where the Features' heavy, pure work runs (a report, a listing): passed
/// in, so a test can hold one preparation while another overtakes it.
@MainActor
public protocol ReportWorker: Sendable {
    func perform<Result: Sendable>(entryCount: Int, _ work: @escaping @Sendable () -> Result) async -> Result
}
