#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Parses the weights people type (SPEC §3): `80.5`, `80,5`, `80.5 kg`,
/// `177.4lbs`, `12st 6.5lb`, `12st6.5`, `12st`.
///
/// Swift's `Double(_:)` also accepts signs, exponents, hex, `nan` and `inf`,
/// so numbers are read by hand: `DIGITS[(.|,)DIGITS]` and nothing else.
public enum WeightInput {
    /// The heaviest weight accepted, in kilograms.
    public static let maximumKilograms = 1000.0

    /// The one rule for what is a weight, wherever one comes from.
    public static func isValid(kilograms: Double) -> Bool {
        kilograms.isFinite && kilograms > 0 && kilograms <= maximumKilograms
    }

    /// Body fat in percent: more than 0, less than 75 (SPEC §12).
    public static func isValid(fatPercent: Double) -> Bool {
        fatPercent.isFinite && fatPercent > 0 && fatPercent < 75
    }

    /// Body fat worked out from a ratio (`0.224`) or a fat mass is kept to a
    /// thousandth of a point: what the scale measured, without the noise of
    /// the division (`0.224 × 100` is 22.400000000000002).
    public static func fatPercent(computed value: Double) -> Double {
        (value * 1000).rounded() / 1000
    }

    public static let validFatRangeText = "more than 0 and less than 75 percent"

    /// The rule in words, for messages.
    public static let validRangeText = "more than 0 and at most \(DecimalText.shortest(maximumKilograms)) kg"

    /// Body fat as typed: `22.4`, `22,4`, `22.4%`, `22.4 %` (SPEC §12).
    public static func fatPercent(parsing text: String) throws(WeightInputError) -> Double {
        var input = text.trimmed
        guard !input.isEmpty else { throw .notFat(input: input) }
        let shown = input
        if input.hasSuffix("%") { input = String(input.dropLast()).trimmed }
        var scanner = TypedNumberScanner(input)
        guard let value = try scanner.number().weight(shown), scanner.isAtEnd else { throw .notFat(input: shown) }
        guard isValid(fatPercent: value) else { throw .fatOutOfRange(input: shown) }
        return value
    }

    /// A plan's weekly rate in kilograms, as typed (`0.5`, `1lb`, `-0.5`):
    /// its size only, since the goal says which way. Zero comes back as
    /// zero, for the plan to refuse by name rather than as "not a weight".
    public static func weeklyRate(parsing text: String, defaultUnit: WeightUnit) throws(WeightInputError) -> Double {
        var input = text.trimmed
        if input.hasPrefix("-") || input.hasPrefix("+") { input.removeFirst() }
        do {
            return try kilograms(parsing: input, defaultUnit: defaultUnit)
        } catch {
            if case .notPositive = error { return 0 }
            throw error
        }
    }

    /// The weight in kilograms. A bare number is in `defaultUnit`.
    public static func kilograms(parsing text: String, defaultUnit: WeightUnit) throws(WeightInputError) -> Double {
        let input = text.trimmed
        guard !input.isEmpty else { throw .empty }
        var scanner = TypedNumberScanner(input)
        guard let first = try scanner.number().weight(input) else { throw .malformed(input: input) }
        scanner.skipSpaces()
        let unitWord = scanner.word()
        var kilograms: Double
        if unitWord.isEmpty {
            kilograms = defaultUnit.kilograms(from: first)
        } else if let unit = WeightUnit(parsing: unitWord) {
            kilograms = unit.kilograms(from: first)
            if unit == .stones {
                scanner.skipSpaces()
                if let pounds = try scanner.number().weight(input) {
                    guard first == first.rounded(.down) else { throw .malformed(input: input) }
                    scanner.skipSpaces()
                    let poundWord = scanner.word()
                    guard poundWord.isEmpty || WeightUnit(parsing: poundWord) == .pounds else {
                        throw .unknownUnit(input: input, unit: poundWord)
                    }
                    guard pounds < WeightUnit.poundsPerStone else { throw .poundsOutOfRange(input: input) }
                    kilograms += WeightUnit.pounds.kilograms(from: pounds)
                }
            }
        } else {
            throw .unknownUnit(input: input, unit: unitWord)
        }
        guard scanner.isAtEnd else { throw .malformed(input: input) }
        guard kilograms > 0 else { throw .notPositive(input: input) }
        guard kilograms <= maximumKilograms else { throw .tooHeavy(input: input) }
        return kilograms
    }
}
