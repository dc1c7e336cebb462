/// Where encoders write bytes: an array, or a file in chunks, so a large
/// document is never built in memory first.
protocol ByteSink {
    mutating func append(_ byte: UInt8)
    mutating func append<S: Sequence>(contentsOf bytes: S) where S.Element == UInt8
    /// The same for a buffer: not generic, because the writers reach a sink
    /// through each kind's codec, where a generic call looks up its
    /// argument's type at run time on every call (a sixth of an import's
    /// time, writing a million records).
    mutating func append(buffer bytes: UnsafeBufferPointer<UInt8>)
}

extension Array: ByteSink where Element == UInt8 {
    mutating func append(buffer bytes: UnsafeBufferPointer<UInt8>) {
        append(contentsOf: bytes)
    }
}

extension ByteSink {
    /// A literal's bytes, as they are: a writer's fixed text
    /// (`", "kilograms": `) is most of what it writes.
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append(buffer: $0) }
    }
}
