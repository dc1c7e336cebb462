#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads the dates of SPEC §3: ISO dates and times (one-digit parts, `/`
/// between them, `Z` or `±HH:MM`), and what people type when they backfill
/// from a notebook: `today`, `yesterday`, weekday names, `2d ago`, month
/// names, 12-hour times, each with or without a time (`yesterday 7am`).
/// Local times are read in `timeZone`, through the C library in production.
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
    /// Day words, weekday and month names, `2d ago`: what people type. Off
    /// for import files, whose cells are dates, never words about today.
    public var acceptsWords = true

    public init(timeZone: any LocalTimeZone, nowEpochSeconds: Int64) {
        self.timeZone = timeZone
        self.nowEpochSeconds = nowEpochSeconds
    }

    public var now: Timestamp {
        Timestamp(epochSeconds: nowEpochSeconds, utcOffsetSeconds: timeZone.utcOffset(atEpochSeconds: nowEpochSeconds))
    }

    public var today: CalendarDay { now.day }

    /// What was typed, read: the instant, and whether a time of day was given
    /// (a listing's bound is then that instant, else the whole day).
    public struct Reading: Equatable, Sendable {
        public let timestamp: Timestamp
        public let hasTime: Bool
    }

    /// The instant `raw` names, as it can be stored (`Timestamp.storable`).
    public func timestamp(parsing raw: String) throws(DateInputError) -> Timestamp {
        try reading(raw).timestamp
    }

    /// The calendar day `raw` names (a period's end, `--since`).
    public func day(parsing raw: String) throws(DateInputError) -> CalendarDay {
        try reading(raw).timestamp.day
    }

    public func reading(_ raw: String) throws(DateInputError) -> Reading {
        let text = raw.trimmed
        let parsed = try parse(text)
        guard let storable = parsed.timestamp.storable else { throw .notStorable(input: text) }
        return Reading(timestamp: storable, hasTime: parsed.hasTime)
    }

    // MARK: Parsing

    private func parse(_ text: String) throws(DateInputError) -> Reading {
        guard !text.isEmpty else { throw .malformed(input: text) }
        var words = Self.words(text)
        // `2026-11-03T07:05…`: the date and the time as two words.
        if let first = words.first, let t = first.firstIndex(where: { $0 == "t" }), t != first.startIndex,
            first[first.startIndex..<t].first?.isNumber == true
        {
            words[0] = String(first[first.startIndex..<t])
            words.insert(String(first[first.index(after: t)...]), at: 1)
        }
        // `07:30z`, `07:30:00-05:00`: a zone stuck to the time is a word of its own.
        words = words.flatMap { word -> [String] in
            guard word.first?.isNumber == true, word.contains(":") || word.hasSuffix("z") else { return [word] }
            if word.hasSuffix("z") { return [String(word.dropLast()), "z"] }
            if let sign = word.dropFirst().firstIndex(where: { $0 == "+" || $0 == "-" }) {
                return [String(word[..<sign]), String(word[sign...])]
            }
            return [word]
        }
        var index = 0
        let day = try dayPhrase(words, &index, text)
        if index < words.count, words[index] == "at" { index += 1 }
        let time = try timePhrase(words, &index, text)
        let zone = try zonePhrase(words, &index, text)
        guard index == words.count, day != nil || time != nil else {
            if words.contains(where: { Self.futureWords.contains($0) }) { throw .future(input: text) }
            throw .malformed(input: text)
        }
        if day == .now {
            guard time == nil, zone == nil else { throw .malformed(input: text) }
            return Reading(timestamp: now, hasTime: true)
        }
        let calendarDay: CalendarDay
        switch day {
        case .date(let date)?: calendarDay = date
        case .now?: calendarDay = today
        case nil:
            // A time alone is today's only to a person typing: a file's time
            // with no date (a food log's `time_added`) names no day.
            guard acceptsWords else { throw .malformed(input: text) }
            calendarDay = today
        }
        guard let time else {
            guard zone == nil else { throw .malformed(input: text) }
            if dateAlone == .noonOrNowWhenToday && calendarDay == today { return Reading(timestamp: now, hasTime: false) }
            return Reading(timestamp: atNoon(of: calendarDay), hasTime: false)
        }
        let local = Int64(calendarDay.dayNumber) * 86_400 + Int64(time)
        switch zone {
        case nil:
            let resolved = timeZone.epochSeconds(forLocalSeconds: local)
            return Reading(timestamp: Timestamp(epochSeconds: resolved.epochSeconds, utcOffsetSeconds: resolved.utcOffsetSeconds), hasTime: true)
        case .utc?:
            let offset = utcDesignator == .keepUTC ? 0 : timeZone.utcOffset(atEpochSeconds: local)
            return Reading(timestamp: Timestamp(epochSeconds: local, utcOffsetSeconds: offset), hasTime: true)
        case .offset(let offset)?:
            return Reading(timestamp: Timestamp(epochSeconds: local - Int64(offset), utcOffsetSeconds: offset), hasTime: true)
        }
    }

    /// Lowercased words, split at spaces and commas; `7:05pm` and `7am` stay one word.
    static func words(_ text: String) -> [String] {
        text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }).map(String.init)
    }

    private enum Day: Equatable {
        case date(CalendarDay)
        /// `now`: this instant, not a day.
        case now
    }

    private enum Zone: Equatable {
        case utc
        case offset(Int)
    }

    static let futureWords: Set<String> = ["tomorrow", "tmrw", "tonight", "next"]

    private static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
    private static let months = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december",
    ]

    /// `mon`, `tues`, `thursday`: a prefix of at least three letters.
    private static func weekday(_ word: String) -> Int? {
        guard word.count >= 3 else { return nil }
        return weekdays.firstIndex { $0.hasPrefix(word) }
    }

    /// `nov`, `sept`, `november`, `nov.`: an English month, by any prefix
    /// of at least three letters (imports use it after their other languages).
    static func month(_ word: String) -> Int? {
        let name = word.hasSuffix(".") ? String(word.dropLast()) : word
        guard name.count >= 3 else { return nil }
        if name == "sept" { return 9 }
        return months.firstIndex { $0.hasPrefix(name) }.map { $0 + 1 }
    }

    private static func number(_ word: String, digits: ClosedRange<Int>) -> Int? {
        guard digits.contains(word.count), word.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(word)
    }

    private func dayPhrase(_ words: [String], _ index: inout Int, _ text: String) throws(DateInputError) -> Day? {
        guard index < words.count else { return nil }
        let word = words[index]
        // 2026-11-03, 2026-11-3, 2026/11/03.
        if word.first?.isNumber == true, word.contains(where: { $0 == "-" || $0 == "/" }) {
            let parts = word.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "/" }).map(String.init)
            guard parts.count == 3, let year = Self.number(parts[0], digits: 4...4), let month = Self.number(parts[1], digits: 1...2),
                let dayOfMonth = Self.number(parts[2], digits: 1...2)
            else { throw .malformed(input: text) }
            guard let day = CalendarDay(year: year, month: month, day: dayOfMonth) else { throw .impossible(input: text) }
            index += 1
            return .date(day)
        }
        guard acceptsWords else { return nil }
        switch word {
        case "now":
            index += 1
            return .now
        case "today":
            index += 1
            return .date(today)
        case "yesterday":
            index += 1
            return .date(today.adding(days: -1))
        default:
            break
        }
        if Self.futureWords.contains(word) { throw .future(input: text) }
        if let weekday = Self.weekday(word) {
            index += 1
            // The most recent such day before today.
            let todayWeekday = today.weekdayFromMonday
            var back = (todayWeekday - weekday + 7) % 7
            if back == 0 { back = 7 }
            return .date(today.adding(days: -back))
        }
        // -2d, 2d ago, 3 days ago, 1w ago.
        if let days = relativeDays(words, &index) { return .date(today.adding(days: -days)) }
        // Nov 3, Nov 3 2026, 3 Nov, 3 November 2026.
        var month: Int?
        var dayOfMonth: Int?
        var used = 0
        if let m = Self.month(word), index + 1 < words.count, let d = Self.number(words[index + 1], digits: 1...2) {
            (month, dayOfMonth, used) = (m, d, 2)
        } else if let d = Self.number(word, digits: 1...2), index + 1 < words.count, let m = Self.month(words[index + 1]) {
            (month, dayOfMonth, used) = (m, d, 2)
        }
        guard let month, let dayOfMonth else { return nil }
        var year: Int?
        if index + used < words.count, let y = Self.number(words[index + used], digits: 4...4) {
            year = y
            used += 1
        }
        index += used
        if let year {
            guard let day = CalendarDay(year: year, month: month, day: dayOfMonth) else { throw .impossible(input: text) }
            return .date(day)
        }
        // Without a year: the most recent such date that is not in the future.
        for year in [today.year, today.year - 1, today.year - 2, today.year - 3, today.year - 4] {
            if let day = CalendarDay(year: year, month: month, day: dayOfMonth), day <= today { return .date(day) }
        }
        throw .impossible(input: text)
    }

    private func relativeDays(_ words: [String], _ index: inout Int) -> Int? {
        let word = words[index]
        func count(_ text: Substring) -> Int? {
            // `2d`, `2w`: a number and a unit letter.
            guard let unit = text.last, unit == "d" || unit == "w", let n = Self.number(String(text.dropLast()), digits: 1...4) else { return nil }
            return unit == "w" ? n * 7 : n
        }
        if word.hasPrefix("-"), let days = count(word.dropFirst()) {
            index += 1
            return days
        }
        if let days = count(word[...]), index + 1 < words.count, words[index + 1] == "ago" {
            index += 2
            return days
        }
        if let n = Self.number(word, digits: 1...4), index + 2 < words.count, words[index + 2] == "ago" {
            switch words[index + 1] {
            case "day", "days": index += 3; return n
            case "week", "weeks": index += 3; return n * 7
            default: return nil
            }
        }
        return nil
    }

    /// Seconds since local midnight: `07:05`, `7:05`, `07:05:30`, `07:05:30.250`,
    /// `7am`, `7:05 pm`, `12am`.
    private func timePhrase(_ words: [String], _ index: inout Int, _ text: String) throws(DateInputError) -> Int? {
        guard index < words.count else { return nil }
        var word = words[index]
        var meridiem: Character?
        for suffix in ["am", "pm", "a.m.", "p.m."] where word.hasSuffix(suffix) && word.count > suffix.count {
            meridiem = suffix.first
            word = String(word.dropLast(suffix.count))
            break
        }
        let parts = word.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        var used = 1
        if meridiem == nil, index + 1 < words.count, ["am", "pm", "a.m.", "p.m."].contains(words[index + 1]) {
            meridiem = words[index + 1].first
            used = 2
        }
        guard let hour = Self.number(parts[0], digits: 1...2), parts.count <= 3, meridiem != nil || parts.count >= 2 else { return nil }
        guard acceptsWords || meridiem == nil else { return nil }
        var minute = 0
        var second = 0
        if parts.count >= 2 {
            guard let m = Self.number(parts[1], digits: 2...2) else { throw .malformed(input: text) }
            minute = m
        }
        if parts.count == 3 {
            // Seconds, perhaps with a fraction (dropped: the file keeps whole seconds).
            let secondText = parts[2].prefix { $0 != "." && $0 != "," }
            guard let s = Self.number(String(secondText), digits: 2...2) else { throw .malformed(input: text) }
            let fraction = parts[2].dropFirst(secondText.count)
            guard fraction.isEmpty || (fraction.count > 1 && fraction.dropFirst().allSatisfy(\.isNumber)) else { throw .malformed(input: text) }
            second = s
        }
        var hour24 = hour
        if let meridiem {
            guard (1...12).contains(hour) else { throw .impossible(input: text) }
            hour24 = hour % 12 + (meridiem == "p" ? 12 : 0)
        }
        guard hour24 < 24, minute < 60, second < 60 else { throw .impossible(input: text) }
        index += used
        return hour24 * 3600 + minute * 60 + second
    }

    /// `Z`, `+01:00`, `-0500`, `+05`, as its own word or stuck to the time.
    private func zonePhrase(_ words: [String], _ index: inout Int, _ text: String) throws(DateInputError) -> Zone? {
        guard index < words.count else { return nil }
        let word = words[index]
        if word == "z" {
            index += 1
            return .utc
        }
        guard let sign = word.first, sign == "+" || sign == "-" else { return nil }
        let digits = word.dropFirst().filter { $0 != ":" }
        guard digits.count == 2 || digits.count == 4, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            word.dropFirst().count == digits.count || (word.count == 6 && word[word.index(word.startIndex, offsetBy: 3)] == ":")
        else { throw .malformed(input: text) }
        let hours = Int(digits.prefix(2))!
        let minutes = digits.count == 4 ? Int(digits.suffix(2))! : 0
        guard hours <= 18, minutes < 60 else { throw .impossible(input: text) }
        index += 1
        return .offset((hours * 3600 + minutes * 60) * (sign == "-" ? -1 : 1))
    }

    private func atNoon(of day: CalendarDay) -> Timestamp {
        let resolved = timeZone.epochSeconds(forLocalSeconds: Int64(day.dayNumber) * 86_400 + 12 * 3600)
        return Timestamp(epochSeconds: resolved.epochSeconds, utcOffsetSeconds: resolved.utcOffsetSeconds)
    }
}
