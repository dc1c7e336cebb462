/// Where encoders write bytes: an array, or a file in chunks, so a large
/// document is never built in memory first.
protocol ByteSink {
    mutating func append(_ byte: UInt8)
    mutating func append<S: Sequence>(contentsOf bytes: S) where S.Element == UInt8
}

extension Array: ByteSink where Element == UInt8 {}
