/// How body measurements are shown and typed (SPEC §16): centimetres when
/// weights are in kilograms, inches for pounds and stones.
public enum LengthUnit: String, CaseIterable, Sendable {
    case centimetres = "cm"
    case inches = "in"

    public init(weightUnit: WeightUnit) {
        self = weightUnit == .kilograms ? .centimetres : .inches
    }

    public var centimetresPerUnit: Double { self == .centimetres ? 1 : MeasurementEntry.centimetresPerInch }

    public func value(fromCentimetres centimetres: Double) -> Double { centimetres / centimetresPerUnit }
    public func centimetres(from value: Double) -> Double { value * centimetresPerUnit }

    /// `84.5 cm`, `33.3 in`: to 0.1.
    public func format(centimetres: Double) -> String {
        Decimal1.text(value(fromCentimetres: centimetres)) + " " + rawValue
    }

    /// `+1.2 cm`, `-0.4 in`, never `-0.0`.
    public func formatChange(centimetres: Double) -> String {
        let value = (self.value(fromCentimetres: centimetres) * 10).rounded() / 10
        return (value > 0 ? "+" : value < 0 ? "-" : "") + Decimal1.text(abs(value)) + " " + rawValue
    }

    /// The value scripts see: converted exactly, then rounded to 0.01.
    public func roundedValue(fromCentimetres centimetres: Double) -> Double {
        (value(fromCentimetres: centimetres) * 100).rounded() / 100
    }
}
