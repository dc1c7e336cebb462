/// Where encoders write bytes: an array, or a file in chunks, so a large
/// document is never built in memory first.
protocol ByteSink {
    mutating func append(_ byte: UInt8)
    mutating func append<S: Sequence>(contentsOf bytes: S) where S.Element == UInt8
}

extension Array: ByteSink where Element == UInt8 {}

extension ByteSink {
    /// A literal's bytes, as they are: a writer's fixed text
    /// (`", "kilograms": `) is most of what it writes.
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }
}
