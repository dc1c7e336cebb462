import Foundation
import Testing
import TestSupport
import TrendCore

/// SPEC §13 and §5, computed here from the formulas: an exponential moving
/// average with α = 0.1 seeded with the first weight, the plan line as a
/// straight line from (start, trend then) to (goal, end day), 3500 kcal a
/// pound.
private enum Reference {
    static func trends(_ weights: [Double]) -> [Double] {
        var trend = weights[0]
        return weights.map { weight in
            trend += 0.1 * (weight - trend)
            return trend
        }
    }

    /// Least squares over the last 14 trends, per day.
    static func slope(_ trends: [Double]) -> Double {
        let window = Array(trends.suffix(14))
        let n = Double(window.count)
        let xs = (0..<window.count).map(Double.init)
        let meanX = xs.reduce(0, +) / n
        let meanY = window.reduce(0, +) / n
        let covariance = zip(xs, window).reduce(0) { $0 + ($1.0 - meanX) * ($1.1 - meanY) }
        let variance = xs.reduce(0) { $0 + ($1 - meanX) * ($1 - meanX) }
        return covariance / variance
    }

    static func kilocalories(weeklyKilograms: Double) -> Int {
        Int((weeklyKilograms / 7 * 3500 / 0.45359237).rounded())
    }
}

@Suite("Plans (SPEC §13)")
struct PlanTests {
    let start = CalendarDay(year: 2026, month: 3, day: 1)!

    /// Daily weigh-ins from `start`, falling by `perDay`.
    func falling(from first: Double, perDay: Double, days: Int) -> [Double] {
        (0..<days).map { first - perDay * Double($0) }
    }

    @Test("a plan by date that is behind: the plan line, how far behind, the rate and energy now needed, and how late the current rate arrives")
    func byDateBehind() throws {
        let weights = falling(from: 90, perDay: 0.02, days: 30)
        let today = start.adding(days: 29)
        let by = start.adding(days: 100)
        let plan = GoalPlan(start: start, pace: .by(by))
        let report = ProgressReport.prepare(entries: dailyEntries(weights, startingAt: start), goalKilograms: 80, goalPlan: plan, range: .all, today: today)
        let status = try #require(report.plan)
        let trends = Reference.trends(weights)
        let trend = try #require(trends.last)

        #expect(status.start == start)
        #expect(status.by == by)
        #expect(abs(status.startTrendKilograms - 90) < 1e-9)
        #expect(abs(status.weeklyRateKilograms - (80 - 90) / 100 * 7) < 1e-9)
        let line = 90 + (80 - 90) * 29.0 / 100
        #expect(abs(status.planTrendTodayKilograms - line) < 1e-9)
        let ahead = try #require(status.aheadByKilograms)
        #expect(abs(ahead - (line - trend)) < 1e-9)
        #expect(ahead < 0, "behind the plan is negative")
        #expect(abs(try #require(status.aheadByDays) - ahead / (10.0 / 100)) < 1e-6)
        let required = (80 - trend) / 71 * 7
        #expect(abs(try #require(status.requiredWeeklyRateKilograms) - required) < 1e-9)
        #expect(status.requiredEnergyBalance == Reference.kilocalories(weeklyKilograms: required))
        // The current rate reaches 80 this many days after the latest weigh-in, and so this late.
        let slope = Reference.slope(trends)
        let arrives = Int(((trend - 80) / -slope).rounded(.down))
        #expect(status.daysLate == 29 + arrives - 100)
        #expect(try #require(status.daysLate) > 0)
        #expect(!status.isOverdue)
        #expect(!status.isDone)
    }

    @Test("a plan by rate that is ahead: its end day comes from the rate")
    func byRateAhead() throws {
        let weights = falling(from: 90, perDay: 0.15, days: 21)
        let today = start.adding(days: 20)
        let plan = GoalPlan(start: start, pace: .weeklyRate(kilograms: -0.5))
        let report = ProgressReport.prepare(entries: dailyEntries(weights, startingAt: start), goalKilograms: 85, goalPlan: plan, range: .all, today: today)
        let status = try #require(report.plan)
        let trend = try #require(Reference.trends(weights).last)
        // 5 kg at 0.5 kg a week: 70 days.
        #expect(status.by == start.adding(days: 70))
        #expect(status.weeklyRateKilograms == -0.5)
        let line = 90 - 0.5 / 7 * 20
        #expect(abs(status.planTrendTodayKilograms - line) < 1e-9)
        let ahead = try #require(status.aheadByKilograms)
        #expect(abs(ahead - (line - trend)) < 1e-9)
        #expect(ahead > 0)
        #expect(abs(try #require(status.aheadByDays) - ahead / (0.5 / 7)) < 1e-6)
        #expect(try #require(status.daysLate) < 0, "arrives before the plan's day")
    }

    @Test("a plan to gain counts ahead the other way")
    func gaining() throws {
        let weights = (0..<14).map { 60 + 0.05 * Double($0) }
        let today = start.adding(days: 13)
        let plan = GoalPlan(start: start, pace: .weeklyRate(kilograms: 0.25))
        let report = ProgressReport.prepare(entries: dailyEntries(weights, startingAt: start), goalKilograms: 63, goalPlan: plan, range: .all, today: today)
        let status = try #require(report.plan)
        let trend = try #require(Reference.trends(weights).last)
        #expect(status.by == start.adding(days: 84))
        let line = 60 + 3 * 13.0 / 84
        #expect(abs(try #require(status.aheadByKilograms) - (trend - line)) < 1e-9)
    }

    @Test("past its date without reaching the goal, the plan says so and asks nothing more")
    func overdue() throws {
        let weights = falling(from: 90, perDay: 0.02, days: 30)
        let today = start.adding(days: 29)
        let plan = GoalPlan(start: start, pace: .by(start.adding(days: 20)))
        let report = ProgressReport.prepare(entries: dailyEntries(weights, startingAt: start), goalKilograms: 80, goalPlan: plan, range: .all, today: today)
        let status = try #require(report.plan)
        #expect(status.isOverdue)
        #expect(!status.isDone)
        #expect(status.requiredWeeklyRateKilograms == nil)
        #expect(status.requiredEnergyBalance == nil)
        // The plan line stops at the goal on its day.
        #expect(abs(status.planTrendTodayKilograms - 80) < 1e-9)
    }

    @Test("reached, the plan is done")
    func done() throws {
        let weights = falling(from: 84, perDay: 0.2, days: 30)
        let today = start.adding(days: 29)
        let plan = GoalPlan(start: start, pace: .by(start.adding(days: 60)))
        let report = ProgressReport.prepare(entries: dailyEntries(weights, startingAt: start), goalKilograms: 80, goalPlan: plan, range: .all, today: today)
        let status = try #require(report.plan)
        #expect(status.isDone)
        #expect(!status.isOverdue)
        #expect(status.daysLate == nil)
    }

    @Test("without a goal there is no plan status, and a goal without a plan has none either")
    func noPlan() {
        let entries = dailyEntries(falling(from: 90, perDay: 0.1, days: 10), startingAt: start)
        let plan = GoalPlan(start: start, pace: .weeklyRate(kilograms: -0.5))
        #expect(ProgressReport.prepare(entries: entries, goalKilograms: nil, goalPlan: plan, range: .all, today: start.adding(days: 9)).plan == nil)
        #expect(ProgressReport.prepare(entries: entries, goalKilograms: 80, range: .all, today: start.adding(days: 9)).plan == nil)
    }
}

@Suite("A week of weigh-ins before a rate (SPEC §5)")
struct EnoughDataTests {
    static let start = CalendarDay(year: 2026, month: 5, day: 1)!

    /// Weigh-in day offsets from the first, and whether that is enough.
    @Test("rate, energy, projection and plan status wait for 4 weigh-in days over at least 7", arguments: [
        ([0, 1], false),
        ([0, 1, 2, 3, 4, 5], false),
        ([0, 1, 2, 3, 4, 5, 6], true),
        ([0, 2, 4, 6], true),
        ([0, 3, 6], false),
        ([0, 1, 2, 10], true),
        ([0, 30], false),
        ([0, 1, 2, 3], false),
    ])
    func threshold(offsets: [Int], enough: Bool) throws {
        let entries = offsets.enumerated().map { index, offset in
            let day = Self.start.adding(days: offset)
            return WeightEntry(timestamp: .local(day.year, day.month, day.day, 7), kilograms: 90 - 0.3 * Double(index))
        }
        let today = Self.start.adding(days: try #require(offsets.last))
        let plan = GoalPlan(start: Self.start, pace: .weeklyRate(kilograms: -0.5))
        let report = ProgressReport.prepare(entries: entries, goalKilograms: 80, goalPlan: plan, range: .all, today: today)
        #expect(report.hasEnoughData == enough)
        #expect(report.weighInDays == offsets.count)
        #expect((report.weeklyRateKilograms != nil) == enough)
        #expect((report.energyBalanceKilocaloriesPerDay != nil) == enough)
        #expect((report.projectedGoalDate != nil) == enough)
        let planStatus = try #require(report.plan)
        #expect((planStatus.aheadByKilograms != nil) == enough)
        // The plan line itself is known from the first day.
        #expect(planStatus.planTrendTodayKilograms > 80)
    }
}

@Suite("--until with a range, and long gaps")
struct UntilAndGapTests {
    static let first = CalendarDay(year: 2024, month: 1, day: 1)!

    @Test("a named range with until is that range ending then, and later weigh-ins are not in it", arguments: ProgressRange.allCases)
    func untilWithRange(range: ProgressRange) throws {
        let weights = (0..<800).map { 90 - 0.01 * Double($0) }
        let entries = dailyEntries(weights, startingAt: Self.first)
        let until = Self.first.adding(days: 600)
        let today = Self.first.adding(days: 799)
        let report = ProgressReport.prepare(entries: entries, goalKilograms: nil, range: range, today: today, until: until)
        #expect(report.to == until)
        #expect(report.asOf == until)
        let expectedFirst = range.days.map { until.adding(days: -($0 - 1)) } ?? Self.first
        #expect(report.from == expectedFirst)
        #expect(report.points.first?.entry.calendarDay == expectedFirst)
        #expect(report.latest?.calendarDay == until)
        #expect(report.count == until.dayNumber - expectedFirst.dayNumber + 1)
        // The trend then, not the trend now.
        let trend = try #require(Reference.trends(Array(weights.prefix(601))).last)
        #expect(abs(try #require(report.trendKilograms) - trend) < 1e-9)
    }

    @Test("a gap over 30 days has no estimated days and is named; a shorter one is filled")
    func longGap() throws {
        let day = { (offset: Int) in Self.first.adding(days: offset) }
        let entries = [0, 1, 2, 12, 13, 60, 61].map { offset in
            WeightEntry(timestamp: .local(day(offset).year, day(offset).month, day(offset).day, 7), kilograms: 80 + Double(offset % 3))
        }
        let report = ProgressReport.prepare(entries: entries, goalKilograms: nil, range: .all, today: day(61))
        let estimated = report.estimatedDays.map(\.day)
        #expect(estimated == (3...11).map(day), "the 10-day gap is filled, the 47-day gap is not")
        let gap = try #require(report.longestGap)
        #expect(gap.lastBefore == day(13))
        #expect(gap.firstAfter == day(60))
        #expect(gap.days == 47)
        // The trend still runs through the gap, as TrendWeight's does.
        let all = TrendSeries(entries: entries)
        #expect(report.trendKilograms == all.days.last?.trendKilograms)
    }

    @Test("no gap over 30 days: none named")
    func noLongGap() {
        let report = ProgressReport.prepare(entries: dailyEntries([80, 81, 80]), goalKilograms: nil, range: .all, today: CalendarDay(year: 2026, month: 1, day: 3)!)
        #expect(report.longestGap == nil)
    }
}
