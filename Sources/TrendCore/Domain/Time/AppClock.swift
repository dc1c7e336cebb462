#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Now and the local time zone: injected so tests can pin both.
public struct AppClock: Sendable {
    public let timeZone: any LocalTimeZone
    private let nowProvider: @Sendable () -> Int64

    public init(timeZone: any LocalTimeZone, now: @escaping @Sendable () -> Int64) {
        self.timeZone = timeZone
        nowProvider = now
    }

    public static var system: AppClock {
        AppClock(timeZone: SystemTimeZone()) { Int64(Date().timeIntervalSince1970.rounded(.down)) }
    }

    /// The system clock, or a clock stopped at `testNow` (the `TREND_NOW`
    /// of SPEC §14: an ISO 8601 instant, `2026-12-01T07:00:00Z` or with
    /// `±HH:MM`) in the system's zone. It changes only what "now" is: the
    /// zone, and everything stored, stay as they are. Nil when `testNow` is
    /// not such an instant.
    public static func system(testNow: String?) -> AppClock? {
        guard let testNow else { return .system }
        guard let instant = Timestamp(iso8601: testNow) else { return nil }
        return .fixed(epochSeconds: instant.epochSeconds, timeZone: SystemTimeZone())
    }

    /// A clock stopped at one instant in one zone.
    public static func fixed(epochSeconds: Int64, timeZone: any LocalTimeZone) -> AppClock {
        AppClock(timeZone: timeZone) { epochSeconds }
    }

    public var nowEpochSeconds: Int64 { nowProvider() }

    public var now: Timestamp {
        let seconds = nowEpochSeconds
        return Timestamp(epochSeconds: seconds, utcOffsetSeconds: timeZone.utcOffset(atEpochSeconds: seconds))
    }

    public var today: CalendarDay { now.day }

    /// Whether a weigh-in may be dated `timestamp`: not more than
    /// `WeightEntry.futureTolerance` ahead of now (a clock set wrong, a time
    /// zone ahead of ours); anything later is a typo.
    public func accepts(_ timestamp: Timestamp) -> Bool {
        timestamp.epochSeconds <= nowEpochSeconds + WeightEntry.futureTolerance
    }

    /// A date reader for what a person types on the command line.
    public var dateInput: DateInput { DateInput(timeZone: timeZone, nowEpochSeconds: nowEpochSeconds) }
}

extension AppClock {
    /// Refuses a date a record may not have: one the file cannot hold
    /// exactly (SPEC §2), or one more than a day ahead of now.
    public func check(_ timestamp: Timestamp) throws(LogError) {
        guard timestamp.storable == timestamp else { throw .dateNotStorable(timestamp: timestamp) }
        guard accepts(timestamp) else { throw .dateInFuture(timestamp: timestamp) }
    }
}
