#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
