import Foundation
import Testing
import TestSupport
import TrendCore

/// `trend stats` (SPEC §8) against a computation written here from the
/// definitions: each day's first weigh-in, the days between filled in
/// linearly, an EMA with α = 0.1, the weekly rate as 7 × the least-squares
/// slope of the last 14 days.
@Suite("Statistics by period")
struct PeriodStatisticsTests {
    struct Reference {
        let first: Int
        var trend: [Double] = []

        init(_ entries: [WeightEntry]) {
            var firstOfDay: [Int: Double] = [:]
            for entry in entries where firstOfDay[entry.calendarDay.dayNumber] == nil { firstOfDay[entry.calendarDay.dayNumber] = entry.kilograms }
            let days = firstOfDay.keys.sorted()
            first = days[0]
            var weights: [Double] = []
            for (a, b) in zip(days, days.dropFirst()) {
                for d in a..<b { weights.append(firstOfDay[a]! + (firstOfDay[b]! - firstOfDay[a]!) * Double(d - a) / Double(b - a)) }
            }
            weights.append(firstOfDay[days.last!]!)
            var value = weights[0]
            for weight in weights {
                value += 0.1 * (weight - value)
                trend.append(value)
            }
        }

        func trend(_ day: CalendarDay) -> Double? {
            let i = day.dayNumber - first
            return trend.indices.contains(i) ? trend[i] : nil
        }

        func weeklyRate(_ day: CalendarDay) -> Double {
            let end = day.dayNumber - first + 1
            let window = Array(trend[max(0, end - 14)..<end])
            let n = Double(window.count)
            let mx = (n - 1) / 2
            let my = window.reduce(0, +) / n
            var num = 0.0
            var den = 0.0
            for (i, y) in window.enumerated() {
                num += (Double(i) - mx) * (y - my)
                den += (Double(i) - mx) * (Double(i) - mx)
            }
            return num / den * 7
        }
    }

    /// Weigh-ins from 20 Sep to 30 Nov 2026, none in October's second half, two on some days.
    static let entries: [WeightEntry] = {
        var result: [WeightEntry] = []
        var day = CalendarDay(year: 2026, month: 9, day: 20)!
        var i = 0
        while day <= CalendarDay(year: 2026, month: 11, day: 30)! {
            defer {
                day = day.adding(days: 1)
                i += 1
            }
            if day.month == 10 && day.day > 15 { continue }
            let weight = 88 - 0.04 * Double(i) + (i % 3 == 0 ? 0.5 : -0.2)
            result.append(WeightEntry(timestamp: .local(day.year, day.month, day.day, 7), kilograms: (weight * 10).rounded() / 10))
            if i % 5 == 0 { result.append(WeightEntry(timestamp: .local(day.year, day.month, day.day, 21), kilograms: (weight * 10).rounded() / 10 + 0.8)) }
        }
        return result
    }()

    @Test("by month: counts, averages, extremes, the trend at each month's last weigh-in, its change and its average weekly rate")
    func months() throws {
        let stats = PeriodStatistics(
            entries: Self.entries, by: .month, from: CalendarDay(year: 2026, month: 9, day: 20)!, through: CalendarDay(year: 2026, month: 12, day: 1)!)
        #expect(stats.rows.map(\.label) == ["2026-09", "2026-10", "2026-11", "2026-12"])
        let reference = Reference(Self.entries)
        for row in stats.rows {
            let inPeriod = Self.entries.filter { $0.calendarDay >= row.first && $0.calendarDay <= row.last }
            #expect(row.weighIns == inPeriod.count)
            guard let last = inPeriod.last?.calendarDay else {
                #expect(row.isEmpty && row.averageKilograms == nil && row.trendKilograms == nil, "\(row.label) is empty")
                continue
            }
            let weights = inPeriod.map(\.kilograms)
            let mean: Double = weights.reduce(0, +) / Double(weights.count)
            #expect(abs(try #require(row.averageKilograms) - mean) < 1e-9)
            #expect(row.minimumKilograms == weights.min())
            #expect(row.maximumKilograms == weights.max())
            let trend = try #require(reference.trend(last))
            #expect(abs(try #require(row.trendKilograms) - trend) < 1e-9)
            // As a reader computes it: from the previous non-empty period's trend (at its last
            // weigh-in), before the range too; the history's first period from its first weigh-in.
            let beforeDay = Self.entries.last { $0.calendarDay < row.first }?.calendarDay ?? inPeriod[0].calendarDay
            let before = try #require(reference.trend(beforeDay))
            let change: Double = trend - before
            #expect(abs(try #require(row.trendChangeKilograms) - change) < 1e-9)
            // Over the days between the two trends, a week at a time.
            let days = Double(last.dayNumber - beforeDay.dayNumber)
            let weekly: Double = change / days * 7
            #expect(abs(try #require(row.averageWeeklyRateKilograms) - weekly) < 1e-9)
            #expect((row.averageWeeklyRateKilograms! < 0) == (row.trendChangeKilograms! < 0), "rate and change agree in sign")
        }
        #expect(stats.rows[0].first == CalendarDay(year: 2026, month: 9, day: 1))
        #expect(stats.rows[3].isEmpty, "December has no weigh-in yet: an empty row")
    }

    @Test("by ISO week (Monday to Sunday; the Thursday says the year), empty weeks shown")
    func weeks() throws {
        let stats = PeriodStatistics(
            entries: Self.entries, by: .week, from: CalendarDay(year: 2026, month: 10, day: 1)!, through: CalendarDay(year: 2026, month: 11, day: 8)!)
        #expect(stats.rows.first?.label == "2026-W40")
        #expect(stats.rows.first?.first == CalendarDay(year: 2026, month: 9, day: 28))
        #expect(stats.rows.allSatisfy { $0.first.weekdayFromMonday == 0 && $0.last.dayNumber - $0.first.dayNumber == 6 })
        #expect(stats.rows.map(\.label).contains("2026-W43"))
        #expect(stats.rows.first { $0.label == "2026-W43" }?.isEmpty == true, "the second half of October is empty")
        #expect(PeriodStatistics.label(CalendarDay(year: 2026, month: 12, day: 28)!, .week) == "2026-W53")
        #expect(PeriodStatistics.label(CalendarDay(year: 2027, month: 1, day: 4)!, .week) == "2027-W01")
        #expect(PeriodStatistics.label(CalendarDay(year: 2024, month: 12, day: 30)!, .week) == "2025-W01")
    }

    @Test("a single weigh-in day has a rate from the week before it, the history's first has none; body fat shows only in a period that measured it")
    func singleDayAndFat() throws {
        let start = CalendarDay(year: 2026, month: 1, day: 1)!
        // Thursday 1 Jan to Tuesday 20 Jan; body fat from the 11th.
        var entries = (0..<20).map { i -> WeightEntry in
            let day = start.adding(days: i)
            return WeightEntry(timestamp: .local(day.year, day.month, day.day, 7), kilograms: 80 - 0.1 * Double(i), fatPercent: i >= 10 ? 22 : nil)
        }
        // A week with a single weigh-in: 2 Feb, without body fat.
        entries.append(WeightEntry(timestamp: .local(2026, 2, 2, 7), kilograms: 78))
        let stats = PeriodStatistics(entries: entries, by: .week, from: start, through: CalendarDay(year: 2026, month: 2, day: 8)!)
        #expect(stats.rows[0].averageWeeklyRateKilograms != nil, "four weigh-in days: a rate")
        let single = try #require(stats.rows.first { $0.label == "2026-W06" })
        let change = try #require(single.trendChangeKilograms)
        let previous = try #require(stats.rows.last { !$0.isEmpty && $0.first < single.first }?.trendKilograms)
        #expect(single.weighIns == 1 && abs(change - (single.trendKilograms! - previous)) < 1e-9)
        // From Tuesday 20 Jan's trend to Monday 2 Feb's: 13 days.
        #expect(abs(try #require(single.averageWeeklyRateKilograms) - change / 13 * 7) < 1e-9)
        let lone = PeriodStatistics(entries: [WeightEntry(timestamp: .local(2026, 2, 2, 7), kilograms: 78)], by: .week, from: start, through: start.adding(days: 40))
        #expect(lone.rows.first { !$0.isEmpty }?.averageWeeklyRateKilograms == nil, "one weigh-in in all: no rate")
        #expect(stats.rows[0].fatPercent == nil)
        #expect(stats.rows[2].fatPercent == 22)
        #expect(single.fatPercent == nil, "no body fat measured that week: none shown, not the series carried on")
    }
}
