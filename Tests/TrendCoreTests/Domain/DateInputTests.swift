import Testing
import TestSupport
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

/// New York-like rules: −05:00, −04:00 from 2026-03-08 07:00 UTC to 2026-11-01 06:00 UTC.
struct WesternZone: LocalTimeZone {
    static let springForward: Int64 = 1_772_953_200  // 2026-03-08T07:00:00Z
    static let fallBack: Int64 = 1_793_512_800  // 2026-11-01T06:00:00Z

    func utcOffset(atEpochSeconds seconds: Int64) -> Int {
        seconds >= Self.springForward && seconds < Self.fallBack ? -14_400 : -18_000
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

    /// Monday 30 Nov 2026, 09:00 in the eastern zone.
    @Test("reads what people type when they backfill, east of UTC", arguments: [
        ("2026-11-3", "2026-11-03T12:00:00+01:00"), ("2026/11/03", "2026-11-03T12:00:00+01:00"),
        ("2026-11-03 7:05", "2026-11-03T07:05:00+01:00"), ("2026-11-3 7:05 pm", "2026-11-03T19:05:00+01:00"),
        ("2026/11/03 7pm", "2026-11-03T19:00:00+01:00"), ("7am", "2026-11-30T07:00:00+01:00"),
        ("7:05 pm", "2026-11-30T19:05:00+01:00"), ("12am", "2026-11-30T00:00:00+01:00"), ("12pm", "2026-11-30T12:00:00+01:00"),
        ("yesterday 07:00", "2026-11-29T07:00:00+01:00"), ("yesterday 7am", "2026-11-29T07:00:00+01:00"),
        ("Yesterday at 7 AM", "2026-11-29T07:00:00+01:00"), ("today 18:30", "2026-11-30T18:30:00+01:00"),
        ("mon", "2026-11-23T12:00:00+01:00"), ("Monday 7am", "2026-11-23T07:00:00+01:00"), ("sun", "2026-11-29T12:00:00+01:00"),
        ("tues", "2026-11-24T12:00:00+01:00"), ("2d ago", "2026-11-28T12:00:00+01:00"), ("3 days ago", "2026-11-27T12:00:00+01:00"),
        ("-2d", "2026-11-28T12:00:00+01:00"), ("1w ago", "2026-11-23T12:00:00+01:00"), ("2d ago 6:45", "2026-11-28T06:45:00+01:00"),
        ("Nov 3", "2026-11-03T12:00:00+01:00"), ("3 Nov", "2026-11-03T12:00:00+01:00"), ("3 November 2026", "2026-11-03T12:00:00+01:00"),
        ("Nov 3, 2026 7:05", "2026-11-03T07:05:00+01:00"), ("Dec 3", "2025-12-03T12:00:00+01:00"), ("Nov 30", "2026-11-30T09:00:00+01:00"),
        ("sept 1 7am", "2026-09-01T07:00:00+02:00"), ("2026-03-29 2:30", "2026-03-29T03:30:00+02:00"),
        ("2026-07-01 7am", "2026-07-01T07:00:00+02:00"), ("now", "2026-11-30T09:00:00+01:00"),
    ])
    func readsTypedForms(text: String, expected: String) throws {
        #expect(try input.timestamp(parsing: text).iso8601 == expected, "\(text)")
    }

    /// Monday 30 Nov 2026, 03:00 in the western zone.
    @Test("reads the same forms west of UTC, across its DST changes", arguments: [
        ("yesterday 7am", "2026-11-29T07:00:00-05:00"), ("mon 6:30", "2026-11-23T06:30:00-05:00"),
        ("2026-07-04 7am", "2026-07-04T07:00:00-04:00"), ("2026-11-01 1:30", "2026-11-01T01:30:00-04:00"),
        ("2026-03-08 2:30", "2026-03-08T03:30:00-04:00"), ("Nov 1 7:30 pm", "2026-11-01T19:30:00-05:00"),
        ("3 days ago", "2026-11-27T12:00:00-05:00"), ("7am", "2026-11-30T07:00:00-05:00"),
    ])
    func readsWestOfUTC(text: String, expected: String) throws {
        let west = DateInput(timeZone: WesternZone(), nowEpochSeconds: 1_796_025_600)
        #expect(try west.timestamp(parsing: text).iso8601 == expected, "\(text)")
    }

    @Test("tomorrow and other future words are refused, naming the forms", arguments: ["tomorrow", "tomorrow 7am", "next monday", "Tomorrow"])
    func future(text: String) {
        #expect(throws: DateInputError.future(input: text)) { try input.timestamp(parsing: text) }
        #expect(DateInputError.future(input: text).description.contains("'2d ago'"))
    }

    @Test("a bound is a whole day without a time, an instant with one, or a duration back from now")
    func bounds() throws {
        #expect(try input.bound(parsing: "mon") == .day(CalendarDay(year: 2026, month: 11, day: 23)!))
        #expect(try input.bound(parsing: "14d") == .day(CalendarDay(year: 2026, month: 11, day: 16)!))
        #expect(try input.bound(parsing: "2w") == .day(CalendarDay(year: 2026, month: 11, day: 16)!))
        #expect(try input.bound(parsing: "36h") == .instant(Timestamp(epochSeconds: 1_796_025_600 - 36 * 3600, utcOffsetSeconds: 3600)))
        #expect(try input.bound(parsing: "yesterday 7am") == .instant(try input.timestamp(parsing: "2026-11-29 07:00")))
        #expect(throws: DateInputError.ambiguousMinutes(input: "1m")) { try input.bound(parsing: "1m") }
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
        ("13pm", .impossible(input: "13pm")), ("Feb 30", .impossible(input: "Feb 30")), ("foo", .malformed(input: "foo")),
        ("7:5", .malformed(input: "7:5")), ("2026-11-3 07", .malformed(input: "2026-11-3 07")),
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

@Suite("Durations")
struct ElapsedTimeTests {
    @Test("units and their combinations", arguments: [
        ("90min", Int64(5400)), ("20h", 72_000), ("2d", 172_800), ("1w", 604_800), ("1d12h", 129_600), ("1h30min", 5400), ("0h", 0),
    ])
    func parses(text: String, seconds: Int64) throws {
        #expect(try ElapsedTime(parsing: text).seconds == seconds)
    }

    @Test("m alone is ambiguous; anything else that is not N and a unit is malformed", arguments: [
        ("1m", ElapsedTime.Problem.ambiguousM), ("2d3m", .ambiguousM), ("", .malformed), ("h", .malformed), ("3 days", .malformed),
        ("-1h", .malformed), ("2y", .malformed), ("1.5h", .malformed),
    ])
    func refuses(text: String, problem: ElapsedTime.Problem) {
        #expect(throws: problem) { try ElapsedTime(parsing: text) }
    }

    @Test("an age reads in its two largest units", arguments: [
        (Int64(183_600), "2 d 3 h"), (2700, "45 min"), (1_900_800, "3 w 1 d"), (172_800, "2 d"), (30, "0 min"), (3660, "1 h 1 min"),
    ])
    func describes(seconds: Int64, text: String) {
        #expect(ElapsedTime.describe(seconds: seconds) == text)
    }
}

/// The fast path for the ISO forms files write must read every text exactly
/// as the full reader does, or leave it to the full reader.
@Suite("ISO dates read from bytes")
struct ISODateFastPathTests {
    static let texts: [String] = {
        var texts = [
            "2026-11-03", "2026-11-03 07:05", "2026-11-03T07:05", "2026-11-03T07:05:09", "2026-11-03 07:05:09.645", "2026-11-03T07:05:09,5",
            "2026-11-03T07:05:09Z", "2026-11-03T07:05:09+01:00", "2026-11-03T07:05:09-0530", "2026-11-03 23:59:59+14:00",
            "2026-03-29 02:30", "2026-10-25 02:30", "2026-10-25T02:30:00Z", "0001-01-01T00:00:00+00:00", "9999-12-31T23:59:59+00:00",
            "2026-02-29", "2026-13-01", "2026-11-03T24:00", "2026-11-03T07:60", "2026-11-03T07:05:60", "2026-11-03T07:05+19:00",
            "2026-11-03T07:05+01", "2026-11-03T07:05:09.", "2026-11-03X07:05", "2026-1-3", "2026/11/03", "0000-01-01", "2026-11-30",
            "2026-11-03 07:05:09 +0100", "2026-11-03 07:05:09 -0800", "2026-03-29 02:30:00 +0100", "2026-11-03 07:05:09 +", "2026-11-03T07:05+", "2026-11-03T07:05:09-1", "2026-11-03 07:05:09 0100",
        ]
        var generator = SeededGenerator(seed: 5)
        for _ in 0..<600 {
            let year = Int.random(in: 1...9999, using: &generator)
            let month = Int.random(in: 0...13, using: &generator)
            let day = Int.random(in: 0...32, using: &generator)
            let hour = Int.random(in: 0...25, using: &generator)
            let minute = Int.random(in: 0...61, using: &generator)
            let second = ["", ":00", ":59", ":60", ":7"].randomElement(using: &generator)!
            let zone = ["", "Z", "+01:00", "-0800", "+18:00", "+18:01", " ", " +0100", " -08:00", "  +0100", " Z"].randomElement(using: &generator)!
            let separator = ["T", " ", "_"].randomElement(using: &generator)!
            func pad(_ v: Int, _ w: Int) -> String { String(repeating: "0", count: max(0, w - String(v).count)) + String(v) }
            texts.append("\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))\(separator)\(pad(hour, 2)):\(pad(minute, 2))\(second)\(zone)")
        }
        return texts
    }()

    @Test("the same instant and offset as the full reader, or nil", arguments: [DateInput.UTCDesignator.keepUTC, .localOffset])
    func agrees(designator: DateInput.UTCDesignator) {
        var input = DateInput(timeZone: TwoTransitionZone(), nowEpochSeconds: 1_796_025_600)
        input.dateAlone = .noon
        input.utcDesignator = designator
        input.acceptsWords = false
        var fast = 0
        for text in Self.texts {
            let full = try? input.timestamp(parsing: text)
            guard let quick = input.isoTimestamp(text) else { continue }
            fast += 1
            #expect(quick == full, "\(text): fast \(quick), full \(String(describing: full))")
        }
        #expect(fast > 100, "the fast path reads the common forms")
        #expect(input.isoTimestamp("2026-11-03 07:05:09 +0100") != nil, "Apple Health's form is a common one")
    }
}
