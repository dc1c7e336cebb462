#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading data files: mapped where possible, only regular files.
enum MappedFile {

    /// Maps `file` read-only (nil: it does not exist) and runs `body` over
    /// its bytes: a history is read once, front to back, and never copied.
    static func withContents<Result>(
        _ file: String, reportedAs shown: String,
        _ body: (UnsafeBufferPointer<UInt8>, stat) async throws -> Result
    ) async throws -> Result? {
        try await withContents(file, reportedAs: shown) { contents, info, _ in try await body(contents, info) }
    }

    /// The same, with a function that lets go of the pages before an
    /// offset once `body` has read them (a mapped page counts as resident
    /// memory until it is let go; re-read, it comes back from the file).
    static func withContents<Result>(
        _ file: String, reportedAs shown: String,
        _ body: (UnsafeBufferPointer<UInt8>, stat, @escaping (Int) -> Void) async throws -> Result
    ) async throws -> Result? {
        guard let (fd, info) = try openRegularFile(file, reportedAs: shown) else { return nil }
        defer { close(fd) }
        let size = Int(info.st_size)
        guard size > 0 else { return try await body(UnsafeBufferPointer(start: nil, count: 0), info, { _ in }) }
        guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), base != Platform.mapFailed else {
            // Some file systems cannot map: read it instead.
            guard let read = try readFile(file, reportedAs: shown) else { return nil }
            let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: read.bytes.count)
            defer { copy.deallocate() }
            _ = copy.initialize(from: read.bytes)
            return try await body(UnsafeBufferPointer(copy), info, { _ in })
        }
        defer { munmap(base, size) }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        return try await body(UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: size), info) { done in
            _ = madvise(base, done / page * page, MADV_DONTNEED)
        }
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
