import Testing
import TrendCore

@Suite("Weight units")
struct WeightUnitTests {
    static let lb = 0.45359237
    static let formatCases: [(WeightUnit, Double, String)] = [
        (.kilograms, 80.5, "80.5 kg"),
        (.kilograms, 80, "80.0 kg"),
        (.pounds, 177.5 * lb, "177.5 lb"),
        (.stones, 177.5 * lb, "12 st 9.5 lb"),
        (.stones, 181.96 * lb, "13 st 0.0 lb"),
        (.stones, 168 * lb, "12 st 0.0 lb"),
    ]

    @Test("formats to one decimal in each unit", arguments: formatCases)
    func formats(unit: WeightUnit, kilograms: Double, text: String) {
        #expect(unit.format(kilograms: kilograms) == text)
    }

    @Test("rounds script values to 0.01 after an exact conversion")
    func roundsForScripts() {
        #expect(WeightUnit.pounds.roundedValue(fromKilograms: 80) == 176.37)
        #expect(WeightUnit.stones.roundedValue(fromKilograms: 80) == 12.6)
        #expect(WeightUnit.kilograms.roundedValue(fromKilograms: 80.467286438) == 80.47)
    }

    @Test("signed changes never show a decimal comma or a lone minus zero")
    func formatsChanges() {
        #expect(WeightUnit.kilograms.formatChange(kilograms: -1.64) == "-1.6 kg")
        #expect(WeightUnit.kilograms.formatChange(kilograms: 0.01) == "0.0 kg")
        #expect(WeightUnit.stones.formatChange(kilograms: 0.45359237) == "+1.0 lb")
    }

    @Test("parses unit names case-insensitively", arguments: [("KG", WeightUnit.kilograms), ("lbs", .pounds), ("Stone", .stones)])
    func parsesNames(text: String, unit: WeightUnit) {
        #expect(WeightUnit(parsing: text) == unit)
    }
}
