#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What can go wrong reading or writing a data file. Each case names the path
/// so the user knows which file to look at.
public enum StorageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Neither a flag, TREND_DATA_DIR, XDG_DATA_HOME, HOME nor the password database names a home.
    case noDataDirectory
    /// The variable naming the data directory is not valid UTF-8.
    case variableNotUTF8(name: String)
    case cannotCreateDirectory(path: String, reason: String)
    /// The data directory's path cannot be used at all (a name over 255 bytes).
    case unusableDirectory(path: String, reason: String)
    case permissionDenied(path: String, reason: String)
    /// Any other failed write (disk full, I/O error, read-only file system).
    case ioFailed(path: String, reason: String)
    case readFailed(path: String, reason: String)
    /// The change was written, but the directory sync after the rename failed.
    case notDurable(path: String, reason: String)
    case lockBusy(path: String)
    /// `export --output` names a directory that does not exist (none is created).
    case missingDirectory(path: String)
    /// `export --output` names a symlink: never followed, never replaced.
    case outputIsSymbolicLink(path: String)
    /// `export --output` names one of the data files.
    case outputIsDataFile(path: String)
    /// `undo` with no earlier version kept.
    case nothingToUndo(path: String)
    /// `undo` when the file is not what trend last wrote: something else changed it.
    case changedSince(path: String)
    /// `redo` with nothing undone.
    case nothingToRedo(path: String)
    /// The undo journal cannot be read; the data file is fine.
    case damagedJournal(path: String, reason: String)
    /// A file to read (a copy to merge, a merge driver's input) is not there.
    case missingInput(path: String)
    /// `merge` was given the store itself.
    case inputIsStore(path: String)
    /// The change was made, but a merged copy could not be moved into the undo journal: it is still there.
    case copyKept(path: String, reason: String)

    public var description: String {
        switch self {
        case .noDataDirectory:
            return "no data directory: set HOME or TREND_DATA_DIR"
        case .variableNotUTF8(let name):
            return "\(name) is not valid UTF-8, so trend cannot name the data directory exactly; nothing was read or changed"
        case .cannotCreateDirectory(let path, let reason):
            return "cannot create the data directory \(path): \(reason)"
        case .unusableDirectory(let path, let reason):
            return "cannot use the data directory \(path): \(reason)"
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
        case .missingDirectory(let path):
            return "the directory \(path) does not exist"
        case .outputIsSymbolicLink(let path):
            return "\(path) is a symbolic link: an export never writes through one"
        case .nothingToUndo(let path):
            return "nothing to undo: no earlier version of \(path) was kept"
        case .changedSince(let path):
            return "\(path) was changed by something other than trend since its last change; nothing was undone or redone"
        case .nothingToRedo(let path):
            return "nothing to redo: no change to \(path) was undone"
        case .damagedJournal(let path, let reason):
            return "the undo journal \(path) cannot be read: \(reason); the weigh-ins are fine, and the next change starts a new journal"
        case .missingInput(let path):
            return "cannot read \(path): no such file"
        case .inputIsStore(let path):
            return "\(path) is the store itself, not a copy of it"
        case .copyKept(let path, let reason):
            return "the change was made, but \(path) could not be moved into the undo journal (\(reason)); it is still there"
        case .outputIsDataFile(let path):
            return "\(path) is one of trend's data files: an export never replaces them"
        }
    }
}

extension StorageError {
    /// The error for a failed system call on `path`: refused access is its
    /// own case (77); everything else is a failed read or write (74).
    init(errno code: Int32, path: String, reading: Bool = false) {
        let reason = String(cString: strerror(code))
        switch code {
        case EACCES, EPERM: self = .permissionDenied(path: path, reason: reason)
        // A path no file system takes names the directory, not the file (73, SPEC §2).
        case ENAMETOOLONG: self = .unusableDirectory(path: PathName.parent(of: path), reason: reason)
        default: self = reading ? .readFailed(path: path, reason: reason) : .ioFailed(path: path, reason: reason)
        }
    }
}

/// Foundation's error reporting (and a GUI's alert) shows the same message.
extension StorageError: LocalizedError {
    public var errorDescription: String? { description }
}
