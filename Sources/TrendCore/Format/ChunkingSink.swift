/// A byte sink that hands its bytes on in pieces of about 64 KiB: encoders
/// write to it as to an array, and the output streams.
struct ChunkingSink: ByteSink {
    static let chunkSize = 1 << 16

    private var buffer: [UInt8] = []
    private let write: ([UInt8]) -> Void

    init(write: @escaping ([UInt8]) -> Void) {
        self.write = write
        buffer.reserveCapacity(Self.chunkSize + 256)
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
        guard !buffer.isEmpty else { return }
        write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
