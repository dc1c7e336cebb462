import Testing
import TrendCore

@Suite("Typed weights")
struct WeightInputTests {
    static let lb = 0.45359237
    static let accepted: [(String, WeightUnit, Double)] = [
        ("80.5", .kilograms, 80.5),
        ("80,5", .kilograms, 80.5),
        ("80.5kg", .pounds, 80.5),
        ("80.5 kg", .pounds, 80.5),
        ("80.5 KG", .pounds, 80.5),
        ("177.4lb", .kilograms, 177.4 * lb),
        ("177.4 lbs", .kilograms, 177.4 * lb),
        ("177.4", .pounds, 177.4 * lb),
        ("12st 6.5lb", .kilograms, 174.5 * lb),
        ("12st6.5", .kilograms, 174.5 * lb),
        ("12 st 6.5 lb", .kilograms, 174.5 * lb),
        ("12st", .kilograms, 168 * lb),
        ("12,5", .stones, 175 * lb),
        ("  81  ", .kilograms, 81),
        ("1000", .kilograms, 1000),
        ("0.1", .kilograms, 0.1),
    ]

    @Test("accepts every form of SPEC §3", arguments: accepted)
    func accepts(input: String, unit: WeightUnit, kilograms: Double) throws {
        let parsed = try WeightInput.kilograms(parsing: input, defaultUnit: unit)
        #expect(abs(parsed - kilograms) < 1e-9)
    }

    static let rejected: [(String, WeightInputError)] = [
        ("", .empty),
        ("   ", .empty),
        ("1,000", .ambiguousThousands(input: "1,000")),
        ("80,500", .ambiguousThousands(input: "80,500")),
        ("nan", .malformed(input: "nan")),
        ("inf", .malformed(input: "inf")),
        ("0x1p3", .unknownUnit(input: "0x1p3", unit: "x")),
        ("-5", .malformed(input: "-5")),
        ("+5", .malformed(input: "+5")),
        ("8e1", .unknownUnit(input: "8e1", unit: "e")),
        ("0", .notPositive(input: "0")),
        ("0.0", .notPositive(input: "0.0")),
        ("1000.1", .tooHeavy(input: "1000.1")),
        ("2205 lb", .tooHeavy(input: "2205 lb")),
        ("80 stonez", .unknownUnit(input: "80 stonez", unit: "stonez")),
        ("80 g", .unknownUnit(input: "80 g", unit: "g")),
        ("80.", .malformed(input: "80.")),
        (".5", .malformed(input: ".5")),
        ("80.5.1", .malformed(input: "80.5.1")),
        ("12st 14lb", .poundsOutOfRange(input: "12st 14lb")),
        ("12st 6kg", .unknownUnit(input: "12st 6kg", unit: "kg")),
        ("80kg 5", .malformed(input: "80kg 5")),
    ]

    @Test("refuses what is not a weight, quoting the input", arguments: rejected)
    func rejects(input: String, expected: WeightInputError) {
        #expect(throws: expected) { try WeightInput.kilograms(parsing: input, defaultUnit: .kilograms) }
    }

    @Test("every refusal message quotes what was typed")
    func messagesQuoteInput() {
        for (input, _) in Self.rejected where !input.trimmingCharacters(in: .whitespaces).isEmpty {
            do {
                _ = try WeightInput.kilograms(parsing: input, defaultUnit: .kilograms)
                Issue.record("\(input) was accepted")
            } catch {
                #expect(error.description.contains("'\(input)'"))
            }
        }
    }
}
