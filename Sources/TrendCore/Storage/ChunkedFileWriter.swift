#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes to a file descriptor through a 1 MiB buffer, with the full write
/// loop; the first failure is kept and everything after it is dropped.
struct ChunkedFileWriter: ByteSink {
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

    mutating func append(_ byte: UInt8) {
        buffer.append(byte)
        if buffer.count >= Self.chunkSize { flush() }
    }

    mutating func append<S: Sequence>(contentsOf bytes: S) where S.Element == UInt8 {
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
        failure = buffer.withUnsafeBytes { Platform.writeAll(fd, $0) }
    }
}
