/// A reading typed as 805 instead of 80.5 bends the trend for weeks
/// (SPEC §9): a weight far from the current trend is refused with the likely
/// intent, unless the person insists.
public enum TypoGuard {
    /// Farther than 10% of the trend, and at least 5 kg, is unlikely.
    public static let relativeLimit = 0.10
    public static let absoluteLimitKilograms = 5.0
    /// A first weigh-in above this, in kilograms, may well be pounds.
    public static let firstWeighInHintKilograms = 150.0

    /// A first weigh-in that is heavy in kilograms: perhaps the unit is pounds.
    public static func firstWeighInMayBePounds(_ kilograms: Double, unit: WeightUnit, isFirst: Bool) -> Bool {
        isFirst && unit == .kilograms && kilograms > firstWeighInHintKilograms
    }

    /// The trend the guard compares with: that of the latest 2,000
    /// weigh-ins. Enough for a plausibility check (a day 60 days back weighs
    /// 0.9^60, 0.2%, in the trend), and it keeps a log into a history of a
    /// million entries as fast as the write itself.
    public static func trendKilograms(of entries: [WeightEntry]) -> Double? {
        TrendSeries(entries: Array(entries.suffix(2000))).lastTrendKilograms
    }

    public static func isUnlikely(_ kilograms: Double, trendKilograms: Double) -> Bool {
        let distance = abs(kilograms - trendKilograms)
        return distance > trendKilograms * relativeLimit && distance >= absoluteLimitKilograms
    }

    /// Refuses `kilograms` (typed in `unit`) when it is unlikely next to the
    /// trend, naming what was probably meant: a misplaced decimal point, or
    /// the other unit.
    public static func check(_ kilograms: Double, typedIn unit: WeightUnit, trendKilograms: Double?) throws(WeightLogError) {
        guard let trend = trendKilograms, isUnlikely(kilograms, trendKilograms: trend) else { return }
        var likely: [WeightLogError.LikelyWeight] = []
        for divisor in [10.0, 100.0] where !isUnlikely(kilograms / divisor, trendKilograms: trend) {
            likely.append(.decimalPoint(kilograms: kilograms / divisor))
        }
        let typed = kilograms / unit.kilograms(from: 1)
        switch unit {
        case .kilograms where !isUnlikely(WeightUnit.pounds.kilograms(from: typed), trendKilograms: trend):
            likely.append(.otherUnit(typed: typed, unit: .pounds, kilograms: WeightUnit.pounds.kilograms(from: typed)))
        case .pounds where !isUnlikely(typed, trendKilograms: trend):
            likely.append(.otherUnit(typed: typed, unit: .kilograms, kilograms: typed))
        default:
            break
        }
        throw .unlikelyWeight(kilograms: kilograms, trendKilograms: trend, likely: likely, unit: unit)
    }
}
