import Testing
import TestSupport
import TrendCore

/// SPEC §12, checked against a day-by-day implementation written here from
/// the text, not from the code: each day's first weigh-in with body fat;
/// ratio and weight filled linearly between such days; three EMAs, α = 0.1;
/// rates: LSQ slope of the last 28 daily values × 7.
@Suite("Body composition")
struct BodyCompositionTests {
    static let first = CalendarDay(year: 2026, month: 10, day: 1)!

    /// 40 days: weigh-ins on most days, body fat on fewer, gaps in both, and
    /// a day with two weigh-ins (only the first with fat counts).
    static func history() -> [WeightEntry] {
        var entries: [WeightEntry] = []
        var generator = SeededGenerator(seed: 40)
        for day in 0..<40 where ![3, 4, 5, 17, 18, 30].contains(day) {
            let weight = 90 - Double(day) * 0.08 + Double.random(in: -0.6...0.6, using: &generator)
            let fat: Double? = day % 3 == 0 || day > 36 ? 28 - Double(day) * 0.05 + Double.random(in: -0.4...0.4, using: &generator) : nil
            entries.append(WeightEntry(timestamp: .local(2026, 10, 1, 7).adding(days: day), kilograms: weight, fatPercent: fat))
            if day == 12 {
                entries.append(WeightEntry(timestamp: .local(2026, 10, 1, 19).adding(days: day), kilograms: weight + 1, fatPercent: 40))
            }
        }
        return entries
    }

    /// The reference: what §12 says, day by day.
    static func reference(_ entries: [WeightEntry]) -> [(day: Int, fat: Double, fatMass: Double, lean: Double)] {
        var measured: [Int: (Int64, Double, Double)] = [:]
        for entry in entries {
            guard let fat = entry.fatPercent else { continue }
            let day = entry.calendarDay.dayNumber
            if let known = measured[day], known.0 <= entry.timestamp.epochSeconds { continue }
            measured[day] = (entry.timestamp.epochSeconds, entry.kilograms, fat / 100)
        }
        let days = measured.keys.sorted()
        var out: [(Int, Double, Double, Double)] = []
        var ema: (Double, Double, Double)?
        for day in days.first!...days.last! {
            let weight: Double
            let ratio: Double
            if let m = measured[day] {
                (weight, ratio) = (m.1, m.2)
            } else {
                let before = days.last { $0 < day }!
                let after = days.first { $0 > day }!
                let t = Double(day - before) / Double(after - before)
                weight = measured[before]!.1 + (measured[after]!.1 - measured[before]!.1) * t
                ratio = measured[before]!.2 + (measured[after]!.2 - measured[before]!.2) * t
            }
            let values = (ratio * 100, weight * ratio, weight * (1 - ratio))
            if let previous = ema {
                ema = (previous.0 + 0.1 * (values.0 - previous.0), previous.1 + 0.1 * (values.1 - previous.1), previous.2 + 0.1 * (values.2 - previous.2))
            } else {
                ema = values
            }
            out.append((day, ema!.0, ema!.1, ema!.2))
        }
        return out
    }

    static func slope(_ values: [Double]) -> Double {
        let n = Double(values.count)
        let mx = (n - 1) / 2
        let my = values.reduce(0, +) / n
        let num = values.enumerated().reduce(0.0) { $0 + (Double($1.offset) - mx) * ($1.element - my) }
        let den = values.indices.reduce(0.0) { $0 + (Double($1) - mx) * (Double($1) - mx) }
        return num / den
    }

    @Test("the three series are TrendWeight's, day by day, across gaps in both")
    func series() throws {
        let entries = Self.history()
        let expected = Self.reference(entries)
        let series = BodyCompositionSeries(entries: entries)
        #expect(series.days.map(\.day.dayNumber) == expected.map(\.day))
        for (day, reference) in zip(series.days, expected) {
            #expect(abs(day.fatPercent - reference.fat) < 1e-9, "\(day.day)")
            #expect(abs(day.fatMassKilograms - reference.fatMass) < 1e-9, "\(day.day)")
            #expect(abs(day.leanMassKilograms - reference.lean) < 1e-9, "\(day.day)")
        }
        // The second weigh-in of day 12 (40%) is not the day's first with fat.
        #expect(series.day(Self.first.adding(days: 12))?.isMeasured == true)
        #expect(series.day(Self.first.adding(days: 13))?.isMeasured == false)
        let rates = try #require(series.weeklyRates(upTo: Self.first.adding(days: 39)))
        let last28 = expected.suffix(28)
        #expect(abs(rates.fatPercent - Self.slope(last28.map(\.fat)) * 7) < 1e-9)
        #expect(abs(rates.fatMass - Self.slope(last28.map(\.fatMass)) * 7) < 1e-9)
        #expect(abs(rates.leanMass - Self.slope(last28.map(\.lean)) * 7) < 1e-9)
    }

    @Test("the report: as of the latest body-fat day, and what the change over the range was made of")
    func report() throws {
        let entries = Self.history()
        let expected = Self.reference(entries)
        let today = Self.first.adding(days: 41)
        let report = ProgressReport.prepare(entries: entries, goalKilograms: nil, range: .month, today: today)
        let composition = try #require(report.bodyComposition)
        #expect(composition.asOf == Self.first.adding(days: 39))
        #expect(abs(composition.fatPercent - expected.last!.fat) < 1e-9)
        // The range is the last 30 days (day 12 on): its first and last weigh-in days (12 and 39) have body fat that day.
        let start = expected.first { $0.day == Self.first.adding(days: 12).dayNumber }!
        let fatChange = expected.last!.fatMass - start.fatMass
        let leanChange = expected.last!.lean - start.lean
        #expect(abs(try #require(composition.fatMassChangeKilograms) - fatChange) < 1e-9)
        #expect(abs(try #require(composition.leanMassChangeKilograms) - leanChange) < 1e-9)
        // Fat went down and lean up here: no share of the change is a percentage of it.
        #expect(fatChange < 0 && leanChange > 0)
        #expect(composition.fatShareOfChange == nil)
        // Without body fat, no section at all.
        let plain = entries.map { WeightEntry(id: $0.id, timestamp: $0.timestamp, kilograms: $0.kilograms) }
        #expect(ProgressReport.prepare(entries: plain, goalKilograms: nil, range: .month, today: today).bodyComposition == nil)
    }

    @Test("BMI of the trend, its WHO class and the healthy range at that height", arguments: [
        (180.0, 80.0, 24.69, BodyMassIndex.Category.healthy), (180, 81.1, 25.03, .overweight), (160, 47, 18.36, .underweight),
        (165, 90, 33.06, .obesity), (152.4, 58, 24.97, .healthy),
    ])
    func bmi(height: Double, kilograms: Double, value: Double, category: BodyMassIndex.Category) {
        let bmi = BodyMassIndex(kilograms: kilograms, centimetres: height)
        #expect(abs(bmi.value - value) < 0.005)
        #expect(bmi.category == category)
        let metres = height / 100
        #expect(abs(bmi.healthyKilograms.lowerBound - 18.5 * metres * metres) < 1e-9)
        #expect(abs(bmi.healthyKilograms.upperBound - 24.9 * metres * metres) < 1e-9)
    }

    @Test("heights as people type them", arguments: [
        ("180cm", 180.0), ("180 cm", 180), ("1.80m", 180), ("1,8 m", 180), ("5ft 11in", 180.34), ("5'11\"", 180.34), ("5' 11\"", 180.34),
        ("71in", 180.34), ("6ft", 182.88), ("71\"", 180.34),
    ])
    func heights(text: String, centimetres: Double) throws {
        #expect(abs(try HeightInput.centimetres(parsing: text) - centimetres) < 1e-9)
    }

    @Test("heights no person has, or that are not heights, are refused", arguments: ["49cm", "2.8m", "12ft", "tall", "5ft 13in", "180", "-180cm"])
    func badHeights(text: String) {
        #expect(throws: HeightInput.Problem.self) { try HeightInput.centimetres(parsing: text) }
    }

    /// Body fat on `days` (day numbers from 1 Jan 2017), a weigh-in every day from the first to the last.
    static func sparseFat(_ fatDays: [Int: Double], through last: Int, weight: (Int) -> Double = { 80 - 0.01 * Double($0) }) -> [WeightEntry] {
        (0...last).map { day in
            WeightEntry(timestamp: .local(2017, 1, 1, 7).adding(days: day), kilograms: weight(day), fatPercent: fatDays[day])
        }
    }

    @Test("two body-fat days more than 30 days apart are not bridged: the series starts again after the gap")
    func gap() throws {
        let entries = Self.sparseFat([0: 25, 20: 24, 51: 30, 60: 29], through: 60)
        let series = BodyCompositionSeries(entries: entries)
        let start = CalendarDay(year: 2017, month: 1, day: 1)!
        // Days 0–20 and 51–60 are covered; nothing between 20 and 51.
        #expect(series.days.count == 21 + 10)
        #expect(series.day(start.adding(days: 35)) == nil, "inside the gap nothing is filled in")
        #expect(series.day(start.adding(days: 51))?.fatPercent == 30, "the series starts again at the first reading after the gap")
        #expect(series.day(start.adding(days: 20))?.isMeasured == true)
        #expect(series.gap(between: start, and: start.adding(days: 60)).map { [$0.lastBefore, $0.firstAfter] } == [start.adding(days: 20), start.adding(days: 51)])
        #expect(series.gap(between: start.adding(days: 51), and: start.adding(days: 60)) == nil)
        // A gap of exactly 30 days is bridged.
        let bridged = BodyCompositionSeries(entries: Self.sparseFat([0: 25, 30: 24], through: 30))
        #expect(bridged.days.count == 31)
        // The rate after the gap fits only the days after it.
        let rates = try #require(series.weeklyRates(upTo: start.adding(days: 60)))
        let after = (51...60).compactMap { series.day(start.adding(days: $0))?.fatPercent }
        #expect(abs(rates.fatPercent - Self.slope(after) * 7) < 1e-9)
    }

    /// Body-fat days over a 61-day range, and what the report tells of its change.
    struct Ends: Sendable, CustomTestStringConvertible {
        let fatDays: [Int]
        let told: String
        var testDescription: String { "fat on days \(fatDays): \(told)" }
    }

    @Test("the change over a range is told only when both ends have body fat within 7 days and no gap lies between",
          arguments: [
            Ends(fatDays: [0, 8, 30, 60], told: "told"), Ends(fatDays: [7, 20, 40, 53], told: "told"), Ends(fatDays: [8, 30, 60], told: "near 0"),
            Ends(fatDays: [0, 25, 52], told: "near 60"), Ends(fatDays: [0, 10, 50, 60], told: "gap"),
          ])
    func breakdownEnds(ends: Ends) throws {
        let last = 60
        let told = ends.told
        let fat = Dictionary(uniqueKeysWithValues: ends.fatDays.map { ($0, 25 - Double($0) / 20) })
        let entries = Self.sparseFat(fat, through: last)
        let start = CalendarDay(year: 2017, month: 1, day: 1)!
        let report = ProgressReport.prepare(entries: entries, goalKilograms: nil, range: .all, today: start.adding(days: last))
        let composition = try #require(report.bodyComposition)
        switch told {
        case "told":
            #expect(composition.changeWithheld == nil)
            #expect(composition.fatMassChangeKilograms != nil && composition.leanMassChangeKilograms != nil)
        case "near 0":
            #expect(composition.changeWithheld == .noBodyFatNear(start))
            #expect(composition.fatMassChangeKilograms == nil && composition.fatShareOfChange == nil)
        case "near 60":
            #expect(composition.changeWithheld == .noBodyFatNear(start.adding(days: 60)))
        default:
            #expect(composition.changeWithheld == .gap(from: start.adding(days: 10), to: start.adding(days: 50)))
            #expect(composition.fatShareOfChange == nil)
        }
    }

    @Test("a share of the change is always between 0 and 100%; fat and lean moving apart give none", arguments: [
        // fat-mass change, lean-mass change, the share (-1: none)
        [-2.0, -1.0, 2.0 / 3], [-2.4, 3.3, -1], [1.0, 0.0, 1.0], [0.0, -2.0, 0.0], [1.0, -1.0, -1], [-3.0, 0.5, -1],
    ] as [[Double]])
    func shareBounds(row: [Double]) {
        let share: Double? = row[2] < 0 ? nil : row[2]
        let composition = ProgressReport.BodyComposition(
            asOf: CalendarDay(year: 2026, month: 1, day: 1)!, fatPercent: 20, fatMassKilograms: 16, leanMassKilograms: 64, fatPercentWeeklyRate: nil,
            fatMassWeeklyRateKilograms: nil, leanMassWeeklyRateKilograms: nil, fatMassChangeKilograms: row[0], leanMassChangeKilograms: row[1], changeWithheld: nil)
        if let share {
            #expect(abs((composition.fatShareOfChange ?? -1) - share) < 1e-12)
        } else {
            #expect(composition.fatShareOfChange == nil)
        }
    }
}

extension Timestamp {
    func adding(days: Int) -> Timestamp {
        Timestamp(epochSeconds: epochSeconds + Int64(days) * 86_400, utcOffsetSeconds: utcOffsetSeconds)
    }

}
