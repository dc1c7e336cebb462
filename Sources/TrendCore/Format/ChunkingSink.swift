/// A byte sink that hands its bytes on in pieces of about `chunkSize`
/// (64 KiB for output, 1 MiB for data files): encoders write to it as to an
/// array, and the output streams.
struct ChunkingSink: ByteSink {
    static let chunkSize = 1 << 16

    private let chunkSize: Int
    private var buffer: [UInt8] = []
    private let write: ([UInt8]) -> Void

    init(chunkSize: Int = ChunkingSink.chunkSize, write: @escaping ([UInt8]) -> Void) {
        self.chunkSize = chunkSize
        self.write = write
        buffer.reserveCapacity(chunkSize + 4096)
    }

    mutating func append(_ byte: UInt8) {
        buffer.append(byte)
        if buffer.count >= chunkSize { flush() }
    }

    mutating func append<S: Sequence>(contentsOf bytes: S) where S.Element == UInt8 {
        buffer.append(contentsOf: bytes)
        if buffer.count >= chunkSize { flush() }
    }

    mutating func append(buffer bytes: UnsafeBufferPointer<UInt8>) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= chunkSize { flush() }
    }

    mutating func flush() {
        guard !buffer.isEmpty else { return }
        write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
