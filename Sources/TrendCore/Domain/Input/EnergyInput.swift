#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Food energy as typed (SPEC §15): `650`, `650kcal`, `650 kcal`, `2720kJ`
/// (stored as its kilocalories). The number grammar is the weights' (§3).
public enum EnergyInput {
    /// One entry larger than this is refused unless insisted on: more than
    /// most people eat in a day, and what a kJ value typed as kcal looks like.
    public static let unlikelyKilocalories = 5_000.0

    /// The kilocalories typed; a bare number is kcal.
    public static func kilocalories(parsing text: String) throws(QuantityInputError) -> Double {
        let input = text.trimmed
        guard !input.isEmpty else { throw .empty(what: .energy) }
        var scanner = TypedNumberScanner(input)
        let value: Double
        switch scanner.number() {
        case .value(let number): value = number
        case .ambiguousThousands: throw .ambiguousThousands(input: input)
        case .none, .malformed: throw .malformed(input: input, what: .energy)
        }
        scanner.skipSpaces()
        let word = scanner.word().lowercased()
        guard scanner.isAtEnd else { throw .malformed(input: input, what: .energy) }
        let kilocalories: Double
        switch word {
        case "", "kcal", "cal", "cals", "calories", "calorie", "kcals": kilocalories = value
        case "kj", "kilojoules", "kilojoule": kilocalories = value / IntakeEntry.kilojoulesPerKilocalorie
        default: throw .unknownUnit(input: input, unit: word, what: .energy)
        }
        guard IntakeEntry.isValid(kilocalories: kilocalories) else { throw .outOfRange(input: input, what: .energy) }
        return kilocalories
    }
}
