#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The zone named by `TZ`, read through the C library so that every form the
/// system accepts works (`Europe/Berlin`, `:Europe/Berlin`, POSIX rules).
/// Foundation's `TimeZone.current` silently falls back to UTC for some of them.
public struct SystemTimeZone: LocalTimeZone {
    public init() {
        tzset()
    }

    public func utcOffset(atEpochSeconds seconds: Int64) -> Int {
        var time = time_t(seconds)
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return 0 }
        return Int(parts.tm_gmtoff)
    }
}
