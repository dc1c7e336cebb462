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
