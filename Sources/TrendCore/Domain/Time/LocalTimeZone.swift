#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The user's local time zone, as far as `trend` needs it: the UTC offset in
/// force at an instant.
///
/// Injected so tests can pin a zone; production uses `SystemTimeZone`.
public protocol LocalTimeZone: Sendable {
    func utcOffset(atEpochSeconds seconds: Int64) -> Int
    /// The instant of a local wall-clock time. A time in a spring-forward gap
    /// moves forward by the gap; a repeated time takes the earlier instant.
    func epochSeconds(forLocalSeconds local: Int64) -> (epochSeconds: Int64, utcOffsetSeconds: Int)
}

extension LocalTimeZone {
    public func epochSeconds(forLocalSeconds local: Int64) -> (epochSeconds: Int64, utcOffsetSeconds: Int) {
        resolvedEpochSeconds(forLocalSeconds: local)
    }

    /// The rule itself, from the offsets a day before and a day after.
    func resolvedEpochSeconds(forLocalSeconds local: Int64) -> (epochSeconds: Int64, utcOffsetSeconds: Int) {
        let before = utcOffset(atEpochSeconds: local - 86_400)
        let after = utcOffset(atEpochSeconds: local + 86_400)
        var valid: [(Int64, Int)] = []
        for offset in Set([before, after]) {
            let instant = local - Int64(offset)
            if utcOffset(atEpochSeconds: instant) == offset { valid.append((instant, offset)) }
        }
        if let earliest = valid.min(by: { $0.0 < $1.0 }) { return earliest }
        // In a gap: reading the wall time with the offset before the change
        // lands after the change, later by exactly the gap.
        let instant = local - Int64(before)
        return (instant, utcOffset(atEpochSeconds: instant))
    }

    public func today(now epochSeconds: Int64) -> CalendarDay {
        CalendarDay(epochSeconds: epochSeconds, utcOffsetSeconds: utcOffset(atEpochSeconds: epochSeconds))
    }
}
