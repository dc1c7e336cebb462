extension Expenditure {
    /// Weigh-ins and intake that give an expenditure no body has (SPEC §15:
    /// under 500 or over 10,000 kcal a day, or a bound of its interval
    /// there): no figure is shown, and what would explain it is named.
    public struct Disagreement: Equatable, Sendable {
        public let from: CalendarDay
        public let to: CalendarDay
        /// What the model made of them: never shown.
        public let kilocalories: Double
        public let averageIntake: Double
        public let likelyCause: Cause?

        public enum Cause: Equatable, Sendable {
            /// Weigh-ins from `from` to `to` lie this far (kg, signed) from the rest: another person on the scale.
            case anotherPerson(from: CalendarDay, to: CalendarDay, kilograms: Double)
            /// Weigh-ins from `from` to `to` are this many times the rest, as a pound is of a kilogram (or the reverse).
            case weightUnit(from: CalendarDay, to: CalendarDay, ratio: Double)
            /// Intake as high as kilojoules logged as kilocalories.
            case energyUnit
            /// Less eaten than the weigh-ins show; `partialDays` of the window logged under half a usual day.
            case missingIntake(partialDays: Int)
        }

        /// Two groups of weigh-ins this far apart, with none between, are not one body's.
        static let apartKilograms = 5.0
        /// An average this high is no day's eating in kcal.
        static let kilojouleAverage = 5_000.0

        /// The likeliest explanation the data shows: a group of weigh-ins apart
        /// from the rest, then the intake's size.
        static func likelyCause(weights: [(day: CalendarDay, kilograms: Double)], intake: [IntakeDays.Day], kilocalories: Double) -> Cause? {
            let sorted = weights.sorted { $0.kilograms < $1.kilograms }
            if sorted.count >= 2,
                let split = (1..<sorted.count).max(by: { sorted[$0].kilograms - sorted[$0 - 1].kilograms < sorted[$1].kilograms - sorted[$1 - 1].kilograms }),
                sorted[split].kilograms - sorted[split - 1].kilograms >= apartKilograms
            {
                let lower = Array(sorted[..<split])
                let upper = Array(sorted[split...])
                let (other, rest) = upper.count <= lower.count ? (upper, lower) : (lower, upper)
                let days = other.map(\.day).sorted()
                let otherMedian = middle(other.map(\.kilograms))
                let restMedian = middle(rest.map(\.kilograms))
                let ratio = otherMedian / restMedian
                let pound = 1 / WeightUnit.kilogramsPerPound
                if abs(ratio - pound) < 0.1 || abs(1 / ratio - pound) < 0.1 {
                    return .weightUnit(from: days.first!, to: days.last!, ratio: ratio)
                }
                return .anotherPerson(from: days.first!, to: days.last!, kilograms: otherMedian - restMedian)
            }
            let amounts = intake.map(\.kilocalories)
            guard !amounts.isEmpty else { return nil }
            if amounts.reduce(0, +) / Double(amounts.count) >= kilojouleAverage { return .energyUnit }
            if kilocalories < Expenditure.plausibleKilocalories.lowerBound {
                let usual = middle(amounts)
                return .missingIntake(partialDays: amounts.count { $0 < usual / 2 })
            }
            return nil
        }

        /// The middle of a few values (a window's days).
        private static func middle(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    }
}
