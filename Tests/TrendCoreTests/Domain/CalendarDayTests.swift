import Testing
import TrendCore

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

    @Test("a day is written YYYY-MM-DD, years below 1000 with leading zeros, and outside 0–9999 as the number it is", arguments: [
        (2026, 12, 3, "2026-12-03"), (1, 1, 1, "0001-01-01"), (999, 10, 9, "0999-10-09"), (9999, 12, 31, "9999-12-31"),
        (0, 2, 29, "0000-02-29"), (10_000, 1, 1, "10000-01-01"), (-1, 12, 31, "-0001-12-31"),
    ])
    func description(year: Int, month: Int, day: Int, text: String) throws {
        #expect(try #require(CalendarDay(year: year, month: month, day: day)).description == text)
    }

    @Test("a timestamp's day is its local date at its own offset")
    func localDay() throws {
        // 23:30 UTC on the 29th is already the 30th in Berlin, still the 29th in New York.
        let berlin = try #require(Timestamp(iso8601: "2026-11-30T00:30:00+01:00"))
        let newYork = try #require(Timestamp(iso8601: "2026-11-29T18:30:00-05:00"))
        #expect(berlin.epochSeconds == newYork.epochSeconds)
        #expect(berlin.day.description == "2026-11-30")
        #expect(newYork.day.description == "2026-11-29")
    }

    @Test("stored timestamps round-trip, and Z is written as +00:00")
    func roundTrip() throws {
        for text in ["2026-11-29T07:30:00+01:00", "1999-12-31T23:59:59-09:30", "2026-01-01T00:00:00+00:00"] {
            #expect(try #require(Timestamp(iso8601: text)).iso8601 == text)
        }
        #expect(try #require(Timestamp(iso8601: "2026-11-29T07:30:00Z")).iso8601 == "2026-11-29T07:30:00+00:00")
        #expect(Timestamp(iso8601: "2026-11-29 07:30:00+01:00") == nil)
        #expect(Timestamp(iso8601: "2026-02-30T07:30:00+01:00") == nil)
    }
}
