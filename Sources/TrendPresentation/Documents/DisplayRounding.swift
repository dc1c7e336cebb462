import TrendCore

/// The one rounding of figures in JSON (SPEC §4): computed exactly and
/// rounded last, weights to 0.01 in the display unit (decimal stones for
/// `st`), percentages, points and ratios to 0.01.
enum DisplayRounding {
    static func weight(_ kilograms: Double?, _ unit: WeightUnit) -> Double? {
        kilograms.map { unit.roundedValue(fromKilograms: $0) }
    }

    static func hundredths(_ value: Double?) -> Double? {
        value.map { ($0 * 100).rounded() / 100 }
    }
}
