import Foundation
import Testing
import TestSupport
@testable import TrendCore

/// Intake and measurements from other apps' files (SPEC §15, §16), on
/// small fixtures written here in each real layout: a day's rows add up,
/// only Cronometer's Total rows count where there are any, empty or 0 is
/// not logged, burned is never eaten, small calories and kJ convert,
/// measurement columns map onto §16's names, and a file with weights and
/// intake brings both.
@Suite("Importing intake and measurements")
struct BodyImportTests {
    let settings = ImportSettings(
        clock: .fixed(epochSeconds: TestAppModelFactory.now, timeZone: FixedOffsetTimeZone(offsetSeconds: 3600)), configuredUnit: .kilograms)

    func parse(_ text: String, _ format: ImportFormat? = nil) throws -> ParsedImport {
        try FileImporter.parse(Array(text.utf8), format: format, settings: settings, path: "f")
    }

    /// Day (YYYY-MM-DD) → kcal, from what was read.
    func days(_ parsed: ParsedImport) -> [String: Double] {
        var days: [String: Double] = [:]
        for entry in parsed.body.intake { days[entry.calendarDay.description, default: 0] += entry.kilocalories }
        return days
    }

    @Test("intake layouts: each day one entry, the sum of its rows, nothing for a day of empty or zero rows", arguments: [
        // MyFitnessPal Nutrition-Summary: meals add up; a spreadsheet re-saved it with M/D/YYYY and unsorted rows.
        ("Date,Meal,Calories,Fat (g),Note\n2023-03-02,Breakfast,105.0,0.4,\n2023-03-02,Lunch,710.0,30.1,\n2023-03-04,Dinner,500,1,\n", "myfitnesspal", ["2023-03-02": 815, "2023-03-04": 500]),
        ("Date,Meal,Calories,Fat (g)\n1/13/2023,Dinner,325.2,6.7\n1/1/2023,Breakfast,415.9,16.6\n1/13/2023,Lunch,100,1\n", "myfitnesspal", ["2023-01-13": 425.2, "2023-01-01": 415.9]),
        // Cronometer daily summary, by meal: only the Total row counts; an empty Total row is no intake.
        ("Date,Group,Energy (kcal),Protein (g),Completed\n2026-05-11,Breakfast,400,20,false\n2026-05-11,Lunch,713.61,30,false\n2026-05-11,Total,1113.61,50,false\n2026-05-12,Total,,,false\n", "cronometer", ["2026-05-11": 1113.61]),
        // Cronometer servings: foods of one day add up; a time of `8:30 AM` or empty; empty energy is no row.
        ("Day,Time,Group,Food Name,Amount,Energy (kcal)\n2026-02-01,8:30 AM,Breakfast,Oats,1 cup,300\n2026-02-01,,Lunch,Soup,1 bowl,250.5\n2026-02-01,13:23 ,Snacks,Water,1 l,\n2026-2-3,,Lunch,Rice,1 cup,200\n", "cronometer", ["2026-02-01": 550.5, "2026-02-03": 200]),
        // QS Access: HealthKit's small calories (1644000.0 is 1,644 kcal); 0.0 is nothing logged; active calories are burned.
        ("Start,Finish,Active Calories (kcal),Dietary Calories (cal),Weight (lb)\n06-Aug-2015 00:00,07-Aug-2015 00:00,500,1644000.0,180\n07-Aug-2015 00:00,08-Aug-2015 00:00,400,0.0,181\n", nil, ["2015-08-06": 1644]),
        // Health Auto Export: dietary energy is eaten, active and resting energy are burned.
        ("Date,Active Energy (kcal),Dietary Energy (kcal),Resting Energy (kcal),Weight & Body Mass (kg)\n2024-03-01 00:00:00,512.3,2104.5,1650,81.2\n2024-03-02 00:00:00,300,,1640,\n", nil, ["2024-03-01": 2104.5]),
        // Fitbit's Foods section alone, and a plain sheet in kJ.
        ("Date,Calories In\r\n2019-01-01,0\r\n2019-01-02,1561\r\n2019-01-03,\"2,334\"", "fitbit", ["2019-01-02": 1561, "2019-01-03": 2334]),
        ("date,Energy (kJ)\n2026-01-05,8368\n", nil, ["2026-01-05": 2000]),
        // A sheet of one's own with weights, food and exercise: exercise is burned, never eaten.
        ("date,food,exercise,weight (lb)\n11/7/2021,2638,0,\n11/8/2021,2491,514,208.4\n11/13/2021,2000,300,207\n", nil, ["2021-11-07": 2638, "2021-11-08": 2491, "2021-11-13": 2000]),
        // Samsung Health food_intake: a metadata line; rows one field longer than the header; UTC at the device's offset.
        ("com.samsung.health.food_intake,6292001,6\ncreate_sh_ver,start_time,name,calorie,time_offset\n6292,2025-02-20 09:46:12.278,Rice,129.0,UTC+0700,\n6292,2025-02-20 09:50:00.000,Egg,1033.0,UTC+0700,\n", "samsung-health", ["2025-02-20": 1162]),
    ] as [(String, String?, [String: Double])])
    func intakeLayouts(text: String, format: String?, expected: [String: Double]) throws {
        let parsed = try parse(text)
        if let format { #expect(parsed.format.name == format) }
        let read = days(parsed)
        #expect(Set(read.keys) == Set(expected.keys), "\(read)")
        for (day, kcal) in expected { #expect(abs((read[day] ?? 0) - kcal) < 0.001, "\(day): \(read[day] ?? 0)") }
        #expect(parsed.body.invalid.isEmpty, "\(parsed.body.invalid)")
        #expect(parsed.body.intake.count == expected.count, "one entry a day")
    }

    @Test("a file with weights and intake brings both")
    func both() throws {
        let parsed = try parse("date,food,exercise,weight (lb)\n11/8/2021,2491,514,208.4\n11/13/2021,2000,300,207\n")
        #expect(parsed.entries.count == 2 && parsed.body.intake.count == 2)
        #expect(abs(parsed.entries[0].kilograms - 208.4 * 0.45359237) < 1e-9)
    }

    @Test("burned energy alone is nothing to import: MyFitnessPal's exercise summary, Google Fit's calories, openScale's")
    func burned() throws {
        #expect(throws: ImportError.self) { try parse("Date,Exercise,Type,Exercise Calories,Exercise Minutes\n2018-05-11,Fitbit calorie adjustment,Cardio,710.0,1\n") }
        let fit = try parse("Date,Move Minutes count,Calories (kcal),Average weight (kg)\n2020-06-18,30,2100.5,75\n")
        #expect(fit.body.intake.isEmpty && fit.entries.count == 1)
        let scale = try parse("\"calories\",\"caliper1\",\"dateTime\",\"weight\",\"waist\",\"hip\"\n1800.0,0.0,\"2022-04-16 20:45\",74.5,81.5,0.0\n")
        #expect(scale.body.intake.isEmpty)
        #expect(scale.body.measurements.map(\.name.text) == ["waist"], "openScale's lengths are centimetres; 0.0 is not measured")
    }

    @Test("measurement columns: Hevy's cm and inches, sided names, sparse rows; a generic header with its unit")
    func measurements() throws {
        let hevy = try parse("\"date\",\"weight_kg\",\"fat_percent\",\"neck_in\",\"left_bicep_in\",\"waist_in\",\"hips_in\"\n\"24 Dec 2025, 00:00\",80.1,,15.5,14,35,37\n\"25 Dec 2025, 00:00\",80,,,,,\n")
        #expect(hevy.format.name == "hevy")
        #expect(hevy.entries.count == 2)
        var byName: [String: Double] = [:]
        for entry in hevy.body.measurements { byName[entry.name.text] = entry.centimetres }
        let inch = 2.54
        let expected: [String: Double] = ["neck": 15.5 * inch, "arm-left": 14 * inch, "waist": 35 * inch, "hips": 37 * inch]
        #expect(byName == expected)
        let sheet = try parse("Date,Waist (in),Hips (cm),Right Thigh (cm)\n2026-03-01,33.5,99,60\n")
        #expect(sheet.body.measurements.map(\.name.text).sorted() == ["hips", "thigh-right", "waist"])
        let sheetWaist = sheet.body.measurements.first { $0.name == .waist }?.centimetres
        #expect(sheetWaist == 33.5 * inch)
        // A length no one measures is a row that cannot be read, and the import says where.
        let bad = try parse("Date,Waist (cm)\n2026-03-01,840\n")
        #expect(bad.body.invalid.map(\.line) == [2])
    }

    @Test("Cronometer's biometrics export: circumferences in their row's unit beside the weight and its body fat")
    func cronometerBiometrics() throws {
        let text = """
            Day,Group,Metric,Unit,Amount
            2026-03-01,Biometrics,Weight,kg,80.4
            2026-03-01,Biometrics,Body Fat,%,21.5
            2026-03-01,Biometrics,Waist,cm,88.5
            2026-03-01,Biometrics,Neck Circumference,in,15.25
            2026-03-08,Biometrics,Hips,cm,101
            2026-03-08,Biometrics,Blood Pressure,mmHg,120
            2026-03-09,Biometrics,Waist,cm,0
            2026-03-10,Biometrics,Waist,cm,880

            """
        let parsed = try parse(text)
        #expect(parsed.format.name == "cronometer")
        #expect(parsed.entries.map(\.kilograms) == [80.4])
        #expect(parsed.entries.first?.fatPercent == 21.5)
        let read = parsed.body.measurements.map { "\($0.calendarDay) \($0.name.text) \(($0.centimetres * 100).rounded() / 100)" }
        // Two readings of one instant are in the store's order (by id), not the file's.
        #expect(read.sorted() == ["2026-03-01 neck 38.74", "2026-03-01 waist 88.5", "2026-03-08 hips 101.0"])
        // 0 is not measured; 880 cm is no waist, and the import says which line.
        #expect(parsed.body.invalid.map(\.line) == [9])
    }

    @Test("Apple Health: dietary energy (kcal, Cal, kJ) and waist records are read in the same pass as body mass")
    func appleHealth() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_GB">
             <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" startDate="2026-11-01 07:00:00 +0100" endDate="2026-11-01 07:00:00 +0100" value="80.5"/>
             <Record type="HKQuantityTypeIdentifierDietaryEnergyConsumed" sourceName="MFP" unit="kcal" startDate="2026-11-01 12:30:00 +0100" endDate="2026-11-01 12:30:00 +0100" value="650"/>
             <Record type="HKQuantityTypeIdentifierDietaryEnergyConsumed" sourceName="MFP" unit="Cal" startDate="2026-11-01 19:00:00 +0100" endDate="2026-11-01 19:00:00 +0100" value="800"/>
             <Record type="HKQuantityTypeIdentifierDietaryEnergyConsumed" sourceName="Other" unit="kJ" startDate="2026-11-02 08:00:00 +0100" endDate="2026-11-02 08:00:00 +0100" value="2092"/>
             <Record type="HKQuantityTypeIdentifierWaistCircumference" sourceName="Health" unit="in" startDate="2026-11-01 07:05:00 +0100" endDate="2026-11-01 07:05:00 +0100" value="33.5"/>
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2026-11-01 07:05:00 +0100" endDate="2026-11-01 07:05:00 +0100" value="120"/>
            </HealthData>
            """
        let parsed = try parse(xml)
        #expect(parsed.format == .appleHealth)
        #expect(parsed.entries.count == 1)
        #expect(parsed.body.intake.map(\.kilocalories) == [650, 800, 500])
        #expect(parsed.body.intake[0].timestamp.iso8601 == "2026-11-01T12:30:00+01:00", "each record keeps its time")
        let waist: [Double] = parsed.body.measurements.map(\.centimetres)
        #expect(waist == [33.5 * 2.54])
        #expect(parsed.otherRecordCount == 1)
    }

    @Test("trend's own JSON export brings intake and measurements back with their ids")
    func ownExport() throws {
        let store = RecordStore(
            entries: [WeightEntry(timestamp: .local(2026, 11, 1, 7), kilograms: 80)], intake: [IntakeEntry(timestamp: .local(2026, 11, 1, 13), kilocalories: 650.5, note: "lunch")],
            measurements: [MeasurementEntry(timestamp: .local(2026, 11, 1, 7, 5), name: MeasurementName("arm-left")!, centimetres: 32.25)])
        let parsed = try FileImporter.parse(ExportDocument.json(store), format: nil, settings: settings, path: "e")
        #expect(parsed.body.intake == store.intake && parsed.body.measurements == store.measurements)
        var target = RecordStore()
        var batch = ImportBatch(entries: parsed.entries, idsDecide: true)
        batch.others.insert(contentsOf: parsed.body.intake)
        batch.others.insert(contentsOf: parsed.body.measurements)
        let outcome = try batch.merge(into: &target)
        #expect(target == store && outcome.others[.intake]?.added == 1 && outcome.others[.measurement]?.added == 1)
        // Again: every id is there already.
        let again = try batch.merge(into: &target)
        #expect(again.others[.intake]?.duplicates == 1 && again.others[.measurement]?.duplicates == 1 && target == store)
    }

    @Test("re-importing is harmless: the same minute and amount is a duplicate; daily summary and servings of one diary meet")
    func duplicates() throws {
        let daily = try parse("Date,Energy (kcal)\n2026-05-11,1113.61\n")
        let servings = try parse("Day,Group,Food Name,Amount,Energy (kcal)\n2026-05-11,Breakfast,Oats,1,400\n2026-05-11,Lunch,Soup,1,713.6\n")
        var store = RecordStore()
        var first = ImportBatch(entries: [])
        first.others.insert(contentsOf: daily.body.intake)
        #expect(try first.merge(into: &store).others[.intake]?.added == 1)
        var second = ImportBatch(entries: [])
        second.others.insert(contentsOf: servings.body.intake)
        let outcome = try second.merge(into: &store)
        #expect(outcome.others[.intake]?.duplicates == 1 && outcome.others[.intake]?.added == 0, "one source per day: the totals agree within 0.5 kcal")
    }
}
