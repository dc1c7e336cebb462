#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
