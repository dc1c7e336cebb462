import Testing
import TestSupport
@testable import TrendCore

/// SPEC §5: the report's numbers, checked against the formulas computed here.
@Suite("Progress report (SPEC §5)")
struct ProgressReportTests {
    static let firstDay = CalendarDay(year: 2026, month: 11, day: 1)!

    /// A 30-day history, 07:00 UTC, with some days skipped.
    static func history(days: Int = 30, skipping: Set<Int> = [4, 9, 10, 17]) -> [WeightEntry] {
        (0..<days).filter { !skipping.contains($0) }.map { day in
            WeightEntry(
                timestamp: Timestamp(epochSeconds: Int64(firstDay.adding(days: day).dayNumber) * 86_400 + 7 * 3600, utcOffsetSeconds: 0),
                kilograms: 90 - Double(day) * 0.12 + Double(day % 3) * 0.3)
        }
    }

    @Test("rows interleave weigh-ins and estimated days by day; two weigh-ins of one day keep their order")
    func rows() throws {
        var entries = Self.history(days: 8, skipping: [2, 3, 6])
        let second = WeightEntry(timestamp: Timestamp(epochSeconds: entries[1].timestamp.epochSeconds + 3600, utcOffsetSeconds: 0), kilograms: 89)
        entries.insert(second, at: 2)
        let report = ProgressReport.prepare(entries: entries, goalKilograms: nil, range: .month, today: Self.firstDay.adding(days: 7))
        let rows = report.rows
        #expect(rows.map { $0.day.dayNumber - Self.firstDay.dayNumber } == [0, 1, 1, 2, 3, 4, 5, 6, 7])
        #expect(rows.map(\.isEstimated) == [false, false, false, true, true, false, false, true, false])
        guard case .weighIn(let later) = rows[2] else { Issue.record("row 2 is not a weigh-in"); return }
        #expect(later.entry == second)
        #expect(rows.count == report.points.count + report.estimatedDays.count)
    }

    @Test("a 30-day history: change is the trend's, deltas, energy balance and as-of numbers follow the formulas")
    func thirtyDays() throws {
        let entries = Self.history()
        let today = Self.firstDay.adding(days: 29)
        let report = ProgressReport.prepare(entries: entries, goalKilograms: 80, range: .month, today: today)
        let expected = TrendMethodTests.reference(.trendweight, days: entries.map { $0.calendarDay.dayNumber - Self.firstDay.dayNumber }, weights: entries.map(\.kilograms))
        #expect(report.count == entries.count)
        #expect(report.asOf == today)
        #expect(report.trackingSince == Self.firstDay)
        #expect(abs(try #require(report.trendKilograms) - expected[29]) < 1e-9)
        #expect(abs(try #require(report.changeKilograms) - (expected[29] - expected[0])) < 1e-9)
        #expect(abs(try #require(report.weightChangeKilograms) - (entries.last!.kilograms - entries.first!.kilograms)) < 1e-12)
        #expect(abs(try #require(report.deltas.day) - (expected[29] - expected[28])) < 1e-9)
        #expect(abs(try #require(report.deltas.week) - (expected[29] - expected[22])) < 1e-9)
        #expect(abs(try #require(report.deltas.twoWeeks) - (expected[29] - expected[15])) < 1e-9)
        #expect(abs(try #require(report.deltas.fourWeeks) - (expected[29] - expected[1])) < 1e-9)
        let weekly = try #require(report.weeklyRateKilograms)
        #expect(report.energyBalanceKilocaloriesPerDay == Int((weekly / 0.45359237 * 3500 / 7).rounded()))
        #expect(report.energyBalanceKilocaloriesPerDay! < 0)
        // Every day without a weigh-in is an estimated day with the interpolated weight.
        #expect(report.estimatedDays.map { $0.day.dayNumber - Self.firstDay.dayNumber } == [4, 9, 10, 17])
        let ninth = try #require(report.estimatedDays.first { $0.day == Self.firstDay.adding(days: 9) })
        let eight = entries.first { $0.calendarDay == Self.firstDay.adding(days: 8) }!.kilograms
        let eleven = entries.first { $0.calendarDay == Self.firstDay.adding(days: 11) }!.kilograms
        #expect(abs(ninth.kilograms - (eight + (eleven - eight) / 3)) < 1e-12)
        #expect(abs(ninth.trendKilograms - expected[9]) < 1e-9)
        // Remaining is signed: weight to lose is negative.
        #expect(abs(try #require(report.remainingKilograms) - (80 - expected[29])) < 1e-9)
        #expect(report.goal?.isReached == false)
    }

    @Test("a stale history keeps its headline numbers as of the latest weigh-in and says how old it is")
    func stale() throws {
        let entries = Self.history()
        let today = Self.firstDay.adding(days: 29 + 40)
        let report = ProgressReport.prepare(entries: entries, goalKilograms: 80, range: .month, today: today)
        let fresh = ProgressReport.prepare(entries: entries, goalKilograms: 80, range: .month, today: Self.firstDay.adding(days: 29))
        #expect(report.isEmpty)
        #expect(report.count == 0)
        #expect(report.trendKilograms == fresh.trendKilograms)
        #expect(report.weeklyRateKilograms == fresh.weeklyRateKilograms)
        #expect(report.deltas == fresh.deltas)
        #expect(report.goal == fresh.goal)
        #expect(report.daysSinceLatestWeighIn == 40)
        #expect(report.changeKilograms == nil)
    }

    @Test("a history that never left the band around the goal has reached it, from either side", arguments: [(80.0, 81.1), (80, 78.9), (80, 80), (80, 81.13)])
    func goalBand(goal: Double, trend: Double) {
        let projection = GoalProjection(goalKilograms: goal, dailyTrends: [trend], dailySlopeKilograms: -0.1, latestDay: Self.firstDay)
        #expect(projection.isReached)
        #expect(projection.remainingKilograms == 0)
        #expect(projection.projectedDay == nil)
    }

    @Test("just outside the band the goal is not reached, and remaining is signed")
    func outsideBand() {
        let losing = GoalProjection(goalKilograms: 80, dailyTrends: [81.2], dailySlopeKilograms: -0.1, latestDay: Self.firstDay)
        #expect(!losing.isReached)
        #expect(abs(losing.remainingKilograms + 1.2) < 1e-12)
        let gaining = GoalProjection(goalKilograms: 80, dailyTrends: [78.8], dailySlopeKilograms: 0.1, latestDay: Self.firstDay)
        #expect(abs(gaining.remainingKilograms - 1.2) < 1e-12)
        #expect(gaining.projectedDay == Self.firstDay.adding(days: 12))
    }

    @Test("the chosen method is the one reported and used")
    func method() throws {
        let entries = Self.history()
        let today = Self.firstDay.adding(days: 29)
        let libra = ProgressReport.prepare(entries: entries, goalKilograms: nil, range: .all, today: today, method: .libra)
        #expect(libra.method == .libra)
        let expected = TrendMethodTests.reference(.libra, days: entries.map { $0.calendarDay.dayNumber - Self.firstDay.dayNumber }, weights: entries.map(\.kilograms))
        #expect(abs(try #require(libra.trendKilograms) - expected[29]) < 1e-9)
    }

    @Test("a streamed list takes the rows' order: by local day, then as stored, even where the instants run the other way")
    func dayOrder() throws {
        // Stored by instant: 21:00 UTC logged in India (29 Aug there) before 22:14 UTC logged in London (28 Aug).
        let india = try #require(Timestamp(iso8601: "2025-08-29T02:30:47+05:30"))
        let london = try #require(Timestamp(iso8601: "2025-08-28T22:14:08+00:00"))
        let later = try #require(Timestamp(iso8601: "2025-08-29T07:00:00+00:00"))
        let entries = [WeightEntry(timestamp: india, kilograms: 80), WeightEntry(timestamp: london, kilograms: 81), WeightEntry(timestamp: later, kilograms: 82)]
        let order = ProgressReport.dayOrder(of: entries)
        #expect(order == [1, 0, 2])
        let points = entries.map { ProgressReport.Point(entry: $0, trendKilograms: $0.kilograms) }
        let rows = ProgressReport.rows(points: points, estimatedDays: [])
        #expect(order.map { entries[$0].id } == rows.compactMap { if case .weighIn(let point) = $0 { point.entry.id } else { nil } })
        #expect(ProgressReport.dayOrder(of: [entries[1], entries[0], entries[2]]) == [0, 1, 2])
    }
}
