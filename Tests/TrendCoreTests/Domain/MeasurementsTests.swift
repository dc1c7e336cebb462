import Foundation
import Testing
import TestSupport
import TrendCore

/// SPEC §16: the Navy formulas against published worked examples and
/// against Hodgdon and Beckett's own density form, the ratio classes at
/// their boundaries, each measurement's trend on its measured days with its 60-day gap rule,
/// and lengths and energies as people type them.
@Suite("Body measurements")
struct MeasurementsTests {
    static let inch = 2.54

    @Test("the Navy estimate for men matches published worked examples, in inches and in centimetres", arguments: [
        // height, waist, neck in inches; the published result and how close it was given
        [70, 34, 15, 17.5, 0.05],  // qcalculator: "≈ 17.5%"
        [70, 36, 16, 19.5, 0.1],  // calculator.city: "approximately 19.5%"
    ] as [[Double]])
    func navyMen(row: [Double]) throws {
        let (height, waist, neck, published, tolerance) = (row[0], row[1], row[2], row[3], row[4])
        let fromInches = try #require(NavyBodyFat.percent(
            sex: .male, heightCentimetres: height * Self.inch, waistCentimetres: waist * Self.inch, neckCentimetres: neck * Self.inch, hipsCentimetres: nil))
        #expect(abs(fromInches - published) <= tolerance, "\(fromInches)")
    }

    /// Hodgdon and Beckett's density equations in centimetres, a second
    /// published form of the same regression: the two agree within half a point.
    static func densityForm(sex: Sex, height: Double, waist: Double, neck: Double, hips: Double) -> Double {
        switch sex {
        case .male: 495 / (1.0324 - 0.19077 * log10(waist - neck) + 0.15456 * log10(height)) - 450
        case .female: 495 / (1.29579 - 0.35004 * log10(waist + hips - neck) + 0.22100 * log10(height)) - 450
        }
    }

    @Test("both sexes agree with Hodgdon and Beckett's density form in centimetres", arguments: [
        // sex, height, waist, neck, hips (cm)
        ("female", 165.0, 75.0, 33.0, 100.0), ("female", 158.0, 88.0, 34.0, 108.0), ("female", 172.0, 70.0, 31.0, 95.0),
        ("male", 180.0, 90.0, 40.0, 0.0), ("male", 175.0, 100.0, 41.0, 0.0), ("male", 188.0, 82.0, 39.0, 0.0),
    ] as [(String, Double, Double, Double, Double)])
    func navyDensityForm(sex: String, height: Double, waist: Double, neck: Double, hips: Double) throws {
        let sex = Sex(rawValue: sex)!
        let estimate = try #require(NavyBodyFat.percent(
            sex: sex, heightCentimetres: height, waistCentimetres: waist, neckCentimetres: neck, hipsCentimetres: sex == .female ? hips : nil))
        let density = Self.densityForm(sex: sex, height: height, waist: waist, neck: neck, hips: hips)
        #expect(abs(estimate - density) < 0.5, "\(estimate) vs \(density)")
    }

    @Test("a woman's estimate needs her hips; a neck as wide as the waist gives none")
    func navyMissing() {
        #expect(NavyBodyFat.percent(sex: .female, heightCentimetres: 165, waistCentimetres: 75, neckCentimetres: 33, hipsCentimetres: nil) == nil)
        #expect(NavyBodyFat.percent(sex: .male, heightCentimetres: 180, waistCentimetres: 40, neckCentimetres: 40, hipsCentimetres: nil) == nil)
    }

    @Test("waist-to-height classes at Ashwell's boundaries", arguments: [
        (0.399, "low"), (0.4, "healthy"), (0.499, "healthy"), (0.5, "increased"), (0.599, "increased"), (0.6, "high"), (0.75, "high"),
    ] as [(Double, String)])
    func waistToHeight(ratio: Double, expected: String) {
        #expect(MeasurementsReport.WaistToHeightClass(ratio: ratio).rawValue == expected)
    }

    func report(waist: Double, hips: Double? = nil, neck: Double? = nil, height: Double? = 180, sex: Sex? = nil) -> MeasurementsReport {
        let day = Timestamp.local(2026, 11, 1, 7)
        var entries = [MeasurementEntry(timestamp: day, name: .waist, centimetres: waist)]
        if let hips { entries.append(MeasurementEntry(timestamp: day, name: .hips, centimetres: hips)) }
        if let neck { entries.append(MeasurementEntry(timestamp: day, name: .neck, centimetres: neck)) }
        return MeasurementsReport(entries, from: day.day, through: day.day, heightCentimetres: height, sex: sex, scaleFatPercent: nil)!
    }

    @Test("waist-to-hip is flagged from 0.90 for men and 0.85 for women, and not at all without a sex", arguments: [
        (89.9, 100.0, "male", false), (90.0, 100.0, "male", true), (84.9, 100.0, "female", false), (85.0, 100.0, "female", true), (95.0, 100.0, "", nil),
    ] as [(Double, Double, String, Bool?)])
    func waistToHip(waist: Double, hips: Double, sex: String, flagged: Bool?) {
        let report = report(waist: waist, hips: hips, sex: Sex(rawValue: sex))
        #expect(abs((report.waistToHip ?? 0) - waist / hips) < 1e-12)
        #expect(report.waistToHipIncreased == flagged)
    }

    @Test("the derived values are left out when an input is missing, never guessed")
    func missingInputs() {
        let noHeight = report(waist: 84, neck: 38, height: nil, sex: .male)
        #expect(noHeight.waistToHeight == nil && noHeight.navyBodyFat == nil)
        let noSex = report(waist: 84, neck: 38)
        #expect(noSex.navyBodyFat == nil && noSex.waistToHeight != nil)
        let noNeck = report(waist: 84, sex: .male)
        #expect(noNeck.navyBodyFat == nil)
        #expect(report(waist: 84, hips: 100, neck: 38, sex: .male).navyBodyFat != nil)
    }

    @Test("a measurement's trend is a line through the last 28 days' readings, filled between days, started again after more than 60 days")
    func series() throws {
        let start = Timestamp.local(2026, 1, 1, 7)
        let entries = [(0, 90.0), (10, 89.0), (70, 88.0), (131, 86.0), (135, 85.0)].map { MeasurementEntry(timestamp: start.adding(days: $0.0), name: .waist, centimetres: $0.1) }
        let series = MeasurementSeries(entries)
        let day0 = start.day
        // Days 0–10 and 10–70 are bridged (60 days is not more than 60); 70 → 131 is a gap.
        #expect(series.trend(on: day0.adding(days: 5)) != nil)
        #expect(series.trend(on: day0.adding(days: 40)) != nil)
        #expect(series.trend(on: day0.adding(days: 100)) == nil)
        #expect(series.trend(on: day0.adding(days: 131)) == 86, "the trend starts again at the first value after the gap")
        // Two readings in 28 days: the line through them meets the latest. Day 5 lies halfway between the trends of days 0 and 10.
        #expect(series.trend(on: day0.adding(days: 10)) == 89)
        #expect(abs(try #require(series.trend(on: day0.adding(days: 5))) - 89.5) < 1e-9)
        // Day 70 has no other reading within 28 days: its own value.
        #expect(series.trend(on: day0.adding(days: 70)) == 88)
        // The rate after the gap fits only the days after it.
        let after = (131...135).compactMap { series.trend(on: day0.adding(days: $0)) }
        let rate = try #require(series.weeklyRate(upTo: day0.adding(days: 135)))
        #expect(abs(rate - LeastSquares.weeklySlope(after)) < 1e-9)
    }

    @Test("a weekly tape on a steadily falling waist: the trend meets each reading and the rate is the weekly fall")
    func weeklyTapeFollowsReadings() throws {
        let start = Timestamp.local(2026, 9, 7, 7)
        let entries = (0..<10).map { MeasurementEntry(timestamp: start.adding(days: 7 * $0), name: .waist, centimetres: 96 - 0.7 * Double($0)) }
        let series = MeasurementSeries(entries)
        for entry in entries {
            #expect(abs(try #require(series.trend(on: entry.calendarDay)) - entry.centimetres) < 1e-9)
        }
        #expect(abs(try #require(series.weeklyRate(upTo: entries.last!.calendarDay)) - -0.7) < 1e-9)
    }

    @Test("one odd reading among weekly readings moves the trend by less than the reading")
    func oddReadingDamped() throws {
        let start = Timestamp.local(2026, 9, 7, 7)
        let values = [92.0, 92.0, 92.0, 94.0]
        let entries = values.enumerated().map { MeasurementEntry(timestamp: start.adding(days: 7 * $0.offset), name: .waist, centimetres: $0.element) }
        let trend = try #require(MeasurementSeries(entries).trend(on: entries.last!.calendarDay))
        // By hand: the line through (−21, 92), (−14, 92), (−7, 92), (0, 94) has slope 21/245 a day and meets day 0 at 92.5 + 10.5 × 21/245 = 93.4.
        #expect(abs(trend - (92.5 + 10.5 * 21.0 / 245.0)) < 1e-9)
        #expect(trend > 92 && trend < 94)
    }

    @Test("lengths as people type them, in cm or inches, or the display unit when bare", arguments: [
        ("84.5", "cm", 84.5), ("84.5cm", "in", 84.5), ("84,5 cm", "in", 84.5), ("33.3in", "cm", 33.3 * 2.54), ("33.3\"", "cm", 33.3 * 2.54),
        ("33.3", "in", 33.3 * 2.54), ("845mm", "cm", 84.5), ("0.845m", "cm", 84.5), ("33.3 inches", "cm", 33.3 * 2.54),
    ] as [(String, String, Double)])
    func lengths(text: String, unit: String, centimetres: Double) throws {
        #expect(abs(try LengthInput.centimetres(parsing: text, defaultUnit: LengthUnit(rawValue: unit)!) - centimetres) < 1e-9)
    }

    @Test("lengths no one measures, or that are not lengths, are refused", arguments: ["0", "-5", "301", "400cm", "lots", "84.5 kg", "1,000", "nan", "1e2", "0x10", ""])
    func badLengths(text: String) {
        #expect(throws: QuantityInputError.self) { try LengthInput.centimetres(parsing: text, defaultUnit: .centimetres) }
    }

    @Test("food energy as typed: kcal, or kJ ÷ 4.184", arguments: [
        ("650", 650.0), ("650kcal", 650), ("650 kcal", 650), ("2720kJ", 2720 / 4.184), ("2720 kj", 2720 / 4.184), ("650,5", 650.5), ("20000", 20000),
    ] as [(String, Double)])
    func energy(text: String, kilocalories: Double) throws {
        #expect(abs(try EnergyInput.kilocalories(parsing: text) - kilocalories) < 1e-9)
    }

    @Test("food energy no one eats at once, or that is not energy, is refused", arguments: ["-5", "0", "lots", "25000", "20001", "1,000", "nan", "inf", "650 g", ""])
    func badEnergy(text: String) {
        #expect(throws: QuantityInputError.self) { try EnergyInput.kilocalories(parsing: text) }
    }

    @Test("measurement names: the known places with sides, names of one's own, and what is no name", arguments: [
        ("waist", true, true), ("arm-left", true, true), ("calf-right", true, true), ("bust", true, false), ("my-thing2", true, false),
        ("Waist", false, false), ("2arms", false, false), ("", false, false), (String(repeating: "a", count: 33), false, false), ("waist left", false, false),
    ] as [(String, Bool, Bool)])
    func names(text: String, valid: Bool, known: Bool) {
        let name = MeasurementName(text)
        #expect((name != nil) == valid)
        #expect((name?.isKnown ?? false) == known)
    }
}
