/// What can go wrong reading or writing a data file. Each case names the path
/// so the user knows which file to look at.
public enum StorageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file cannot be parsed; it is never written over.
    case damaged(path: String, line: Int?, column: Int?, reason: String)
    /// Written by a later version of trend: readable at best, never written.
    case newerVersion(path: String, version: Int)
    /// Neither a flag, TREND_DATA_DIR, XDG_DATA_HOME, HOME nor the password database names a home.
    case noDataDirectory
    case cannotCreateDirectory(path: String, reason: String)
    case permissionDenied(path: String, reason: String)
    /// Any other failed write (disk full, I/O error, read-only file system).
    case ioFailed(path: String, reason: String)
    case readFailed(path: String, reason: String)
    /// The change was written, but the directory sync after the rename failed.
    case notDurable(path: String, reason: String)
    case lockBusy(path: String)

    public var description: String {
        switch self {
        case .damaged(let path, let line, let column, let reason):
            let position = line.map { ":\($0)" + (column.map { ":\($0)" } ?? "") } ?? ""
            return "\(path)\(position): cannot be read: \(reason). The file was not changed; fix or move it aside."
        case .newerVersion(let path, let version):
            return "\(path) was written by a newer trend (version \(version)): upgrade"
        case .noDataDirectory:
            return "no data directory: set HOME or TREND_DATA_DIR, or pass --data-dir"
        case .cannotCreateDirectory(let path, let reason):
            return "cannot create the data directory \(path): \(reason)"
        case .permissionDenied(let path, let reason):
            return "permission denied: \(path): \(reason)"
        case .ioFailed(let path, let reason):
            return "cannot write \(path): \(reason); the file was not changed"
        case .readFailed(let path, let reason):
            return "cannot read \(path): \(reason)"
        case .notDurable(let path, let reason):
            return "the change to \(path) was made, but it may not survive a power loss: syncing its directory failed: \(reason)"
        case .lockBusy(let path):
            return "another trend process is writing \(path); try again"
        }
    }
}
