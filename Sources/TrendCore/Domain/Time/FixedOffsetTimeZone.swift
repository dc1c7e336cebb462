#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A zone with one offset all year: tests, and instants given with `±HH:MM`.
public struct FixedOffsetTimeZone: LocalTimeZone {
    public let offsetSeconds: Int

    public init(offsetSeconds: Int) {
        self.offsetSeconds = offsetSeconds
    }

    public func utcOffset(atEpochSeconds seconds: Int64) -> Int { offsetSeconds }
}
