/// A day in the proleptic Gregorian calendar, independent of any time zone.
///
/// The trend arithmetic works in whole days, so days are counted as integers
/// (`dayNumber`, days since 1970-01-01) instead of going through `Calendar`,
/// which is slow and, on Linux, depends on Foundation's time-zone database.
public struct CalendarDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01.
    public let dayNumber: Int

    public init(dayNumber: Int) {
        self.dayNumber = dayNumber
    }

    /// Nil when the fields do not name a real day (`2026-13-45`, `2026-02-29`).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1,
            day <= CalendarDay.daysInMonth(year: year, month: month)
        else { return nil }
        dayNumber = CalendarDay.daysFromCivil(year: year, month: month, day: day)
    }

    /// The local day of an instant seen at a fixed UTC offset.
    public init(epochSeconds: Int64, utcOffsetSeconds: Int) {
        let local = epochSeconds + Int64(utcOffsetSeconds)
        dayNumber = Int(local >= 0 ? local / 86_400 : (local - 86_399) / 86_400)
    }

    public var year: Int { civil.year }
    public var month: Int { civil.month }
    public var day: Int { civil.day }

    public func adding(days: Int) -> CalendarDay { CalendarDay(dayNumber: dayNumber + days) }

    /// `2026-12-01` exactly (a plan's days in the data file).
    public init?(parsing text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.utf8.count == 10, parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), year >= 1,
            let parsed = CalendarDay(year: year, month: month, day: day)
        else { return nil }
        self = parsed
    }

    /// 0 for Monday … 6 for Sunday (1 Jan 1970, day 0, was a Thursday).
    public var weekdayFromMonday: Int { ((dayNumber % 7) + 7 + 3) % 7 }

    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool { lhs.dayNumber < rhs.dayNumber }

    /// `YYYY-MM-DD`. Written into a small stack buffer for the years 0–9999
    /// (a report writes one for each of its days); through `pad` beyond.
    public var description: String {
        let (y, m, d) = civil
        guard (0...9999).contains(y) else { return pad(y, 4) + "-" + pad(m, 2) + "-" + pad(d, 2) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 10) { text in
            Self.putISO(year: y, month: m, day: d, into: text)
            return String(decoding: text, as: UTF8.self)
        }
    }

    /// `YYYY-MM-DD` in the first ten bytes of `text`, for a year in 0–9999.
    static func putISO(year: Int, month: Int, day: Int, into text: UnsafeMutableBufferPointer<UInt8>) {
        text.putTwoDigits(year / 100, at: 0)
        text.putTwoDigits(year % 100, at: 2)
        text[4] = UInt8(ascii: "-")
        text.putTwoDigits(month, at: 5)
        text[7] = UInt8(ascii: "-")
        text.putTwoDigits(day, at: 8)
    }

    public static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Howard Hinnant's `days_from_civil`.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    var civil: (year: Int, month: Int, day: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}

/// Zero-padded decimal, without `String(format:)` (locale-free and fast).
func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value.magnitude)
    let padded = digits.count < width ? String(repeating: "0", count: width - digits.count) + digits : digits
    return value < 0 ? "-" + padded : padded
}

extension UnsafeMutableBufferPointer<UInt8> {
    /// The two decimal digits of `value` (0–99) at `offset`.
    @inline(__always) func putTwoDigits(_ value: Int, at offset: Int) {
        self[offset] = UInt8(48 + value / 10)
        self[offset + 1] = UInt8(48 + value % 10)
    }
}
