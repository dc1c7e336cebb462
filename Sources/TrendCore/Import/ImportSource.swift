#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where an import comes from: a file, a folder of files, or an open
/// descriptor (standard input). The formats read it whole, stream it in
/// chunks, or map it, as suits them.
public enum ImportInput: Equatable, Sendable {
    case path(String)
    /// Read from this descriptor, named `-` in messages.
    case standardInput

    /// How messages name it.
    public var shownPath: String {
        switch self {
        case .path(let path): path
        case .standardInput: "-"
        }
    }

    /// The file's name without its folders; nil for standard input.
    public var fileName: String? {
        switch self {
        case .path(let path): PathName.lastComponent(of: path)
        case .standardInput: nil
        }
    }
}

/// An opened import input and what has been read of it: the head that
/// recognition looked at is given to the format along with the rest.
final class ImportSource {
    static let chunkSize = 1 << 20

    /// How messages name the input.
    let path: String
    let head: ImportHead
    /// Open for reading, or -1 for a folder.
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private var headBytes: [UInt8]
    private(set) var status = stat()
    /// Told how far the reading has come (SPEC §6).
    private let progress: WorkProgress.Reporter?
    /// Bytes read from the descriptor so far, and, for a stream of unknown size, its lines.
    private var bytesRead = 0
    private var linesRead = 0

    init(_ input: ImportInput, progress: WorkProgress.Reporter? = nil) throws(ImportError) {
        path = input.shownPath
        self.progress = progress
        switch input {
        case .standardInput:
            descriptor = 0
            ownsDescriptor = false
        case .path(let file):
            // O_NONBLOCK for the open only: a FIFO given as the file must not hang before it is read.
            let fd = open(file, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            guard fd >= 0 else { throw .unreadable(path: file, reason: String(cString: strerror(errno))) }
            let flags = fcntl(fd, F_GETFL)
            _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK)
            descriptor = fd
            ownsDescriptor = true
        }
        _ = fstat(descriptor, &status)
        if Platform.isDirectory(status) {
            headBytes = []
            head = ImportHead(bytes: [], fileName: PathName.lastComponent(of: path), folderEntries: Self.entries(of: path))
            return
        }
        let first = try Self.readChunk(descriptor, path: path)
        headBytes = first
        head = ImportHead(bytes: first, fileName: input == .standardInput ? nil : PathName.lastComponent(of: path))
        counted(first)
    }

    /// Bytes already in memory, as if read from `path`.
    init(bytes: [UInt8], path: String) throws(ImportError) {
        self.path = path
        progress = nil
        descriptor = -1
        ownsDescriptor = false
        headBytes = bytes
        head = ImportHead(bytes: bytes, fileName: PathName.lastComponent(of: path))
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    var isFolder: Bool { head.isFolder }
    var isRegularFile: Bool { descriptor >= 0 && Platform.isRegularFile(status) }

    /// Everything: the head and the rest.
    func allBytes() throws(ImportError) -> [UInt8] {
        var bytes = headBytes
        headBytes = []
        if isRegularFile, status.st_size > bytes.count { bytes.reserveCapacity(Int(status.st_size)) }
        while true {
            let chunk = try readChunk()
            if chunk.isEmpty { break }
            bytes.append(contentsOf: chunk)
        }
        return bytes
    }

    /// Everything, as text: UTF-8, or Windows-1252 made UTF-8 (`ImportText`).
    /// Kept for a second reader of the same import (the intake and
    /// measurement columns beside a table's weights): the input is read once.
    func text() throws(ImportError) -> ImportText {
        if let readText { return readText }
        let bytes = try allBytes()
        if let problem = ImportText.utf16Problem(bytes) { throw .badEncoding(path: path, reason: problem) }
        let text = ImportText(bytes)
        readText = text
        return text
    }

    private var readText: ImportText?

    /// The input chunk by chunk: for a file that need not be held whole.
    func chunks(_ body: (ArraySlice<UInt8>) -> Void) throws(ImportError) {
        if !headBytes.isEmpty { body(headBytes[...]) }
        headBytes = []
        while true {
            let chunk = try readChunk()
            if chunk.isEmpty { break }
            body(chunk[...])
        }
    }

    /// A regular file mapped read-only for `body` (nil when it cannot be:
    /// standard input, an empty file, a file system that cannot map).
    /// `body` is given a function that lets go of the pages before an offset.
    func withMapping<Result>(
        _ body: (UnsafeBufferPointer<UInt8>, (Int) -> Void) throws(ImportError) -> Result
    ) throws(ImportError) -> Result? {
        let size = isRegularFile ? Int(status.st_size) : 0
        guard size > 0, let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), base != Platform.mapFailed else { return nil }
        defer { munmap(base, size) }
        _ = madvise(base, size, MADV_SEQUENTIAL)
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let result = try body(UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: size)) { [progress] done in
            _ = madvise(base, done / page * page, MADV_DONTNEED)
            progress?(WorkProgress(bytes: done, totalBytes: size))
        }
        progress?(WorkProgress(bytes: size, totalBytes: size))
        return result
    }

    /// The size of what is read, when it is known: a regular file's.
    var knownSize: Int? { isRegularFile ? Int(status.st_size) : nil }

    /// Tells the reporter of work done inside the input (a zip's entry inflated: `bytes` of `total`).
    func report(_ bytes: Int, of total: Int) {
        progress?(WorkProgress(bytes: bytes, totalBytes: total))
    }

    /// What a chunk read from the descriptor adds; told to the reporter.
    private func counted(_ chunk: [UInt8]) {
        guard let progress else { return }
        bytesRead += chunk.count
        if let size = knownSize {
            progress(WorkProgress(bytes: bytesRead, totalBytes: size))
        } else {
            // A pipe: how many records, as lines, since how much is left cannot be known.
            linesRead += chunk.withUnsafeBufferPointer { Self.newlines($0) }
            progress(WorkProgress(bytes: bytesRead, records: linesRead))
        }
    }

    private static func newlines(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard var at = bytes.baseAddress else { return 0 }
        let end = at + bytes.count
        var count = 0
        while at < end, let found = memchr(at, 0x0A, end - at) {
            count += 1
            at = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) + 1
        }
        return count
    }

    /// The files of a folder input, by name, read whole.
    func folderFile(_ name: String) throws(ImportError) -> [UInt8] {
        let file = path + "/" + name
        let source = try ImportSource(.path(file))
        return try source.allBytes()
    }

    private func readChunk() throws(ImportError) -> [UInt8] {
        let chunk = try Self.readChunk(descriptor, path: path)
        counted(chunk)
        return chunk
    }

    private static func readChunk(_ descriptor: Int32, path: String) throws(ImportError) -> [UInt8] {
        guard descriptor >= 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: Self.chunkSize)
        var filled = 0
        while filled < Self.chunkSize {
            let n = buffer.withUnsafeMutableBytes { raw in Platform.read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: raw[filled...])) }
            if n < 0 { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
            if n == 0 { break }
            filled += n
        }
        buffer.removeSubrange(filled...)
        return buffer
    }

    private static func entries(of folder: String) -> [String] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in String(cString: raw.bindMemory(to: CChar.self).baseAddress!) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}
