#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The U.S. Navy's circumference body-fat estimate (Hodgdon and Beckett,
/// 1984, as the DoD Instruction 1308.3 writes it), lengths in inches:
/// men 86.010 log10(waist − neck) − 70.041 log10(height) + 36.76; women
/// 163.205 log10(waist + hips − neck) − 97.684 log10(height) − 78.387.
public enum NavyBodyFat {
    /// In percent; nil when an input is missing (hips for women) or the
    /// lengths give no logarithm (a neck as wide as the waist).
    public static func percent(sex: Sex, heightCentimetres: Double, waistCentimetres: Double, neckCentimetres: Double, hipsCentimetres: Double?) -> Double? {
        let inch = MeasurementEntry.centimetresPerInch
        let height = heightCentimetres / inch
        let waist = waistCentimetres / inch
        let neck = neckCentimetres / inch
        switch sex {
        case .male:
            guard waist - neck > 0 else { return nil }
            return 86.010 * log10(waist - neck) - 70.041 * log10(height) + 36.76
        case .female:
            guard let hipsCentimetres else { return nil }
            let girth = waist + hipsCentimetres / inch - neck
            guard girth > 0 else { return nil }
            return 163.205 * log10(girth) - 97.684 * log10(height) - 78.387
        }
    }
}
