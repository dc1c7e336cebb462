/// An instant with the UTC offset it was recorded at: what a weigh-in's date
/// is. The offset decides the weigh-in's calendar day, so a cron job running in
/// UTC or a trip abroad never moves it to another day.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let epochSeconds: Int64
    public let utcOffsetSeconds: Int

    public init(epochSeconds: Int64, utcOffsetSeconds: Int) {
        self.epochSeconds = epochSeconds
        self.utcOffsetSeconds = utcOffsetSeconds
    }

    public var day: CalendarDay { CalendarDay(epochSeconds: epochSeconds, utcOffsetSeconds: utcOffsetSeconds) }

    /// Seconds since local midnight.
    public var secondOfDay: Int {
        Int(epochSeconds + Int64(utcOffsetSeconds) - Int64(day.dayNumber) * 86_400)
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.epochSeconds < rhs.epochSeconds }

    /// ISO 8601 with the offset: `2026-11-29T07:30:00+01:00` (never `Z`).
    public var description: String { iso8601 }

    public var iso8601: String {
        day.description + "T" + clock(seconds: true) + Timestamp.offsetText(utcOffsetSeconds)
    }

    /// `HH:MM` or `HH:MM:SS` of the local time.
    public func clock(seconds: Bool) -> String {
        let s = secondOfDay
        let text = pad(s / 3600, 2) + ":" + pad(s / 60 % 60, 2)
        return seconds ? text + ":" + pad(s % 60, 2) : text
    }

    static func offsetText(_ offset: Int) -> String {
        let sign = offset < 0 ? "-" : "+"
        let m = abs(offset) / 60
        return sign + pad(m / 60, 2) + ":" + pad(m % 60, 2)
    }

    /// Parses exactly the stored form `YYYY-MM-DDTHH:MM:SS(Z|±HH:MM)`.
    /// Hand-written because it runs once per entry on every command.
    public init?(iso8601 text: Substring.UTF8View) {
        let b = Array(text)
        guard b.count == 20 || b.count == 25 else { return nil }
        func digits(_ start: Int, _ count: Int) -> Int? {
            var value = 0
            for i in start..<(start + count) {
                let c = b[i]
                guard c >= 48, c <= 57 else { return nil }
                value = value * 10 + Int(c - 48)
            }
            return value
        }
        guard b[4] == 45, b[7] == 45, b[10] == 84, b[13] == 58, b[16] == 58,
            let year = digits(0, 4), let month = digits(5, 2), let dayOfMonth = digits(8, 2),
            let hour = digits(11, 2), let minute = digits(14, 2), let second = digits(17, 2),
            hour < 24, minute < 60, second < 60,
            let day = CalendarDay(year: year, month: month, day: dayOfMonth)
        else { return nil }
        var offset = 0
        if b.count == 20 {
            guard b[19] == 90 else { return nil }
        } else {
            guard b[19] == 43 || b[19] == 45, b[22] == 58,
                let oh = digits(20, 2), let om = digits(23, 2), oh < 24, om < 60
            else { return nil }
            offset = (oh * 3600 + om * 60) * (b[19] == 45 ? -1 : 1)
        }
        let local = Int64(day.dayNumber) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        self.init(epochSeconds: local - Int64(offset), utcOffsetSeconds: offset)
    }
}
