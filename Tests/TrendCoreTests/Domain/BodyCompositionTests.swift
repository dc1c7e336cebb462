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
        // The range is the last 30 days (day 12 on): its first and last measured days.
        let inRange = expected.filter { $0.day >= Self.first.adding(days: 12).dayNumber }
        let firstMeasured = inRange.first { day in entries.contains { $0.calendarDay.dayNumber == day.day && $0.fatPercent != nil } }!
        let fatChange = expected.last!.fatMass - firstMeasured.fatMass
        let leanChange = expected.last!.lean - firstMeasured.lean
        #expect(abs(try #require(composition.fatMassChangeKilograms) - fatChange) < 1e-9)
        #expect(abs(try #require(composition.leanMassChangeKilograms) - leanChange) < 1e-9)
        #expect(abs(try #require(composition.fatShareOfChange) - fatChange / (fatChange + leanChange)) < 1e-9)
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
}

extension Timestamp {
    func adding(days: Int) -> Timestamp {
        Timestamp(epochSeconds: epochSeconds + Int64(days) * 86_400, utcOffsetSeconds: utcOffsetSeconds)
    }
}
