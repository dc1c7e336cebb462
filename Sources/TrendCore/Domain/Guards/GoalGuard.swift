/// A goal typed in the wrong unit, or one no healthy body reaches, is set
/// for months (SPEC §13): such a goal is refused with the likely intent,
/// unless the person insists; a plan faster than most people can follow is
/// set, but said to be so.
public enum GoalGuard {
    /// The lowest healthy BMI (WHO): a goal under it at the known height is refused.
    public static let lowestHealthyBMI = 18.5
    /// Without a height, a goal under this is refused.
    public static let lowestGoalKilograms = 40.0
    /// A plan faster than this share of the trend a week is warned about…
    public static let fastShareOfTrend = 0.01
    /// …or than this many kilograms a week, whichever is less.
    public static let fastWeeklyKilograms = 1.0

    /// Refuses a goal that is far from the trend as typed but near it in
    /// the other unit or with the decimal point moved (the typo guard's
    /// rule, §9), and one under a healthy BMI at `heightCentimetres` (or
    /// under 40 kg without a height).
    public static func check(
        _ kilograms: Double, typedIn unit: WeightUnit, trendKilograms: Double?, heightCentimetres: Double?
    ) throws(LogError) {
        if let trend = trendKilograms, TypoGuard.isUnlikely(kilograms, trendKilograms: trend) {
            let likely = TypoGuard.likely(kilograms, typedIn: unit) { !TypoGuard.isUnlikely($0, trendKilograms: trend) }
            if !likely.isEmpty { throw .unlikelyGoal(kilograms: kilograms, trendKilograms: trend, likely: likely, unit: unit) }
        }
        if let height = heightCentimetres {
            let bmi = BodyMassIndex(kilograms: kilograms, centimetres: height)
            if bmi.value < lowestHealthyBMI { throw .goalUnderHealthyBMI(kilograms: kilograms, bmi: bmi.value, centimetres: height, unit: unit) }
        } else if kilograms < lowestGoalKilograms {
            throw .goalUnderHealthyBMI(kilograms: kilograms, bmi: nil, centimetres: nil, unit: unit)
        }
    }

    /// Whether a plan changing `weeklyRateKilograms` a week from a trend of
    /// `trendKilograms` is faster than most plans aim for.
    public static func isFast(weeklyRateKilograms rate: Double, trendKilograms trend: Double) -> Bool {
        abs(rate) > min(trend * fastShareOfTrend, fastWeeklyKilograms) + 1e-9
    }
}
