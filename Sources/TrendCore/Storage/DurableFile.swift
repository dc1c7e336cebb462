#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials

/// One data file and the only way `trend` changes it (SPEC §2).
///
/// A change takes an exclusive `flock` on `<target>.lock` (the target with
/// every symlink resolved; a separate file, because a lock on the data file
/// itself is lost when the file is replaced), re-reads the file under the
/// lock, applies the change, writes a complete new file beside it (`O_EXCL`,
/// full write loop, `fsync`, the old mode and owner), renames it over the
/// target and syncs the directory. Readers never lock: a rename is atomic, so
/// they see the old file or the new one.
public struct DurableFile: Sendable {
    /// Faults a test can inject at the steps it cannot cause for real.
    struct Faults: Sendable {
        var writeErrno: Int32?
        var directorySyncErrno: Int32?
    }

    public let path: String
    let lockTimeoutSeconds: Double
    let faults: Faults

    public init(path: String, lockTimeoutSeconds: Double = 10) {
        self.init(path: path, lockTimeoutSeconds: lockTimeoutSeconds, faults: Faults())
    }

    init(path: String, lockTimeoutSeconds: Double, faults: Faults) {
        self.path = path
        self.lockTimeoutSeconds = lockTimeoutSeconds
        self.faults = faults
    }

    var directory: String { PathName.parent(of: path) }

    /// The file's bytes, or nil when it does not exist.
    public func read() throws(StorageError) -> [UInt8]? {
        try Self.readFile(path, reportedAs: path)?.bytes
    }

    /// Runs `body` over the file's bytes, mapped rather than read, or returns
    /// nil when there is no file. `body` may call `release(offset)` to let go
    /// of the pages before `offset` once it has read them, so a large history
    /// is never resident all at once.
    public func withContents<Result>(
        _ body: (MappedContents) async throws -> Result
    ) async throws -> Result? {
        try await Self.withMappedFile(path, reportedAs: path) { contents, _ in try await body(contents) }
    }

    /// Applies `change` to the current contents (nil: no file yet) under the
    /// lock and atomically replaces the file with what it returns.
    public func update<Result>(
        _ change: (MappedContents?) async throws -> (bytes: [UInt8], result: Result)
    ) async throws -> Result {
        try await update { (current: MappedContents?) async throws -> (contents: FileContents, result: Result) in
            let (bytes, result) = try await change(current)
            return (FileContents.bytes(bytes), result)
        }
    }

    /// The new contents of a file: bytes at hand, or written in chunks by a
    /// producer, so a large file is never built in memory first.
    public enum FileContents {
        case bytes([UInt8])
        case streamed((inout ChunkedFileWriter) -> Void)
    }

    /// Applies `change` to the current contents (nil: no file yet) under the
    /// lock and atomically replaces the file with what it returns.
    public func update<Result>(
        _ change: (MappedContents?) async throws -> (contents: FileContents, result: Result)
    ) async throws -> Result {
        try createDirectoryIfNeeded()
        let target = try resolvedTarget()
        let targetDirectory = PathName.parent(of: target)
        let name = PathName.lastComponent(of: target)
        let lock = try acquireLock(target + ".lock")
        defer { close(lock) }
        removeStaleTemporaryFiles(in: targetDirectory, name: name)

        var status: stat?
        let changed = try await Self.withMappedFile(target, reportedAs: path) { current, info in
            status = info
            return try await change(current)
        }
        let (contents, result): (FileContents, Result)
        if let changed { (contents, result) = changed } else { (contents, result) = try await change(nil) }

        let temporary = targetDirectory + "/." + name + ".tmp-" + Self.randomSuffix()
        CriticalSection.enter()
        defer { CriticalSection.leave() }
        do {
            try writeTemporary(temporary, contents: contents, like: status)
            guard rename(temporary, target) == 0 else { throw Self.failure(errno, path: path) }
        } catch {
            unlink(temporary)
            throw error
        }
        let syncError = faults.directorySyncErrno ?? Self.syncDirectory(targetDirectory)
        if let syncError {
            throw StorageError.notDurable(path: path, reason: String(cString: strerror(syncError)))
        }
        return result
    }

    // MARK: Steps

    private func createDirectoryIfNeeded() throws(StorageError) {
        let dir = directory
        var info = stat()
        if stat(dir, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw .cannotCreateDirectory(path: dir, reason: "a file is in the way")
            }
            return
        }
        // mkdir -p, each new level 0700: weights are health data.
        var components: [String] = []
        var current = dir
        while !current.isEmpty, current != "/", stat(current, &info) != 0 {
            components.append(current)
            current = PathName.parent(of: current)
        }
        for component in components.reversed() where mkdir(component, 0o700) != 0 && errno != EEXIST {
            throw .cannotCreateDirectory(path: dir, reason: String(cString: strerror(errno)))
        }
    }

    /// Follows symlinks to the file that is really written, so a symlinked
    /// data file stays a symlink.
    private func resolvedTarget() throws(StorageError) -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { break }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { throw Self.failure(errno, path: path) }
            let link = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = link.hasPrefix("/") ? link : PathName.parent(of: current) + "/" + link
        }
        let parent = PathName.parent(of: current)
        guard let real = realpath(parent.isEmpty ? "." : parent, nil) else { throw Self.failure(errno, path: path) }
        defer { free(real) }
        var info = stat()
        let resolved = String(cString: real) + "/" + PathName.lastComponent(of: current)
        if stat(resolved, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            throw .ioFailed(path: path, reason: "it is a directory")
        }
        return resolved
    }

    private func acquireLock(_ lockPath: String) throws(StorageError) -> Int32 {
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Self.failure(errno, path: lockPath) }
        let deadline = Date().addingTimeInterval(lockTimeoutSeconds)
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, Date() < deadline else {
                close(fd)
                throw .lockBusy(path: path)
            }
            usleep(10_000)
        }
        return fd
    }

    /// Temporary files exist only while their writer holds the lock, so any
    /// seen by the lock holder were left by a killed writer.
    private func removeStaleTemporaryFiles(in directory: String, name: String) {
        guard let dir = opendir(directory) else { return }
        defer { closedir(dir) }
        let prefix = "." + name + ".tmp-"
        while let entry = readdir(dir) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if entryName.hasPrefix(prefix) { unlink(directory + "/" + entryName) }
        }
    }

    private func writeTemporary(_ temporary: String, contents: FileContents, like original: stat?) throws(StorageError) {
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Self.failure(errno, path: path) }
        var closed = false
        defer { if !closed { close(fd) } }
        var writer = ChunkedFileWriter(fd: fd, injectedErrno: faults.writeErrno)
        switch contents {
        case .bytes(let bytes): writer.append(contentsOf: bytes)
        case .streamed(let produce): produce(&writer)
        }
        writer.flush()
        if let code = writer.failure { throw Self.failure(code, path: path) }
        if let original {
            guard fchmod(fd, original.st_mode & 0o7777) == 0 else { throw Self.failure(errno, path: path) }
            if geteuid() == 0 { _ = fchown(fd, original.st_uid, original.st_gid) }
        }
        guard fsync(fd) == 0 else { throw Self.failure(errno, path: path) }
        closed = true
        guard close(fd) == 0 else { throw Self.failure(errno, path: path) }
    }

    private static func syncDirectory(_ directory: String) -> Int32? {
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return errno }
        defer { close(fd) }
        return fsync(fd) == 0 ? nil : errno
    }

    // MARK: Helpers

    /// Maps `file` read-only (nil: it does not exist) and runs `body` over it.
    static func withMappedFile<Result>(
        _ file: String, reportedAs shown: String,
        _ body: (MappedContents, stat) async throws -> Result
    ) async throws -> Result? {
        guard let (fd, info) = try openRegularFile(file, reportedAs: shown) else { return nil }
        defer { close(fd) }
        let size = Int(info.st_size)
        guard size > 0 else {
            return try await body(MappedContents(bytes: UnsafeBufferPointer(start: nil, count: 0), releaser: nil, descriptor: fd), info)
        }
        guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), base != MAP_FAILED else {
            // Some file systems cannot map: read it instead.
            guard let read = try readFile(file, reportedAs: shown) else { return nil }
            let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: read.bytes.count)
            defer { copy.deallocate() }
            _ = copy.initialize(from: read.bytes)
            return try await body(MappedContents(bytes: UnsafeBufferPointer(copy), releaser: nil, descriptor: nil), info)
        }
        defer { munmap(base, size) }
        _ = madvise(base, size, MADV_SEQUENTIAL)
        let bytes = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: size)
        return try await body(MappedContents(bytes: bytes, releaser: PageReleaser(base: base), descriptor: fd), info)
    }

    /// Opens a data file for reading: nil when there is none (or no
    /// directory to hold one: no data yet), an error when it is not a file.
    private static func openRegularFile(_ file: String, reportedAs shown: String) throws(StorageError) -> (Int32, stat)? {
        let fd = open(file, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw failure(errno, path: shown, reading: true)
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            throw failure(code, path: shown, reading: true)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw .readFailed(path: shown, reason: "not a regular file")
        }
        return (fd, info)
    }

    static func readFile(_ file: String, reportedAs shown: String) throws(StorageError) -> (bytes: [UInt8], status: stat)? {
        guard let (fd, info) = try openRegularFile(file, reportedAs: shown) else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var total = 0
        while true {
            if total == bytes.count { bytes.append(contentsOf: [UInt8](repeating: 0, count: 4096)) }
            let n = bytes.withUnsafeMutableBytes { raw in Glibc.read(fd, raw.baseAddress! + total, raw.count - total) }
            if n < 0 {
                if errno == EINTR { continue }
                throw failure(errno, path: shown, reading: true)
            }
            if n == 0 { break }
            total += n
        }
        bytes.removeSubrange(total...)
        return (bytes, info)
    }

    static func failure(_ code: Int32, path: String, reading: Bool = false) -> StorageError {
        let reason = String(cString: strerror(code))
        switch code {
        case EACCES, EPERM: return .permissionDenied(path: path, reason: reason)
        default: return reading ? .readFailed(path: path, reason: reason) : .ioFailed(path: path, reason: reason)
        }
    }

    private static func randomSuffix() -> String {
        String(UInt64.random(in: 0...UInt64.max), radix: 36)
    }
}

/// A file's contents, mapped for the length of a call.
public struct MappedContents {
    public let bytes: UnsafeBufferPointer<UInt8>
    /// Lets go of pages already read; nil when not mapped.
    public let releaser: PageReleaser?
    /// The open file, so concurrent readers can map it themselves; nil when
    /// the contents were read instead of mapped.
    public let descriptor: Int32?
}

/// Lets go of the mapped pages a reader has finished with, so reading a
/// large file never holds all of it in memory.
public final class PageReleaser {
    private let base: UnsafeMutableRawPointer
    private let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    private var released = 0

    init(base: UnsafeMutableRawPointer) {
        self.base = base
    }

    /// Everything before `offset` has been read.
    func release(upTo offset: Int) {
        let end = offset / page * page
        guard end > released else { return }
        _ = madvise(base + released, end - released, MADV_DONTNEED)
        released = end
    }
}

/// Where encoders write bytes: an array, or a file in chunks.
public protocol ByteSink {
    mutating func append(_ byte: UInt8)
    mutating func append<S: Sequence>(contentsOf bytes: S) where S.Element == UInt8
}

extension Array: ByteSink where Element == UInt8 {}

/// Writes to a file descriptor through a 1 MiB buffer, with the full write
/// loop; the first failure is kept and everything after it is dropped.
public struct ChunkedFileWriter: ByteSink {
    static let chunkSize = 1 << 20

    private let fd: Int32
    private let injectedErrno: Int32?
    private var buffer: [UInt8] = []
    /// The errno of the first failed write.
    private(set) var failure: Int32?

    init(fd: Int32, injectedErrno: Int32?) {
        self.fd = fd
        self.injectedErrno = injectedErrno
        buffer.reserveCapacity(Self.chunkSize + 4096)
    }

    public mutating func append(_ byte: UInt8) {
        buffer.append(byte)
        if buffer.count >= Self.chunkSize { flush() }
    }

    public mutating func append<S: Sequence>(contentsOf bytes: S) where S.Element == UInt8 {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.chunkSize { flush() }
    }

    mutating func flush() {
        defer { buffer.removeAll(keepingCapacity: true) }
        guard failure == nil, !buffer.isEmpty else { return }
        if let injectedErrno {
            failure = injectedErrno
            return
        }
        var written = 0
        while written < buffer.count {
            let n = buffer.withUnsafeBytes { raw in Glibc.write(fd, raw.baseAddress! + written, raw.count - written) }
            if n < 0 {
                if errno == EINTR { continue }
                failure = errno
                return
            }
            written += n
        }
    }
}
