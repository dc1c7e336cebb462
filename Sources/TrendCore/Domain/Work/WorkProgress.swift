/// How far a long piece of work has come (SPEC §6): an import's bytes read,
/// of how many when the size is known (a file, a zip's entry), and, when it
/// is not (a pipe), the records (lines) seen. The library tells it to
/// whoever asked through a `WorkProgress.Reporter`, and never prints it.
public struct WorkProgress: Equatable, Sendable {
    public var bytes: Int
    /// The whole, when it is known.
    public var totalBytes: Int?
    /// Lines read so far, counted only when the whole is not known.
    public var records: Int?

    public init(bytes: Int, totalBytes: Int? = nil, records: Int? = nil) {
        self.bytes = bytes
        self.totalBytes = totalBytes
        self.records = records
    }

    /// Called from the thread doing the work, at most once a megabyte or so.
    public typealias Reporter = @Sendable (WorkProgress) -> Void
}
