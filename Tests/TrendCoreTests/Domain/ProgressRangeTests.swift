import Testing
import TrendCore

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

    @Test("All has no limit")
    func parsing() {
        #expect(ProgressRange.all.days == nil)
    }
}
