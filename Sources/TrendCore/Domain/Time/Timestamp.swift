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

    /// The widest UTC offset a data file holds (ISO 8601 allows ±18:00).
    public static let maximumOffsetSeconds = 18 * 3600

    /// This instant as the data file can hold it exactly (SPEC §2): the
    /// offset rounded to whole minutes (local mean time before 1900 has
    /// seconds), the local date and time kept as they were and the instant
    /// moved by the rounding, so the calendar day never changes (keeping the
    /// instant moved `1960-01-01 00:00` at Monrovia's -00:44:30 to 31 Dec);
    /// or nil when the offset is beyond ±18:00 or the local year is outside
    /// 0001–9999. Whatever is accepted must read back: trend never writes
    /// what it cannot read.
    public var storable: Timestamp? {
        let offset = Int((Double(utcOffsetSeconds) / 60).rounded()) * 60
        guard abs(offset) <= Timestamp.maximumOffsetSeconds else { return nil }
        let rounded = Timestamp(epochSeconds: epochSeconds + Int64(utcOffsetSeconds - offset), utcOffsetSeconds: offset)
        guard (1...9999).contains(rounded.day.civil.year) else { return nil }
        return rounded
    }

    /// ISO 8601 with the offset: `2026-11-29T07:30:00+01:00` (never `Z`).
    public var description: String { iso8601 }

    public var iso8601: String {
        withISO8601 { String(decoding: $0, as: UTF8.self) }
    }

    /// The same text for years outside 0...9999, which the fast writer leaves to this.
    var iso8601Slow: String {
        day.description + "T" + clock(seconds: true) + Timestamp.offsetText(utcOffsetSeconds)
    }

    /// Appends `iso8601`: for writers of large outputs.
    public func appendISO8601(to out: inout [UInt8]) {
        withISO8601 { out.append(contentsOf: $0) }
    }

    /// Runs `body` over the `iso8601` bytes, formatted into a small stack
    /// buffer: it runs once per entry whenever a history is written.
    public func withISO8601<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let (year, month, dayOfMonth) = day.civil
        guard (0...9999).contains(year) else {
            var text = iso8601Slow
            return text.withUTF8(body)
        }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 25) { text in
            CalendarDay.putISO(year: year, month: month, day: dayOfMonth, into: text)
            text[10] = UInt8(ascii: "T")
            let second = secondOfDay
            text.putTwoDigits(second / 3600, at: 11)
            text[13] = UInt8(ascii: ":")
            text.putTwoDigits(second / 60 % 60, at: 14)
            text[16] = UInt8(ascii: ":")
            text.putTwoDigits(second % 60, at: 17)
            text[19] = utcOffsetSeconds < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
            let minutes = abs(utcOffsetSeconds) / 60
            text.putTwoDigits(minutes / 60, at: 20)
            text[22] = UInt8(ascii: ":")
            text.putTwoDigits(minutes % 60, at: 23)
            return body(UnsafeBufferPointer(text))
        }
    }

    /// `HH:MM` or `HH:MM:SS` of the local time.
    public func clock(seconds: Bool) -> String {
        let s = secondOfDay
        let text = pad(s / 3600, 2) + ":" + pad(s / 60 % 60, 2)
        return seconds ? text + ":" + pad(s % 60, 2) : text
    }

    package static func offsetText(_ offset: Int) -> String {
        let sign = offset < 0 ? "-" : "+"
        let m = abs(offset) / 60
        return sign + pad(m / 60, 2) + ":" + pad(m % 60, 2)
    }

    /// Parses exactly the stored form `YYYY-MM-DDTHH:MM:SS(Z|±HH:MM)`, and
    /// only what a data file may hold (SPEC §2): years 0001–9999, offsets
    /// within ±18:00. Anything else is not a stored date.
    public init?(iso8601 text: String) {
        var text = text
        guard let parsed = text.withUTF8(Timestamp.parse) else { return nil }
        self = parsed
    }

    /// The stored form (see `init(iso8601:)`) from its bytes.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Timestamp? {
        parse(bytes, 0..<bytes.count)
    }

    /// The stored form at `range` of `b`.
    static func parse(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Timestamp? {
        guard range.count == 20 || range.count == 25 else { return nil }
        let text = UnsafeBufferPointer(rebasing: b[range])
        /// The decimal number in `count` bytes from `offset`; -1 when one is not a digit.
        func number(_ offset: Int, _ count: Int) -> Int {
            var value = 0
            for byte in text[offset..<offset + count] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return -1 }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        let year = number(0, 4), month = number(5, 2), dayOfMonth = number(8, 2)
        let hour = number(11, 2), minute = number(14, 2), second = number(17, 2)
        guard text[4] == UInt8(ascii: "-"), text[7] == UInt8(ascii: "-"), text[10] == UInt8(ascii: "T"),
            text[13] == UInt8(ascii: ":"), text[16] == UInt8(ascii: ":"),
            year >= 1, (0..<24).contains(hour), (0..<60).contains(minute), (0..<60).contains(second),
            let day = CalendarDay(year: year, month: month, day: dayOfMonth)
        else { return nil }
        var offset = 0
        if text.count == 20 {
            guard text[19] == UInt8(ascii: "Z") else { return nil }
        } else {
            let hours = number(20, 2), minutes = number(23, 2)
            guard text[19] == UInt8(ascii: "+") || text[19] == UInt8(ascii: "-"), text[22] == UInt8(ascii: ":"),
                hours >= 0, (0..<60).contains(minutes), hours * 60 + minutes <= maximumOffsetSeconds / 60
            else { return nil }
            offset = (hours * 3600 + minutes * 60) * (text[19] == UInt8(ascii: "-") ? -1 : 1)
        }
        let local = Int64(day.dayNumber) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        return Timestamp(epochSeconds: local - Int64(offset), utcOffsetSeconds: offset)
    }
}
