import Testing
import TrendCore

/// Berlin-like rules with one spring-forward and one fall-back in 2026:
/// +01:00 until 2026-03-29 01:00 UTC, +02:00 until 2026-10-25 01:00 UTC.
struct TwoTransitionZone: LocalTimeZone {
    static let springForward: Int64 = 1_774_746_000  // 2026-03-29T01:00:00Z
    static let fallBack: Int64 = 1_792_890_000  // 2026-10-25T01:00:00Z

    func utcOffset(atEpochSeconds seconds: Int64) -> Int {
        seconds >= Self.springForward && seconds < Self.fallBack ? 7200 : 3600
    }
}

@Suite("Typed dates")
struct DateInputTests {
    /// 2026-11-30 08:00 UTC, 09:00 in the zone.
    let input = DateInput(timeZone: TwoTransitionZone(), nowEpochSeconds: 1_796_025_600)

    @Test("reads each form, local times at the zone's offset", arguments: [
        ("2026-11-20", "2026-11-20T12:00:00+01:00"),
        ("2026-11-20 07:30", "2026-11-20T07:30:00+01:00"),
        ("2026-11-20T07:30:15", "2026-11-20T07:30:15+01:00"),
        ("2026-07-01 07:30", "2026-07-01T07:30:00+02:00"),
        ("2026-11-20T07:30Z", "2026-11-20T07:30:00+00:00"),
        ("2026-11-20T07:30:00-05:00", "2026-11-20T07:30:00-05:00"),
        ("2026-11-20 07:30:00 +0530", "2026-11-20T07:30:00+05:30"),
        ("yesterday", "2026-11-29T12:00:00+01:00"),
        ("today", "2026-11-30T09:00:00+01:00"),
        ("2026-11-30", "2026-11-30T09:00:00+01:00"),
    ])
    func reads(text: String, expected: String) throws {
        #expect(try input.timestamp(parsing: text).iso8601 == expected)
    }

    @Test("a time in the spring-forward gap moves forward by the gap")
    func springForwardGap() throws {
        #expect(try input.timestamp(parsing: "2026-03-29 02:30").iso8601 == "2026-03-29T03:30:00+02:00")
    }

    @Test("a repeated time at fall-back takes the earlier instant")
    func fallBackRepeat() throws {
        let stamp = try input.timestamp(parsing: "2026-10-25 02:30")
        #expect(stamp.iso8601 == "2026-10-25T02:30:00+02:00")
        #expect(stamp.epochSeconds == TwoTransitionZone.fallBack - 1800)
    }

    @Test("importing: a date alone is always noon, and Z takes the local offset")
    func importRules() throws {
        var importing = input
        importing.dateAlone = .noon
        importing.utcDesignator = .localOffset
        #expect(try importing.timestamp(parsing: "2026-11-30").iso8601 == "2026-11-30T12:00:00+01:00")
        #expect(try importing.timestamp(parsing: "2026-11-29T23:30:00Z").iso8601 == "2026-11-30T00:30:00+01:00")
    }

    @Test("refuses impossible and malformed dates", arguments: [
        ("2026-13-45", DateInputError.impossible(input: "2026-13-45")),
        ("2026-02-29", .impossible(input: "2026-02-29")),
        ("2026-11-20 24:00", .impossible(input: "2026-11-20 24:00")),
        ("20-11-2026", .malformed(input: "20-11-2026")),
        ("tomorrowish", .malformed(input: "tomorrowish")),
        ("2026-11-20T07", .malformed(input: "2026-11-20T07")),
        ("2026-11-20 07:30 CET", .malformed(input: "2026-11-20 07:30 CET")),
        ("", .malformed(input: "")),
    ])
    func rejects(text: String, error: DateInputError) {
        #expect(throws: error) { try input.timestamp(parsing: text) }
    }
}

@Suite("Calendar days and timestamps")
struct CalendarDayTests {
    @Test("converts to and from day numbers across eras and leap days", arguments: [
        (1970, 1, 1, 0), (2000, 2, 29, 11_016), (1969, 12, 31, -1), (2026, 11, 30, 20_787),
    ])
    func dayNumbers(year: Int, month: Int, day: Int, number: Int) throws {
        let calendarDay = try #require(CalendarDay(year: year, month: month, day: day))
        #expect(calendarDay.dayNumber == number)
        #expect(CalendarDay(dayNumber: number).description == calendarDay.description)
    }

    @Test("a timestamp's day is its local date at its own offset")
    func localDay() throws {
        // 23:30 UTC on the 29th is already the 30th in Berlin, still the 29th in New York.
        let berlin = try #require(Timestamp(iso8601: "2026-11-30T00:30:00+01:00"[...].utf8))
        let newYork = try #require(Timestamp(iso8601: "2026-11-29T18:30:00-05:00"[...].utf8))
        #expect(berlin.epochSeconds == newYork.epochSeconds)
        #expect(berlin.day.description == "2026-11-30")
        #expect(newYork.day.description == "2026-11-29")
    }

    @Test("stored timestamps round-trip, and Z is written as +00:00")
    func roundTrip() throws {
        for text in ["2026-11-29T07:30:00+01:00", "1999-12-31T23:59:59-09:30", "2026-01-01T00:00:00+00:00"] {
            #expect(try #require(Timestamp(iso8601: text[...].utf8)).iso8601 == text)
        }
        #expect(try #require(Timestamp(iso8601: "2026-11-29T07:30:00Z"[...].utf8)).iso8601 == "2026-11-29T07:30:00+00:00")
        #expect(Timestamp(iso8601: "2026-11-29 07:30:00+01:00"[...].utf8) == nil)
        #expect(Timestamp(iso8601: "2026-02-30T07:30:00+01:00"[...].utf8) == nil)
    }
}

@Suite("Progress ranges")
struct ProgressRangeTests {
    @Test("have the product's day counts", arguments: [
        (ProgressRange.month, 30), (.threeMonths, 90), (.sixMonths, 180), (.year, 365),
    ])
    func days(range: ProgressRange, days: Int) {
        #expect(range.days == days)
        let today = CalendarDay(year: 2026, month: 11, day: 30)!
        #expect(range.firstDay(today: today) == today.adding(days: -(days - 1)))
    }

    @Test("All has no limit; names parse case-insensitively")
    func parsing() {
        #expect(ProgressRange.all.days == nil)
        #expect(ProgressRange(parsing: "3m") == .threeMonths)
        #expect(ProgressRange(parsing: "all") == .all)
        #expect(ProgressRange(parsing: "2M") == nil)
    }
}
