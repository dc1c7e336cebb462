#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's contents, mapped for the length of a call.
struct MappedContents {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Lets go of pages already read; nil when not mapped.
    let releaser: PageReleaser?
    /// The open file, so concurrent readers can map it themselves; nil when
    /// the contents were read instead of mapped.
    let descriptor: Int32?
}

/// Lets go of the mapped pages a reader has finished with, so reading a
/// large file never holds all of it in memory.
final class PageReleaser {
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

/// Reading data files: mapped where possible, only regular files.
enum MappedFile {

    /// Maps `file` read-only (nil: it does not exist) and runs `body` over it.
    static func withContents<Result>(
        _ file: String, reportedAs shown: String,
        _ body: (MappedContents, stat) async throws -> Result
    ) async throws -> Result? {
        guard let (fd, info) = try openRegularFile(file, reportedAs: shown) else { return nil }
        defer { close(fd) }
        let size = Int(info.st_size)
        guard size > 0 else {
            return try await body(MappedContents(bytes: UnsafeBufferPointer(start: nil, count: 0), releaser: nil, descriptor: fd), info)
        }
        guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), base != Platform.mapFailed else {
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
    static func openRegularFile(_ file: String, reportedAs shown: String) throws(StorageError) -> (Int32, stat)? {
        // O_NONBLOCK: a FIFO in the data file's place must not hang the command.
        let fd = open(file, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw StorageError(errno: errno, path: shown, reading: true)
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            throw StorageError(errno: code, path: shown, reading: true)
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
            let n = bytes.withUnsafeMutableBytes { raw in Platform.read(fd, into: UnsafeMutableRawBufferPointer(rebasing: raw[total...])) }
            if n < 0 { throw StorageError(errno: errno, path: shown, reading: true) }
            if n == 0 { break }
            total += n
        }
        bytes.removeSubrange(total...)
        return (bytes, info)
    }
}
