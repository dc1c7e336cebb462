/// What the host process is told about each replacement of a file trend
/// writes (a temporary file written in full, then renamed over the old one).
///
/// The library never ends, pauses or signals its host: a GUI links it too.
/// A command-line front end that exits on SIGINT or SIGTERM uses these calls
/// to keep SPEC §2's promise that "interrupted" always means "nothing was
/// changed": a signal outside a replacement may end the process at once,
/// one during a replacement must wait for its end, and once a replacement
/// has committed the change is reported as usual.
public protocol FileReplacementGuard: Sendable {
    /// A replacement is about to start.
    func willReplace()
    /// The rename is done: the change is made, whatever happens next.
    func didCommit()
    /// The replacement is over, committed or not.
    func didEnd()
}

/// For hosts that do not care (tests, a GUI that never exits mid-write).
public struct NoFileReplacementGuard: FileReplacementGuard {
    public init() {}
    public func willReplace() {}
    public func didCommit() {}
    public func didEnd() {}
}
