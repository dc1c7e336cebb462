/// What a file that names no unit shows about its weights (SPEC §6): the
/// rows read in the fallback unit, and their BMI where the file has one.
package struct UnitEvidence: Equatable, Sendable {
    /// The unit those rows were read in (`--unit`, else the configured unit).
    package let readIn: WeightUnit
    /// Indices into the parse's rows.
    package var rowIndices: [Int] = []
    /// The weight as read (in kilograms) and the row's BMI.
    package var bmi: [Pair] = []

    package struct Pair: Equatable, Sendable {
        package let kilograms: Double
        package let bmi: Double
    }

    package init(readIn: WeightUnit) {
        self.readIn = readIn
    }

    /// Adds what rows read after `offset` others showed.
    package mutating func absorb(_ other: UnitEvidence, offset: Int) {
        rowIndices += other.rowIndices.map { $0 + offset }
        bmi += other.bmi
    }

    /// A BMI cell a person can have (Fitbit writes 0 for "not known").
    static func plausibleBMI(_ value: Double) -> Bool { (10...80).contains(value) }
}

/// Which unit the weights of a file that names none are in, and why (SPEC
/// §6): `--unit`; then what the file shows (its BMI column, its name, how
/// its weights sit beside the history); only then the configured unit.
public enum UnitReason: Equatable, Sendable {
    /// `--unit` said so.
    case sessionChoice
    /// Weight ÷ BMI gives human heights near this (metres) in that unit.
    case bodyMassIndex(heightMetres: Double)
    /// The file's name says it (`weight_lb.csv`).
    case fileName
    /// The file's median sits within the typo guard of the history's trend (kg) in that unit.
    case history(trendKilograms: Double)
    /// Nothing said otherwise.
    case configured
}

package enum UnitInference {
    package struct Decision: Equatable, Sendable {
        package let unit: WeightUnit
        package let reason: UnitReason
    }

    /// Heights a person has, in metres: what weight ÷ BMI must give.
    static let humanHeights = 1.2...2.3
    /// A typical height, to choose when both units give human heights.
    static let typicalHeight = 1.70
    /// Over this median in kilograms, a file naming no unit is likely in pounds.
    package static let implausibleMedianKilograms = 150.0
    /// Scales and apps store kilograms or pounds; stones are a way of showing pounds.
    static let candidates: [WeightUnit] = [.kilograms, .pounds]

    /// The unit, or nil when only the configured unit is left and the
    /// weights would then be implausible (the caller refuses the file).
    package static func decide(
        _ evidence: UnitEvidence, weightsRead: [Double], fileName: String?, historyTrendKilograms: Double?, explicitUnit: WeightUnit?,
        configured: WeightUnit
    ) -> Decision? {
        if let explicitUnit { return Decision(unit: explicitUnit, reason: .sessionChoice) }
        let factor = { (unit: WeightUnit) in unit.kilogramsPerUnit / evidence.readIn.kilogramsPerUnit }
        // Weight ÷ BMI: the unit in which most rows give a human height.
        if !evidence.bmi.isEmpty {
            var fits: [(unit: WeightUnit, median: Double)] = []
            for unit in candidates {
                let heights = evidence.bmi.map { ($0.kilograms * factor(unit) / $0.bmi).squareRoot() }.sorted()
                let human = heights.count { humanHeights.contains($0) }
                if Double(human) > Double(heights.count) / 2 { fits.append((unit, heights[heights.count / 2])) }
            }
            if let best = fits.min(by: { abs($0.median - typicalHeight) < abs($1.median - typicalHeight) }) {
                return Decision(unit: best.unit, reason: .bodyMassIndex(heightMetres: best.median))
            }
        }
        if let named = fileName.flatMap(unit(inFileName:)) { return Decision(unit: named, reason: .fileName) }
        // The lower median: at least half the weights are at most this.
        let median = weightsRead.isEmpty ? nil : OrderStatistic.value(at: (weightsRead.count - 1) / 2, in: weightsRead)
        if let trend = historyTrendKilograms, let median {
            let near = candidates.filter { !TypoGuard.isUnlikely(median * factor($0), trendKilograms: trend) }
            if near.count == 1 { return Decision(unit: near[0], reason: .history(trendKilograms: trend)) }
        }
        if let median, median * factor(configured) > implausibleMedianKilograms { return nil }
        return Decision(unit: configured, reason: .configured)
    }

    /// `weight_lb.csv`, `Weight (pounds).csv`, `kg-2024.csv`: a word of the
    /// name that is a unit. A name that names two (`weight_lbs_to_kg.csv`)
    /// names none: which one the weights are in is a guess (SPEC §18).
    static func unit(inFileName name: String) -> WeightUnit? {
        let words = name.lowercased().split { !$0.isLetter }
        var named: Set<WeightUnit> = []
        for word in words {
            switch word {
            case "lb", "lbs", "pound", "pounds": named.insert(.pounds)
            case "kg", "kgs", "kilo", "kilos", "kilogram", "kilograms": named.insert(.kilograms)
            default: continue
            }
        }
        return named.count == 1 ? named.first : nil
    }
}
