import Testing
import TestSupport
@testable import TrendCore

/// SPEC §6's order for a file that names no unit, one rule at a time.
@Suite("Unit inference")
struct UnitInferenceTests {
    static func evidence(_ pairs: [(Double, Double)], readIn: WeightUnit = .kilograms) -> UnitEvidence {
        var evidence = UnitEvidence(readIn: readIn)
        evidence.rowIndices = Array(pairs.indices)
        evidence.bmi = pairs.map { UnitEvidence.Pair(kilograms: readIn.kilograms(from: $0.0), bmi: $0.1) }
        return evidence
    }

    func decide(_ evidence: UnitEvidence, name: String? = nil, history: Double? = nil, explicit: WeightUnit? = nil, configured: WeightUnit = .kilograms)
        -> UnitInference.Decision?
    {
        UnitInference.decide(
            evidence, weightsRead: evidence.bmi.map(\.kilograms), fileName: name, historyTrendKilograms: history, explicitUnit: explicit,
            configured: configured)
    }

    @Test("--unit wins over everything the file shows")
    func explicit() {
        #expect(decide(Self.evidence([(178.9, 24.4)]), name: "kg.csv", explicit: .stones)?.unit == .stones)
    }

    @Test("weight ÷ BMI: the unit that gives most rows a human height; both do: the more typical height", arguments: [
        ([(178.9, 24.4), (180.2, 24.6)], WeightUnit.pounds),
        ([(81.2, 24.4), (81.7, 24.6)], .kilograms),
        // A small, light person: 40 kg at BMI 16 is 1.58 m; as pounds 1.07 m.
        ([(40.0, 16.0)], .kilograms),
        // One row out of three wrong does not decide.
        ([(178.9, 24.4), (180.2, 24.6), (80.0, 24.5)], .pounds),
    ])
    func bmi(pairs: [(Double, Double)], unit: WeightUnit) throws {
        let decision = try #require(decide(Self.evidence(pairs)))
        #expect(decision.unit == unit)
        guard case .bodyMassIndex(let height) = decision.reason else {
            Issue.record("decided by \(decision.reason)")
            return
        }
        #expect(UnitInference.humanHeights.contains(height))
    }

    @Test("file names that say a unit", arguments: [
        ("weight_lb.csv", WeightUnit.pounds), ("Weight (lbs).csv", .pounds), ("pounds-2024.csv", .pounds), ("kg.csv", .kilograms),
        ("weights.csv", nil), ("bulb.csv", nil), ("lbs", .pounds),
    ])
    func fileNames(name: String, unit: WeightUnit?) {
        #expect(UnitInference.unit(inFileName: name) == unit)
    }

    @Test("the history: the unit that puts the median within the typo guard of its trend; neither or both: the configured unit")
    func history() {
        var evidence = UnitEvidence(readIn: .kilograms)
        evidence.rowIndices = [0, 1, 2]
        let decide = { (weights: [Double], trend: Double?) in
            UnitInference.decide(evidence, weightsRead: weights, fileName: nil, historyTrendKilograms: trend, explicitUnit: nil, configured: .kilograms)
        }
        #expect(decide([178.9, 179.5, 180.0], 81)?.reason == .history(trendKilograms: 81))
        #expect(decide([178.9, 179.5, 180.0], 81)?.unit == .pounds)
        #expect(decide([80.0, 80.5, 81.0], 81)?.unit == .kilograms)
        #expect(decide([120.0, 121, 122], 81)?.reason == .configured)
        // Nothing left but the configured unit, and the weights would be no person's: refused.
        #expect(decide([178.9, 179.5, 180.0], nil) == nil)
        #expect(decide([178.9, 179.5, 180.0], 20) == nil)
    }

    @Test("reading the assumed weights in the decided unit changes those rows only, and keeps ids")
    func rescale() throws {
        let named = WeightEntry(timestamp: .local(2026, 1, 1, 7), kilograms: 80)
        let assumed = WeightEntry(timestamp: .local(2026, 1, 2, 7), kilograms: 178.9)
        var evidence = UnitEvidence(readIn: .kilograms)
        evidence.rowIndices = [1]
        let parsed = ParsedImport(format: GenericCSVFormat.format, rows: [.entry(named, line: 2), .entry(assumed, line: 3)], unitEvidence: evidence)
        let pounds = parsed.reading(assumedWeightsIn: .pounds)
        #expect(pounds.entries.map(\.kilograms) == [80, 178.9 * WeightUnit.kilogramsPerPound])
        #expect(pounds.entries.map(\.id) == [named.id, assumed.id])
        #expect(pounds.assumedUnit == .pounds)
    }
}

/// The import's possible typos (SPEC §6).
@Suite("Outliers in an imported series")
struct OutlierTests {
    static func series(_ weights: [Double]) -> [WeightEntry] {
        let start = CalendarDay(year: 2026, month: 9, day: 1)!
        return weights.enumerated().map { i, weight in
            let day = start.adding(days: i)
            return WeightEntry(timestamp: .local(day.year, day.month, day.day, 7), kilograms: weight)
        }
    }

    @Test("one wild reading is named, against the trend without it; the readings the bent trend is far from are not")
    func wild() throws {
        var weights = (0..<20).map { 97.5 - 0.05 * Double($0) }
        weights[8] = 52.9
        let outliers = TypoGuard.outliers(in: Self.series(weights))
        #expect(outliers.map(\.entry.kilograms) == [52.9])
        // The clean series there: about 97.1 kg, the trend lagging a little behind the loss.
        #expect(abs(try #require(outliers.first).trendKilograms - 97.1) < 0.5)
    }

    @Test("a typo on the first day is named too; a steady loss or a real step names nothing")
    func edges() {
        var first = (0..<10).map { 80 - 0.1 * Double($0) }
        first[0] = 8.0
        #expect(TypoGuard.outliers(in: Self.series(first)).map(\.entry.kilograms) == [8.0])
        #expect(TypoGuard.outliers(in: Self.series((0..<60).map { 120 - 0.5 * Double($0) })).isEmpty)
        #expect(TypoGuard.outliers(in: Self.series([80, 80.2, 80.1])).isEmpty)
    }
}
