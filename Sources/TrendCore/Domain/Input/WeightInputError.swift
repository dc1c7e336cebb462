#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why a typed weight was refused. Each case quotes what the user typed.
public enum WeightInputError: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    case malformed(input: String)
    case ambiguousThousands(input: String)
    case unknownUnit(input: String, unit: String)
    case notPositive(input: String)
    case tooHeavy(input: String)
    case poundsOutOfRange(input: String)
    case notFat(input: String)
    case fatOutOfRange(input: String)

    public var description: String {
        switch self {
        case .empty:
            "a weight is required"
        case .malformed(let input):
            "'\(input)' is not a weight; write it like 80.5, 80,5, 177.4lb or 12st 6.5lb"
        case .ambiguousThousands(let input):
            "'\(input)' is ambiguous: a comma followed by three digits could be a thousands separator; write \(input.replacing(",", with: "")) or \(input.replacing(",", with: "."))"
        case .unknownUnit(let input, let unit):
            "'\(input)' has an unknown unit '\(unit)'; use kg, lb or st"
        case .notPositive(let input):
            "'\(input)' is not a weight: it must be more than zero"
        case .tooHeavy(let input):
            "'\(input)' is more than 1000 kg"
        case .poundsOutOfRange(let input):
            "'\(input)': the pounds after stones must be less than 14"
        case .notFat(let input):
            "'\(input)' is not a body fat percentage; write it like 22.4 or 22.4%"
        case .fatOutOfRange(let input):
            "'\(input)' is not a body fat percentage: it must be \(WeightInput.validFatRangeText)"
        }
    }
}

/// Foundation's error reporting (and a GUI's alert) shows the same message.
extension WeightInputError: LocalizedError {
    public var errorDescription: String? { description }
}
