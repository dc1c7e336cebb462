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

/// A body measurement as typed (SPEC §16): `84.5`, `84.5cm`, `33.3in`,
/// `33.3"`; a bare number is in the display length unit.
public enum LengthInput {
    public static func centimetres(parsing text: String, defaultUnit: LengthUnit) throws(QuantityInputError) -> Double {
        let input = text.trimmed
        guard !input.isEmpty else { throw .empty(what: .length) }
        var scanner = TypedNumberScanner(input)
        let value: Double
        switch scanner.number() {
        case .value(let number): value = number
        case .ambiguousThousands: throw .ambiguousThousands(input: input)
        case .none, .malformed: throw .malformed(input: input, what: .length)
        }
        scanner.skipSpaces()
        let word = scanner.word().lowercased()
        guard scanner.isAtEnd else { throw .malformed(input: input, what: .length) }
        let unit: LengthUnit
        switch word {
        case "": unit = defaultUnit
        case "cm", "centimetres", "centimeters": unit = .centimetres
        case "in", "inch", "inches", "\"": unit = .inches
        case "mm": return try checked(value / 10, input)
        case "m": return try checked(value * 100, input)
        default: throw .unknownUnit(input: input, unit: word, what: .length)
        }
        return try checked(unit.centimetres(from: value), input)
    }

    private static func checked(_ centimetres: Double, _ input: String) throws(QuantityInputError) -> Double {
        guard MeasurementEntry.isValid(centimetres: centimetres) else { throw .outOfRange(input: input, what: .length) }
        return centimetres
    }
}

/// Why a typed energy or length was refused, quoting what was typed.
public enum QuantityInputError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Quantity: Sendable {
        case energy, length
    }

    case empty(what: Quantity)
    case malformed(input: String, what: Quantity)
    case ambiguousThousands(input: String)
    case unknownUnit(input: String, unit: String, what: Quantity)
    case outOfRange(input: String, what: Quantity)

    public var description: String {
        switch self {
        case .empty(.energy): "an amount of food energy is required: 650, 650kcal or 2720kJ"
        case .empty(.length): "a length is required: 84.5, 84.5cm or 33.3in"
        case .malformed(let input, .energy): "'\(input)' is not an amount of food energy; write it like 650, 650kcal or 2720kJ"
        case .malformed(let input, .length): "'\(input)' is not a length; write it like 84.5, 84.5cm, 33.3in or 33.3\""
        case .ambiguousThousands(let input):
            "'\(input)' is ambiguous: a comma followed by three digits could be a thousands separator; write \(input.replacing(",", with: "")) or \(input.replacing(",", with: "."))"
        case .unknownUnit(let input, let unit, .energy): "'\(input)' has an unknown unit '\(unit)'; use kcal or kJ"
        case .unknownUnit(let input, let unit, .length): "'\(input)' has an unknown unit '\(unit)'; use cm or in"
        case .outOfRange(let input, .energy): "'\(input)' is not an amount one eats at once: it must be \(IntakeEntry.validRangeText)"
        case .outOfRange(let input, .length): "'\(input)' is not a body measurement: it must be \(MeasurementEntry.validRangeText) cm (\(MeasurementEntry.validRangeInchesText))"
        }
    }
}

/// Foundation's error reporting (and a GUI's alert) shows the same message.
extension QuantityInputError: LocalizedError {
    public var errorDescription: String? { description }
}
