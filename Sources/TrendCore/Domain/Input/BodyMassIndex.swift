

/// Body mass index and what it says (SPEC §12: the WHO classes).
public struct BodyMassIndex: Equatable, Sendable {
    public enum Category: String, Sendable {
        case underweight, healthy, overweight, obesity
    }

    public let value: Double
    public let category: Category
    /// The weights of a healthy BMI (18.5 to 24.9) at this height, in kilograms.
    public let healthyKilograms: ClosedRange<Double>

    public init(kilograms: Double, centimetres: Double) {
        let metres = centimetres / 100
        value = kilograms / (metres * metres)
        category = value < 18.5 ? .underweight : value < 25 ? .healthy : value < 30 ? .overweight : .obesity
        healthyKilograms = (18.5 * metres * metres)...(24.9 * metres * metres)
    }
}
