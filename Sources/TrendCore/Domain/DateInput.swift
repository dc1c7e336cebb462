#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads the dates of SPEC §3: `YYYY-MM-DD`, `YYYY-MM-DD HH:MM[:SS]`,
/// `YYYY-MM-DDTHH:MM[:SS]`, any of them with `Z` or `±HH:MM`, `today`,
/// `yesterday`.
public struct DateInput: Sendable {
    /// What a date without a time means.
    public enum DateAlone: Sendable {
        /// 12:00 local, or now when the date is today: what a person logging means.
        case noonOrNowWhenToday
        /// Always 12:00 local, so that importing a file twice gives the same instants.
        case noon
    }

    /// What `Z` means.
    public enum UTCDesignator: Sendable {
        /// Keep `+00:00`, as written.
        case keepUTC
        /// Take the local offset of that instant, so the calendar day is the user's.
        case localOffset
    }

    public let timeZone: any LocalTimeZone
    public let nowEpochSeconds: Int64
    public var dateAlone: DateAlone = .noonOrNowWhenToday
    public var utcDesignator: UTCDesignator = .keepUTC

    public init(timeZone: any LocalTimeZone, nowEpochSeconds: Int64) {
        self.timeZone = timeZone
        self.nowEpochSeconds = nowEpochSeconds
    }

    public var now: Timestamp {
        Timestamp(epochSeconds: nowEpochSeconds, utcOffsetSeconds: timeZone.utcOffset(atEpochSeconds: nowEpochSeconds))
    }

    /// The instant `raw` names, as it can be stored (`Timestamp.storable`).
    public func timestamp(parsing raw: String) throws(DateInputError) -> Timestamp {
        let parsed = try anyTimestamp(parsing: raw)
        guard let storable = parsed.storable else { throw .notStorable(input: raw.trimmed) }
        return storable
    }

    private func anyTimestamp(parsing raw: String) throws(DateInputError) -> Timestamp {
        let text = raw.trimmed
        if let first = text.utf8.first, first > 57 {
            switch text.lowercased() {
            case "today", "now":
                return now
            case "yesterday":
                return atNoon(of: now.day.adding(days: -1))
            default:
                break
            }
        }
        var s = Cursor(Array(text.utf8))
        guard let year = s.digits(4), s.take(UInt8(ascii: "-")), let month = s.digits(2),
            s.take(UInt8(ascii: "-")), let dayOfMonth = s.digits(2)
        else { throw .malformed(input: text) }
        guard let day = CalendarDay(year: year, month: month, day: dayOfMonth) else {
            throw .impossible(input: text)
        }
        if s.isAtEnd {
            if dateAlone == .noonOrNowWhenToday && day == now.day { return now }
            return atNoon(of: day)
        }
        guard s.take(UInt8(ascii: "T")) || s.take(UInt8(ascii: "t")) || s.take(UInt8(ascii: " ")),
            let hour = s.digits(2), s.take(UInt8(ascii: ":")), let minute = s.digits(2)
        else { throw .malformed(input: text) }
        var second = 0
        if s.take(UInt8(ascii: ":")) {
            guard let value = s.digits(2) else { throw .malformed(input: text) }
            second = value
            if s.take(UInt8(ascii: ".")) || s.take(UInt8(ascii: ",")) {
                guard s.skipDigits() else { throw .malformed(input: text) }
            }
        }
        guard hour < 24, minute < 60, second < 60 else { throw .impossible(input: text) }
        let local = Int64(day.dayNumber) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        _ = s.take(UInt8(ascii: " "))
        if s.isAtEnd {
            let resolved = timeZone.epochSeconds(forLocalSeconds: local)
            return Timestamp(epochSeconds: resolved.epochSeconds, utcOffsetSeconds: resolved.utcOffsetSeconds)
        }
        if s.take(UInt8(ascii: "Z")) || s.take(UInt8(ascii: "z")) {
            guard s.isAtEnd else { throw .malformed(input: text) }
            switch utcDesignator {
            case .keepUTC:
                return Timestamp(epochSeconds: local, utcOffsetSeconds: 0)
            case .localOffset:
                return Timestamp(epochSeconds: local, utcOffsetSeconds: timeZone.utcOffset(atEpochSeconds: local))
            }
        }
        let negative: Bool
        if s.take(UInt8(ascii: "+")) {
            negative = false
        } else if s.take(UInt8(ascii: "-")) {
            negative = true
        } else {
            throw .malformed(input: text)
        }
        guard let offsetHours = s.digits(2) else { throw .malformed(input: text) }
        var offsetMinutes = 0
        if !s.isAtEnd {
            _ = s.take(UInt8(ascii: ":"))
            guard let value = s.digits(2) else { throw .malformed(input: text) }
            offsetMinutes = value
        }
        guard s.isAtEnd else { throw .malformed(input: text) }
        guard offsetHours <= 18, offsetMinutes < 60 else { throw .impossible(input: text) }
        let offset = (offsetHours * 3600 + offsetMinutes * 60) * (negative ? -1 : 1)
        return Timestamp(epochSeconds: local - Int64(offset), utcOffsetSeconds: offset)
    }

    private func atNoon(of day: CalendarDay) -> Timestamp {
        let resolved = timeZone.epochSeconds(forLocalSeconds: Int64(day.dayNumber) * 86_400 + 12 * 3600)
        return Timestamp(epochSeconds: resolved.epochSeconds, utcOffsetSeconds: resolved.utcOffsetSeconds)
    }

    private struct Cursor {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var isAtEnd: Bool { index == bytes.count }

        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for i in index..<(index + count) {
                let c = bytes[i]
                guard c >= 48, c <= 57 else { return nil }
                value = value * 10 + Int(c - 48)
            }
            index += count
            return value
        }

        mutating func skipDigits() -> Bool {
            let start = index
            while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 { index += 1 }
            return index > start
        }
    }
}
