/// The units a weight is entered and shown in. Storage is always kilograms.
public enum WeightUnit: String, CaseIterable, Sendable, Codable {
    case kilograms = "kg"
    case pounds = "lb"
    case stones = "st"

    public static let kilogramsPerPound = 0.45359237
    public static let poundsPerStone = 14.0

    /// Accepts the unit names people type: `kg`, `KG`, `lbs`, `stone`…
    public init?(parsing text: String) {
        switch text.lowercased() {
        case "kg", "kgs", "kilo", "kilos", "kilogram", "kilograms": self = .kilograms
        case "lb", "lbs", "pound", "pounds": self = .pounds
        case "st", "stone", "stones": self = .stones
        default: return nil
        }
    }

    public var kilogramsPerUnit: Double {
        switch self {
        case .kilograms: 1
        case .pounds: WeightUnit.kilogramsPerPound
        case .stones: WeightUnit.kilogramsPerPound * WeightUnit.poundsPerStone
        }
    }

    public var name: String {
        switch self {
        case .kilograms: "kilograms"
        case .pounds: "pounds"
        case .stones: "stones"
        }
    }

    public func kilograms(from value: Double) -> Double {
        self == .kilograms ? value : value * kilogramsPerUnit
    }

    /// Exact value in this unit (decimal stones for `st`).
    public func value(fromKilograms kilograms: Double) -> Double {
        self == .kilograms ? kilograms : kilograms / kilogramsPerUnit
    }

    /// The value scripts see: converted exactly, then rounded to 0.01.
    public func roundedValue(fromKilograms kilograms: Double) -> Double {
        (value(fromKilograms: kilograms) * 100).rounded() / 100
    }

    /// Text for people, to 0.1: `80.5 kg`, `177.5 lb`, `12 st 9.5 lb`.
    public func format(kilograms: Double) -> String {
        switch self {
        case .kilograms, .pounds:
            return Decimal1.text(value(fromKilograms: kilograms)) + " " + rawValue
        case .stones:
            let tenthsOfPounds = (kilograms / WeightUnit.kilogramsPerPound * 10).rounded()
            let sign = tenthsOfPounds < 0 ? "-" : ""
            let total = Int(abs(tenthsOfPounds))
            let stones = total / 140
            return sign + "\(stones) st " + Decimal1.text(Double(total - stones * 140) / 10) + " lb"
        }
    }

    /// The number alone, to 0.1, as a command takes it back: `80.5`, `177.5`;
    /// stones as decimal pounds would not be, so they are written `12st 6.5lb`.
    public func formatPlain(kilograms: Double) -> String {
        switch self {
        case .kilograms, .pounds: Decimal1.text(value(fromKilograms: kilograms))
        case .stones: format(kilograms: kilograms).replacing(" st ", with: "st ").replacing(" lb", with: "lb")
        }
    }

    /// A signed difference (`+1.2 kg`, `-0.4 lb`, never `±0.0` or `-0.0`: a
    /// change that rounds to nothing is `0.0`); stones are shown in pounds
    /// because a change of "0 st 3.1 lb" reads worse than "3.1 lb".
    public func formatChange(kilograms: Double) -> String {
        let (value, unit) = roundedChange(kilograms: kilograms)
        let sign = value > 0 ? "+" : (value < 0 ? "-" : "")
        return sign + Decimal1.text(abs(value)) + " " + unit.rawValue
    }

    /// A change as it is shown: to 0.1, stones in pounds. Its sign is the
    /// direction a reader sees (a change that rounds to 0.0 is none).
    public func roundedChange(kilograms: Double) -> (value: Double, unit: WeightUnit) {
        let unit: WeightUnit = self == .stones ? .pounds : self
        return ((unit.value(fromKilograms: kilograms) * 10).rounded() / 10, unit)
    }
}

/// One-decimal text without `String(format:)`: locale-free (never a decimal
/// comma) and cheap.
package enum Decimal1 {
    package static func text(_ value: Double) -> String {
        let tenths = Int64((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        let magnitude = tenths.magnitude
        return sign + String(magnitude / 10) + "." + String(magnitude % 10)
    }
}
