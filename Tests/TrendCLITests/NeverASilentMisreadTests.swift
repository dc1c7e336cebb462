import Foundation
import Testing
import TestSupport

/// SPEC §18's "never a silent misread", end to end: each class of file
/// that once stored something it does not say (row numbers, food, a pulse,
/// a waist, pounds as kilograms) is imported with `trend import`, and what
/// is stored is exactly what the file says, or nothing is stored and the
/// refusal names what to add. Every fixture is written here, in the layout
/// of the files that taught the rule, never copied from anyone.
@Suite("Imports never store what the file does not say")
struct NeverASilentMisreadTests {
    /// What the data directory holds after an import: weigh-ins (kg),
    /// daily intake (kcal) and measurements (cm), in file order.
    struct Stored: Equatable {
        var weights: [Double] = []
        var intake: [Double] = []
        var tape: [String] = []
    }

    func stored(_ cli: CLIHarness) throws -> Stored {
        guard cli.weightsFile != nil else { return Stored() }
        let json = try cli.weightsJSON()
        func numbers(_ key: String, _ member: String) -> [Double] {
            ((json[key] as? [[String: Any]]) ?? []).compactMap { $0[member] as? Double }.map { ($0 * 100).rounded() / 100 }
        }
        let tape = ((json["measurements"] as? [[String: Any]]) ?? []).map { "\($0["name"] ?? "") \((($0["centimetres"] as? Double ?? 0) * 10).rounded() / 10)" }
        return Stored(weights: numbers("entries", "kilograms"), intake: numbers("intake", "kilocalories"), tape: tape)
    }

    /// Ten days of a table: `row(day)` gives the cells after the date.
    static func days(_ header: String, _ row: (Int) -> String, separator: String = ",") -> String {
        header + "\n" + (1...10).map { "2026-10-\(String(format: "%02d", $0))\(separator)\(row($0))\n" }.joined()
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        let name: String
        let file: String
        let text: String
        /// Words the message must hold (the option or the problem).
        let says: [String]
        var testDescription: String { name }
    }

    /// Columns whose header names another quantity, alone beside a date:
    /// never a weight, however human its numbers. (A place on the body,
    /// `Bauchumfang`, is read as the tape: see `readings`.)
    static let quantities = [
        "Herzfrequenz", "Temperatur", "Blutdruck", "fréquence cardiaque", "pulso", "calorías", "Energie", "hr", "temp",
        "BP", "SpO2", "cm", "length", "Umfang", "intake (g)", "Messung",
    ]

    static let refusals: [Refusal] = quantities.map { header in
        Refusal(name: "a column headed '\(header)'", file: "q.csv", text: days("date," + header) { "\(59 + $0).5" }, says: ["--weight-column N", header])
    } + [
        Refusal(
            name: "no header, a row counter", file: "n.csv", text: (0..<30).map { "2026-10-\(String(format: "%02d", $0 + 1)),\(60 + $0)\n" }.joined(),
            says: ["--weight-column N"]),
        Refusal(
            name: "another app's food log in JSON: grams of food", file: "food.json",
            text: "[" + (1...10).map { #"{"date": "2026-10-\#(String(format: "%02d", $0))", "food": "rice", "grams": \#(79 + $0)}"# }.joined(separator: ", ") + "]",
            says: ["--weight-column N"]),
        Refusal(
            name: "a time with no date", file: "times.json",
            text: "[" + (1...10).map { #"{"time_added": "08:0\#($0 % 10)", "weight": 80.\#($0 % 10)}"# }.joined(separator: ", ") + "]", says: ["not a format trend can import"]),
        Refusal(
            name: "whole weights whose notes are single digits: a decimal comma split", file: "dc.csv",
            text: days("date,weight,note") { "\(80 - $0 / 4),\($0 % 10)" }, says: ["a decimal comma?"]),
        Refusal(
            name: "day-first dates with one that fits neither order", file: "dmy.csv",
            text: "date,weight\n" + (1...20).map { "\(String(format: "%02d", $0))/10/2026,\(80 - Double($0) / 10)\n" }.joined() + "31/02/2026,79.0\n",
            says: ["'31/02/2026' is not a real date", "dmy.csv:22"]),
        Refusal(
            name: "UTF-16 with an odd number of bytes", file: "odd.csv", text: "", says: ["UTF-16", "odd number of bytes"]),
    ]

    @Test("a file that does not say it holds weights is refused, naming what to add; nothing is stored", arguments: refusals)
    func refused(_ test: Refusal) throws {
        let cli = try CLIHarness()
        if test.file == "odd.csv" {
            let units = Array("date,weight\n2026-10-01,80\n".utf16)
            let bytes: [UInt8] = [0xFF, 0xFE] + units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] } + [0x0A]
            try Data(bytes).write(to: URL(fileURLWithPath: cli.directory.file(test.file)))
        } else {
            try cli.directory.write(test.text, to: test.file)
        }
        let result = try cli.run("import", cli.directory.file(test.file))
        #expect(result.status == 65, "\(result.stderr)")
        for words in test.says { #expect(result.stderr.contains(words), "\(result.stderr)") }
        #expect(cli.weightsFile == nil, "something was stored")
    }

    struct Reading: Sendable, CustomTestStringConvertible {
        let name: String
        let file: String
        let text: String
        let expected: Stored
        /// Words the summary must hold: the columns it used, and what it left.
        let says: [String]
        var testDescription: String { name }
    }

    static let lb = 0.45359237
    static func pounds(_ values: [Double]) -> [Double] { values.map { ($0 * lb * 100).rounded() / 100 } }

    static let readings: [Reading] = [
        Reading(
            name: "a scraped food diary: a row counter, foods and their energy", file: "diary.csv",
            text: ",date,food,kcal\n" + (1...10).map { "\($0 - 1),2026-10-\(String(format: "%02d", $0)),bread,\(1900 + $0)\n" }.joined(),
            expected: Stored(intake: (1...10).map { 1900 + Double($0) }), says: ["numbers left alone in column 1", "food energy in column 4 (kcal)"]),
        Reading(
            name: "weights beside kilojoules", file: "kj.csv", text: days("date,weight,kJ") { "\(80 - Double($0) / 10),8368" },
            expected: Stored(weights: (1...10).map { 80 - Double($0) / 10 }, intake: Array(repeating: 2000, count: 10)), says: []),
        Reading(
            name: "pounds named in the header as a word", file: "lbs.csv", text: days("date,Weight lbs") { "\(180 - $0).0" },
            expected: Stored(weights: pounds((1...10).map { 180 - Double($0) })), says: ["Weights read as pounds: the file's header says so"]),
        Reading(
            name: "pounds after an underscore", file: "lbs2.csv", text: days("date,weight_lbs") { "\(180 - $0).0" },
            expected: Stored(weights: pounds((1...10).map { 180 - Double($0) })), says: ["pounds"]),
        Reading(
            name: "a long table of weight and heart rate", file: "long.csv",
            text: "date,metric,value\n" + (1...10).map { "2026-10-\(String(format: "%02d", $0)),weight,\(80 - Double($0) / 10)\n2026-10-\(String(format: "%02d", $0)),heart_rate,\(58 + $0)\n" }.joined(),
            expected: Stored(weights: (1...10).map { 80 - Double($0) / 10 }), says: ["10 weight rows as weigh-ins", "skipped", "heart_rate (10)"]),
        Reading(
            name: "JSON records that name their type", file: "typed.json",
            text: "[" + (1...10).flatMap { [#"{"type": "heart_rate", "date": "2026-10-\#(String(format: "%02d", $0))", "value": \#(58 + $0)}"#, #"{"type": "weight", "date": "2026-10-\#(String(format: "%02d", $0))", "value": \#(80 - Double($0) / 10), "unit": "kg"}"#] }.joined(separator: ", ") + "]",
            expected: Stored(weights: (1...10).map { 80 - Double($0) / 10 }), says: ["heart_rate (10)"]),
        Reading(
            name: "Google Fit's heart rate: nothing of ours", file: "hr.json",
            text: #"{"Data Source": "derived:com.google.heart_rate.bpm:merged", "Data Points": ["# + (1...10).map { #"{"fitValue": [{"value": {"fpVal": \#(58 + $0)}}], "startTimeNanos": "\#(1_790_812_800 + $0 * 86_400)000000000", "dataTypeName": "com.google.heart_rate.bpm"}"# }.joined(separator: ", ") + "]}",
            expected: Stored(), says: ["Found no weigh-ins", "records of other kinds"]),
        Reading(
            name: "JSON Lines", file: "lines.jsonl", text: (1...10).map { #"{"date": "2026-10-\#(String(format: "%02d", $0))", "weight": \#(80 - Double($0) / 10)}"# + "\n" }.joined(),
            expected: Stored(weights: (1...10).map { 80 - Double($0) / 10 }), says: ["Read as records"]),
        Reading(
            name: "trend's own measure --format csv", file: "tape.csv", text: days("date,name,cm,note") { "waist,\(95 - Double($0) / 10)," },
            expected: Stored(tape: (1...10).map { "waist \((950 - Double($0)) / 10)" }), says: ["10 rows of the tape as measurements"]),
        Reading(
            name: "trend's own intake --format csv", file: "intake.csv", text: days("date,kcal") { "\(1800 + $0)" },
            expected: Stored(intake: (1...10).map { 1800 + Double($0) }), says: []),
        Reading(
            name: "a German intake sheet with thousands dots", file: "kcal.csv", text: days("date;kcal", { "2.\(100 + $0)" }, separator: ";"),
            expected: Stored(intake: (1...10).map { 2100 + Double($0) }), says: []),
        Reading(
            name: "Apple Health's records as CSV: the start date is when", file: "ah.csv",
            text: "type,sourceName,unit,creationDate,startDate,endDate,value\n" + (1...10).map {
                let day = String(format: "%02d", $0)
                return "HKQuantityTypeIdentifierBodyMass,Scale,kg,2026-10-\(day) 09:05:00 +0100,2026-10-\(day) 07:30:00 +0100,2026-10-\(day) 07:30:00 +0100,\(80 - Double($0) / 10)\n"
                    + "HKQuantityTypeIdentifierHeartRate,Watch,count/min,2026-10-\(day) 09:05:00 +0100,2026-10-\(day) 07:31:00 +0100,2026-10-\(day) 07:31:00 +0100,\(58 + $0)\n"
            }.joined(),
            expected: Stored(weights: (1...10).map { 80 - Double($0) / 10 }), says: ["date in column 5 (startDate)", "HKQuantityTypeIdentifierHeartRate (10)"]),
        Reading(
            name: "a tape sheet with Spanish headers", file: "es.csv", text: days("Fecha,Peso,Cintura,Cadera") { "\(80 - Double($0) / 10),\(94 - Double($0) / 10),104" },
            expected: Stored(
                weights: (1...10).map { 80 - Double($0) / 10 }, tape: (1...10).flatMap { ["hips 104.0", "waist \((940 - Double($0)) / 10)"] }),
            says: ["the tape in column 3 (Cintura), column 4 (Cadera)", "Lengths read as cm"]),
        Reading(
            name: "a German waist column alone", file: "de.csv", text: days("Datum;Bauchumfang (cm)", { "\(90 + $0),5" }, separator: ";"),
            expected: Stored(tape: (1...10).map { "waist \(Double(90 + $0) + 0.5)" }), says: ["the tape in column 2"]),
    ]

    @Test("a file read right stores exactly what it says, and the summary names the columns", arguments: readings)
    func read(_ test: Reading) throws {
        let cli = try CLIHarness()
        try cli.directory.write(test.text, to: test.file)
        let result = try cli.run("import", cli.directory.file(test.file))
        #expect(result.status == 0, "\(result.stderr)")
        var found = try stored(cli)
        found.tape.sort()
        var expected = test.expected
        expected.weights = expected.weights.map { ($0 * 100).rounded() / 100 }
        expected.intake = expected.intake.map { ($0 * 100).rounded() / 100 }
        expected.tape.sort()
        #expect(found == expected, "\(result.stderr)")
        for words in test.says { #expect(result.stderr.contains(words), "\(result.stderr)") }
    }

    @Test("intake over days already logged keeps one source per day and says so; --replace-intake takes the file's, in one undoable change")
    func oneSourcePerDay() throws {
        let cli = try CLIHarness()
        for day in ["2026-11-01", "2026-11-02", "2026-11-03"] {
            try cli.ok("eat", "700", "--date", day + " 08:00")
            try cli.ok("eat", "680", "--date", day + " 13:00")
        }
        try cli.directory.write("date,kcal\n2026-11-01,1380\n2026-11-02,1390\n2026-11-03,1400\n2026-11-04,1500\n", to: "mfp.csv")
        let kept = try cli.ok("import", cli.directory.file("mfp.csv"))
        #expect(kept.stderr.contains("intake: 1 added"), "\(kept.stderr)")
        #expect(kept.stderr.contains("Intake for 3 days already logged, kept: 1–3 Nov 2026; --replace-intake to take the file's."), "\(kept.stderr)")
        // Never a sum: each day is the one source's.
        #expect(try stored(cli).intake.sorted() == [680, 680, 680, 700, 700, 700, 1500])
        let replaced = try cli.ok("import", cli.directory.file("mfp.csv"), "--replace-intake")
        // 4 Nov came from the file before: it is a logged day now, and the file's again.
        #expect(replaced.stderr.contains("Intake for 4 days replaced by the file's: 1–4 Nov 2026."), "\(replaced.stderr)")
        #expect(try stored(cli).intake.sorted() == [1380, 1390, 1400, 1500])
        try cli.ok("undo")
        #expect(try stored(cli).intake.sorted() == [680, 680, 680, 700, 700, 700, 1500])
    }
}
