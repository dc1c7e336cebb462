import Testing
import TestSupport
import TrendCore

/// Entries on consecutive days from 2026-01-01, one a day at 07:00 UTC.
func dailyEntries(_ weights: [Double], startingAt start: CalendarDay = CalendarDay(year: 2026, month: 1, day: 1)!) -> [WeightEntry] {
    weights.enumerated().map { i, weight in
        let day = start.adding(days: i)
        return WeightEntry(timestamp: Timestamp.local(day.year, day.month, day.day, 7), kilograms: weight)
    }
}

@Suite("Trend arithmetic (SPEC §5)")
struct TrendSeriesTests {
    @Test("matches the reference vectors", arguments: [
        ([70.0, 71, 69], [70.0, 70.1, 69.99]),
        ([80.0, 85, 80], [80.0, 80.5, 80.45]),
    ])
    func referenceVectors(weights: [Double], trends: [Double]) {
        let series = TrendSeries(entries: dailyEntries(weights))
        #expect(series.days.count == trends.count)
        for (day, expected) in zip(series.days, trends) {
            #expect(abs(day.trendKilograms - expected) < 1e-9)
        }
    }

    @Test("interpolates the days between weigh-ins and smooths through them")
    func interpolation() {
        let entries = [
            WeightEntry(timestamp: .local(2026, 1, 1, 7), kilograms: 70),
            WeightEntry(timestamp: .local(2026, 1, 4, 7), kilograms: 73),
        ]
        let series = TrendSeries(entries: entries)
        #expect(series.days.map(\.kilograms) == [70, 71, 72, 73])
        #expect(series.days.map(\.isInterpolated) == [false, true, true, false])
        let expected = [70.0, 70.1, 70.29, 70.561]
        for (day, trend) in zip(series.days, expected) { #expect(abs(day.trendKilograms - trend) < 1e-9) }
    }

    @Test("only a day's earliest weigh-in counts, even when entered out of order")
    func earliestOfDay() {
        let entries = [
            WeightEntry(timestamp: .local(2026, 1, 1, 7), kilograms: 70),
            WeightEntry(timestamp: .local(2026, 1, 2, 6), kilograms: 71),
            WeightEntry(timestamp: .local(2026, 1, 2, 20), kilograms: 90),
        ]
        let series = TrendSeries(entries: RecordStore(entries: entries.reversed()).entries)
        #expect(series.days.map(\.kilograms) == [70, 71])
    }

    @Test("the first and last days, found near the ends, are those of all the weigh-ins at any offsets", arguments: 0..<20)
    func dayRangeAtTheEnds(seed: Int) throws {
        var generator = SeededGenerator(seed: UInt64(seed) + 300)
        let start: Int64 = 1_767_225_600  // 2026-01-01T00:00:00Z
        let entries = (0..<Int.random(in: 1...40, using: &generator)).map { _ in
            let instant = start + Int64.random(in: 0...(6 * 86_400), using: &generator)
            let offset = [-18 * 3600, 18 * 3600, Int.random(in: -64_800...64_800, using: &generator)].randomElement(using: &generator)!
            return WeightEntry(timestamp: Timestamp(epochSeconds: instant, utcOffsetSeconds: offset), kilograms: 70)
        }
        let stored = RecordStore(entries: entries).entries
        let days = stored.map(\.calendarDay)
        #expect(stored.calendarDayRange == days.min()!...days.max()!)
        let series = TrendSeries(entries: stored)
        #expect(series.firstDay == days.min() && series.lastDay == days.max())
        // Out of store order (which the series does not promise to read
        // right) it still spans every day rather than stopping.
        let shuffled = TrendSeries(entries: stored.shuffled(using: &generator))
        #expect(shuffled.firstDay == days.min() && shuffled.lastDay == days.max())
    }

    @Test("weigh-ins near midnight land on their own local day")
    func offsetsDecideTheDay() {
        // Same instant: 23:30 in New York on the 1st is 05:30 in Berlin on the 2nd.
        let newYork = WeightEntry(timestamp: .local(2026, 1, 1, 23, 30, offsetHours: -5), kilograms: 70)
        let berlin = WeightEntry(timestamp: .local(2026, 1, 3, 0, 15, offsetHours: 1), kilograms: 72)
        let series = TrendSeries(entries: RecordStore(entries: [newYork, berlin]).entries)
        #expect(series.days.map(\.day.description) == ["2026-01-01", "2026-01-02", "2026-01-03"])
        #expect(series.days.map(\.isInterpolated) == [false, true, false])
    }

    @Test("weekly rate: none with one day, the slope ×7 otherwise", arguments: [1, 2, 14, 200])
    func weeklyRate(days: Int) throws {
        // Weight falls 0.1 kg a day; the trend lags but its slope approaches -0.1.
        let series = TrendSeries(entries: dailyEntries((0..<days).map { 90 - 0.1 * Double($0) }))
        if days == 1 {
            #expect(series.weeklyRateKilograms == nil)
            return
        }
        let rate = try #require(series.weeklyRateKilograms)
        // Recompute the least-squares slope by hand over the window.
        let window = Array(series.days.suffix(14).map(\.trendKilograms))
        let n = Double(window.count)
        let xs = (0..<window.count).map(Double.init)
        let mx = xs.reduce(0, +) / n
        let my = window.reduce(0, +) / n
        let slope = zip(xs, window).reduce(0) { $0 + ($1.0 - mx) * ($1.1 - my) } / xs.reduce(0) { $0 + ($1 - mx) * ($1 - mx) }
        #expect(abs(rate - slope * 7) < 1e-12)
        if days == 2 { #expect(abs(rate - (-0.01 * 7)) < 1e-12) }
        if days == 200 { #expect(abs(rate - (-0.7)) < 1e-6) }
    }
}
