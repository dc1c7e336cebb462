import Testing
import TestSupport
@testable import TrendCore

@Suite("Where a day lies in a cycle")
struct PeriodCycleTests {
    static func days(_ numbers: [Int]) -> [CalendarDay] { numbers.map { CalendarDay(dayNumber: 20_000 + $0) } }

    @Test("a period's first day is the cycle's peak; halfway to the next, its trough")
    func shape() throws {
        // Periods of five days from days 0, 30 and 60: cycles of 30 days.
        let cycle = PeriodCycle(periodDays: Self.days((0..<5).flatMap { [$0, 30 + $0, 60 + $0] }.shuffled()))
        #expect(cycle.starts == Self.days([0, 30, 60]))
        #expect(cycle.typicalLength == 30)
        #expect(abs(try #require(cycle.waterShape(on: CalendarDay(dayNumber: 20_030))) - 1) < 1e-12)
        #expect(abs(try #require(cycle.waterShape(on: CalendarDay(dayNumber: 20_045))) + 1) < 1e-12)
        // After the last period, at the typical length; a period far overdue tells nothing.
        #expect(abs(try #require(cycle.waterShape(on: CalendarDay(dayNumber: 20_075))) + 1) < 1e-12)
        #expect(cycle.waterShape(on: CalendarDay(dayNumber: 20_060 + 30 + 14)) == nil)
        // Before the first, back from it; long before, nothing.
        #expect(abs(try #require(cycle.waterShape(on: CalendarDay(dayNumber: 20_000 - 15))) + 1) < 1e-12)
        #expect(cycle.waterShape(on: CalendarDay(dayNumber: 20_000 - 45)) == nil)
    }

    @Test("an unmarked period between two marked ones is not a cycle twice as long")
    func missedMark() {
        let cycle = PeriodCycle(periodDays: Self.days([0, 1, 28, 29, 84, 85]))
        #expect(cycle.typicalLength == 28)
        // From day 28, 56 days to the next start: read from the last start at 28 days.
        #expect(abs(cycle.waterShape(on: CalendarDay(dayNumber: 20_028 + 14))! + 1) < 1e-12)
        #expect(PeriodCycle(periodDays: []).isEmpty)
    }

    @Test("the intake shift is the week's mean against the two weeks before, from logged days only", arguments: 0..<5)
    func intakeShift(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed) + 40)
        let totals: [Double?] = (0..<60).map { _ in Double.random(in: 0...1, using: &generator) < 0.3 ? nil : Double.random(in: 1200...3000, using: &generator) }
        let shifts = IntakeShift.shifts(totals)
        let probe = IntakeShiftProbe.shifts(totals)
        for (a, b) in zip(shifts, probe) {
            #expect((a == nil) == (b == nil))
            if let a, let b { #expect(abs(a - b) < 1e-9) }
        }
    }
}
