import Testing
import TestSupport
import TrendCore

@Suite("Progress report preparation")
struct ProgressReportPreparationTests {
    @Test("a range does not reseed the trend")
    func sliceKeepsTrend() throws {
        let today = CalendarDay(year: 2026, month: 3, day: 31)!
        let start = today.adding(days: -89)
        let weights: [Double] = (0..<90).map { (i: Int) -> Double in
            let wobble: Double = i % 3 == 0 ? 0.6 : -0.3
            return 85 - 0.05 * Double(i) + wobble
        }
        let entries = dailyEntries(weights, startingAt: start)
        let all = ProgressReport.prepare(entries: entries, goalKilograms: nil, range: .all, today: today)
        let month = ProgressReport.prepare(entries: entries, goalKilograms: nil, range: .month, today: today)
        #expect(month.count == 30)
        #expect(month.from == today.adding(days: -29))
        let first = try #require(month.points.first)
        let same = try #require(all.points.first(where: { $0.entry.id == first.entry.id }))
        #expect(first.trendKilograms == same.trendKilograms)
        #expect(first.trendKilograms != first.kilograms)
        #expect(month.trendKilograms == all.trendKilograms)
    }

    @Test("reports start, latest, change, extremes and average of the range")
    func statistics() throws {
        let today = CalendarDay(year: 2026, month: 1, day: 3)!
        let report = ProgressReport.prepare(
            entries: dailyEntries([70, 71, 69]), goalKilograms: 65, range: .month, today: today)
        #expect(report.count == 3)
        #expect(report.start?.kilograms == 70)
        #expect(report.latest?.kilograms == 69)
        #expect(report.weightChangeKilograms == -1)
        // The change is the trend's: 69.99 − 70.
        #expect(abs(try #require(report.changeKilograms) + 0.01) < 1e-9)
        #expect(report.minimumKilograms == 69)
        #expect(report.maximumKilograms == 71)
        #expect(report.averageKilograms == 70)
        #expect(abs(try #require(report.trendKilograms) - 69.99) < 1e-9)
        // Signed: 4.99 kg to lose.
        #expect(abs(try #require(report.remainingKilograms) + 4.99) < 1e-9)
    }

    @Test("no weigh-ins in range: nothing summarised, but the headline numbers are there, as of the latest weigh-in")
    func emptyRange() throws {
        let today = CalendarDay(year: 2026, month: 11, day: 30)!
        let report = ProgressReport.prepare(entries: dailyEntries([70, 71]), goalKilograms: 60, range: .month, today: today)
        #expect(report.isEmpty)
        #expect(report.averageKilograms == nil)
        #expect(abs(try #require(report.trendKilograms) - 70.1) < 1e-9)
        #expect(report.goal != nil)
        #expect(report.from == today.adding(days: -29))
    }
}
