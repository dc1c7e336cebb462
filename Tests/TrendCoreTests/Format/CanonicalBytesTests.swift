import Testing
@testable import TrendCore

@Suite("The canonical lines' fixed-width fields")
struct CanonicalBytesTests {
    @Test("the reader's day count agrees with days_from_civil on every month of the years 1–9999")
    func civilDays() {
        var disagreements: [String] = []
        for year in 1...9999 {
            for month in 1...12 {
                for day in Set([1, 15, 28, CalendarDay.daysInMonth(year: year, month: month)]) {
                    let expected = CalendarDay.daysFromCivil(year: year, month: month, day: day)
                    if CanonicalBytes.civilDays(year: year, month: month, day: day) != expected { disagreements.append("\(year)-\(month)-\(day)") }
                }
            }
        }
        #expect(disagreements.isEmpty)
    }

    @Test(
        "a date is read only when its day is in its month",
        arguments: [
            ("2024-02-29T12:00:00+00:00\"", true), ("2023-02-29T12:00:00+00:00\"", false), ("2026-04-31T12:00:00+00:00\"", false),
            ("2026-12-31T23:59:59-05:00\"", true), ("2026-01-28T00:00:00+14:00\"", true), ("2100-02-29T00:00:00+00:00\"", false),
        ])
    func realDays(text: String, valid: Bool) {
        let bytes = Array(text.utf8)
        let timestamp = bytes.withUnsafeBufferPointer { CanonicalBytes.timestamp($0.baseAddress!) }
        #expect((timestamp != nil) == valid)
        if let timestamp { #expect(timestamp.description == String(text.dropLast())) }
    }

    @Test(
        "each field of a date is read to its limits as the full parser reads it",
        arguments: [
            "0001-01-01T00:00:00+00:00", "0000-01-01T00:00:00+00:00", "9999-12-31T23:59:59+00:00", "2026-00-10T12:00:00+00:00",
            "2026-13-10T12:00:00+00:00", "2026-12-00T12:00:00+00:00", "2026-12-31T24:00:00+00:00", "2026-12-31T23:60:00+00:00",
            "2026-12-31T23:59:60+00:00", "2026-06-15T09:41:27+18:00", "2026-06-15T09:41:27-18:00", "2026-06-15T09:41:27+18:01",
            "2026-06-15T09:41:27+17:59", "2026-06-15T09:41:27+05:60", "2026-06-15T09:41:27+05:45", "2026-06-15T09:41:27-09:30",
            "1987-10-29T19:08:53+01:00", "2026-06-15T09:41:27 05:00", "2026-06-15T09:4a:27+05:00", "2026-06-15T09:41:27+05:0:",
        ])
    func fieldLimits(text: String) {
        let bytes = Array((text + "\"").utf8)
        let fast = bytes.withUnsafeBufferPointer { CanonicalBytes.timestamp($0.baseAddress!) }
        let full = bytes.withUnsafeBufferPointer { Timestamp.parse($0, 0..<25) }
        #expect(fast == full)
        if let fast { #expect(fast.description == text) }
    }
}
