/// The unit weights were read in when the file names none, why, and what
/// else they might have been.
public struct UnitAssumption: Equatable, Sendable {
    public let unit: WeightUnit
    public let reason: UnitReason
    /// The units the file's weights might be in instead: what to suggest.
    public let alternatives: [WeightUnit]

    /// Scales and apps write kilograms or pounds; stones are a way of
    /// showing pounds, never how a file stores them.
    static func alternatives(to unit: WeightUnit) -> [WeightUnit] {
        switch unit {
        case .kilograms: [.pounds]
        case .pounds: [.kilograms]
        case .stones: [.pounds, .kilograms]
        }
    }
}
