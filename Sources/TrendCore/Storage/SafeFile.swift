#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way trend opens, creates, moves and deletes the files it keeps
/// beside the data (lock, temporaries, the undo journal) and the files a
/// user names for it to delete (merged copies): never through a symlink,
/// never blocking on a FIFO or device planted there, only regular files,
/// never writing through a second hard link, and new files given to the
/// directory's owner when root writes into someone else's directory.
enum SafeFile {
    enum NodeKind: Equatable {
        case missing, regular, directory, symbolicLink, other
    }

    /// What is at `path`, without following a symlink there.
    static func kind(_ path: String) -> NodeKind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }

    static func status(_ path: String) -> stat? {
        var info = stat()
        return lstat(path, &info) == 0 ? info : nil
    }

    /// Opens an existing regular file for reading, nil when there is none.
    static func openForReading(_ path: String) throws(StorageError) -> Int32? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            if errno == ELOOP { throw .ioFailed(path: path, reason: "it is a symbolic link") }
            throw StorageError(errno: errno, path: path, reading: true)
        }
        var info = stat()
        guard fstat(fd, &info) == 0, Platform.isRegularFile(info) else {
            close(fd)
            throw .ioFailed(path: path, reason: "not a regular file")
        }
        return fd
    }

    /// Opens (creating it, 0600) a lock file: never through a symlink, never
    /// blocking on a FIFO planted there, and only a regular file.
    static func openLock(_ path: String) throws(StorageError) -> Int32 {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard fd >= 0 else {
            if errno == ELOOP { throw .ioFailed(path: path, reason: "it is a symbolic link") }
            throw StorageError(errno: errno, path: path)
        }
        var info = stat()
        guard fstat(fd, &info) == 0, Platform.isRegularFile(info) else {
            close(fd)
            throw .ioFailed(path: path, reason: "not a regular file")
        }
        if info.st_size == 0 { giveToDirectoryOwner(descriptor: fd, path: path) }
        return fd
    }

    /// Creates a file that must not exist yet (a temporary), 0600, never
    /// through a symlink; `reportedAs` names it in errors.
    static func createNew(_ path: String, reportedAs shown: String) throws(StorageError) -> Int32 {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw StorageError(errno: errno, path: shown) }
        return fd
    }

    /// A small file's bytes (the journal), nil when there is none; a file
    /// over `largest` bytes is refused without being read.
    static func read(_ path: String, largest: Int = Int.max) throws(StorageError) -> [UInt8]? {
        guard let fd = try openForReading(path) else { return nil }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, Int(info.st_size) > largest { throw .ioFailed(path: path, reason: "it is larger than \(largest >> 20) MiB") }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Platform.read(fd, into: $0) }
            if n < 0 { throw StorageError(errno: errno, path: path, reading: true) }
            if n == 0 { break }
            bytes += chunk[0..<n]
            if bytes.count > largest { throw .ioFailed(path: path, reason: "it is larger than \(largest >> 20) MiB") }
        }
        return bytes
    }

    /// Whether `path` is the directory `directory` (the same device and
    /// inode, however either is spelled).
    static func isSameDirectory(_ path: String, as directory: String) -> Bool {
        var a = stat()
        var b = stat()
        guard stat(path, &a) == 0, stat(directory, &b) == 0, Platform.isDirectory(a) else { return false }
        return a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }

    /// Writes `bytes` as `path` atomically: a new file beside it (`O_EXCL`,
    /// never through a link), synced, renamed over it.
    static func replace(_ path: String, with bytes: [UInt8]) throws(StorageError) {
        let temporary = PathName.parent(of: path) + "/." + PathName.lastComponent(of: path) + ".tmp-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
        let fd = try createNew(temporary, reportedAs: path)
        giveToDirectoryOwner(descriptor: fd, path: temporary)
        let failure = bytes.withUnsafeBytes { Platform.writeAll(fd, $0) }
        let synced = fsync(fd) == 0
        close(fd)
        guard failure == nil, synced, rename(temporary, path) == 0 else {
            let code = failure ?? errno
            unlink(temporary)
            throw StorageError(errno: code, path: path)
        }
    }

    /// Creates a private directory (0700) unless one is there; false when
    /// something else is in its place.
    static func makeDirectory(_ path: String) -> Bool {
        switch kind(path) {
        case .directory: return true
        case .missing:
            guard mkdir(path, 0o700) == 0 || errno == EEXIST else { return false }
            giveToDirectoryOwner(path: path)
            return kind(path) == .directory
        default: return false
        }
    }

    /// Removes a regular file (never a symlink's target, a directory or a
    /// FIFO); true when it is gone.
    @discardableResult
    static func removeRegular(_ path: String) -> Bool {
        switch kind(path) {
        case .missing: return true
        case .regular: return unlink(path) == 0
        default: return false
        }
    }

    /// Moves a regular file, across file systems too (copied, synced, then
    /// the original removed). Refuses anything but a regular file, and never
    /// replaces what is at `destination`.
    static func move(_ source: String, to destination: String) throws(StorageError) {
        guard kind(source) == .regular else { throw .ioFailed(path: source, reason: "not a regular file") }
        guard kind(destination) == .missing else { throw .ioFailed(path: destination, reason: "something is already there") }
        if link(source, destination) == 0 {
            unlink(source)
            return
        }
        guard errno == EXDEV || errno == EPERM || errno == EMLINK || errno == ENOTSUP else { throw StorageError(errno: errno, path: destination) }
        guard let bytes = try read(source) else { throw .readFailed(path: source, reason: "no such file") }
        try replace(destination, with: bytes)
        unlink(source)
    }

    /// A hard link of `source` as `destination`, replacing a stale link
    /// left there by a killed process; false where the file system has none.
    static func keepLink(of source: String, as destination: String) -> Bool {
        if kind(destination) == .regular { unlink(destination) }
        return link(source, destination) == 0
    }

    /// Root writing into someone else's directory (`sudo` keeping HOME)
    /// gives new files and directories to the directory's owner, so the
    /// user is never locked out of their own data.
    static func giveToDirectoryOwner(descriptor: Int32? = nil, path: String) {
        guard geteuid() == 0 else { return }
        var parent = stat()
        let directory = PathName.parent(of: path).isEmpty ? "." : PathName.parent(of: path)
        guard stat(directory, &parent) == 0, parent.st_uid != 0 || parent.st_gid != 0 else { return }
        if let descriptor {
            _ = fchown(descriptor, parent.st_uid, parent.st_gid)
        } else {
            _ = lchown(path, parent.st_uid, parent.st_gid)
        }
    }
}

/// A file's identity and last change, to tell "the version trend wrote"
/// from one something else wrote since: device, inode, size, mtime. A
/// rename or a hard link keeps all four.
struct Fingerprint: Equatable, Sendable {
    let text: String

    init(text: String) {
        self.text = text
    }

    init(_ info: stat) {
        text = Platform.fingerprint(info)
    }

    /// The file at `path` now; nil when there is none.
    static func of(_ path: String) -> Fingerprint? {
        var info = stat()
        return stat(path, &info) == 0 ? Fingerprint(info) : nil
    }
}
