import Testing
import TestSupport
@testable import TrendCore

@Suite("What a data file can hold")
struct TimestampTests {
    static func at(_ year: Int, _ month: Int, _ day: Int, _ seconds: Int, offset: Int) -> Timestamp {
        let local = Int64(CalendarDay(year: year, month: month, day: day)!.dayNumber) * 86_400 + Int64(seconds)
        return Timestamp(epochSeconds: local - Int64(offset), utcOffsetSeconds: offset)
    }

    @Test("the extremes of years and offsets are written and read back exactly", arguments: [
        at(1, 1, 1, 0, offset: 18 * 3600), at(1, 1, 1, 0, offset: -18 * 3600),
        at(9999, 12, 31, 86_399, offset: -18 * 3600), at(9999, 12, 31, 86_399, offset: 18 * 3600),
        at(1850, 6, 1, 43_200, offset: -(4 * 3600 + 56 * 60)),
    ])
    func extremesRoundTrip(timestamp: Timestamp) throws {
        #expect(timestamp.storable == timestamp)
        let store = RecordStore(entries: [WeightEntry(timestamp: timestamp, kilograms: 80)])
        let read = try StoreDocument.decode(StoreDocument.encode(store), path: "w")
        #expect(read.entries.first?.timestamp == timestamp)
        #expect(read == store)
    }

    @Test("beyond them nothing is storable", arguments: [
        at(1, 1, 1, 0, offset: 0).adding(seconds: -1), at(9999, 12, 31, 86_399, offset: 0).adding(seconds: 1),
        Timestamp(epochSeconds: 0, utcOffsetSeconds: 18 * 3600 + 60), Timestamp(epochSeconds: 0, utcOffsetSeconds: -24 * 3600),
    ])
    func beyond(timestamp: Timestamp) {
        #expect(timestamp.storable == nil)
    }

    @Test("an offset with seconds (local mean time) is rounded to the minute, the local date and time kept as they were")
    func localMeanTime() throws {
        let lmt = Timestamp(epochSeconds: -3_786_825_600, utcOffsetSeconds: -17_762)
        let storable = try #require(lmt.storable)
        #expect(storable.utcOffsetSeconds == -17_760)
        #expect(storable.epochSeconds + Int64(storable.utcOffsetSeconds) == lmt.epochSeconds + Int64(lmt.utcOffsetSeconds))
        #expect(storable.day == lmt.day && storable.secondOfDay == lmt.secondOfDay)
        // Near midnight: keeping the instant would move it to the day before.
        let midnight = Timestamp(epochSeconds: -315_619_200 + 2_670, utcOffsetSeconds: -2_670)
        #expect(try #require(midnight.storable).day == midnight.day)
    }

    @Test("a typed date that cannot be stored is refused, quoting it")
    func refusedOnInput() {
        var input = DateInput(timeZone: FixedOffsetTimeZone(offsetSeconds: -4 * 3600), nowEpochSeconds: 1_800_000_000)
        input.utcDesignator = .localOffset
        #expect(throws: DateInputError.notStorable(input: "0001-01-01T00:00:00Z")) {
            try input.timestamp(parsing: "0001-01-01T00:00:00Z")
        }
        #expect(throws: DateInputError.notStorable(input: "0001-01-01T00:00:00-18:30")) {
            try input.timestamp(parsing: "0001-01-01T00:00:00-18:30")
        }
    }
}

extension Timestamp {
    func adding(seconds: Int64) -> Timestamp {
        Timestamp(epochSeconds: epochSeconds + seconds, utcOffsetSeconds: utcOffsetSeconds)
    }
}
