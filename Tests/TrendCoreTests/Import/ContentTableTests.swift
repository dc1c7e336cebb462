import Foundation
import Testing
import TestSupport
@testable import TrendCore

/// Tables no named layout knows, read by what their cells hold (SPEC §18):
/// each class of file a person keeps or an unknown app writes, in every
/// separator, encoding and language §18 names, with and without a header
/// and a banner; the rows must be the ones a careful reader sees, and a
/// file that cannot be read one way only is refused naming the options.
@Suite("Imports read by content")
struct ContentTableTests {
    let settings = ImportSettings(
        clock: .fixed(epochSeconds: TestAppModelFactory.now, timeZone: FixedOffsetTimeZone(offsetSeconds: 3600)), configuredUnit: .kilograms)

    func parse(_ bytes: [UInt8], format: ImportFormat? = nil, dateColumn: Int? = nil, weightColumn: Int? = nil) throws -> ParsedImport {
        var settings = settings
        settings.dateColumn = dateColumn
        settings.weightColumn = weightColumn
        return try FileImporter.parse(bytes, format: format, settings: settings, path: "f")
    }

    func parse(_ text: String, weightColumn: Int? = nil) throws -> ParsedImport {
        try parse(Array(text.utf8), weightColumn: weightColumn)
    }

    /// `2025-03-01 80.5` per weigh-in: the local day and the kilograms to 0.01.
    static func described(_ parsed: ParsedImport) -> [String] {
        parsed.entries.map { entry in
            "\(entry.calendarDay) " + String(format: "%.2f", entry.kilograms)
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        let expected: [String]
        /// What the summary must say of how the table was read.
        let reading: [String]
        var testDescription: String { name }

        init(_ name: String, _ text: String, _ expected: [String], reading: [String] = []) {
            self.init(name, Array(text.utf8), expected, reading: reading)
        }

        init(_ name: String, _ bytes: [UInt8], _ expected: [String], reading: [String] = []) {
            self.name = name
            self.bytes = bytes
            self.expected = expected
            self.reading = reading
        }
    }

    static let lb = 0.45359237

    static let plainDays = ["2025-03-01 80.50", "2025-03-02 80.20", "2025-03-03 80.00"]

    static let tabTable = "Date\tWeight\n2025-03-01\t80.5\n2025-03-02\t80.2\n2025-03-03\t80.0\n"

    static let classes: [Case] = [
        Case(
            "semicolons and decimal commas (a German spreadsheet)", "Datum;Gewicht (kg);Fett (%)\r\n01.03.2025;80,5;22,1\r\n02.03.2025;80,2;\r\n03.03.2025;80,0;21,9\r\n",
            plainDays, reading: ["date in column 1 (Datum, day.month.year)", "weight in column 2 (Gewicht (kg))", "body fat in column 3", "separated by ';'", "decimal comma"]),
        Case("a minimal date;weight file", "date;weight\n2025-03-01;80,5\n", ["2025-03-01 80.50"], reading: ["decimal comma"]),
        Case("tabs, pounds named in the header", "Date\tWeight (lb)\n2025-03-01\t177.5\n2025-03-02\t176.8\n2025-03-03\t176.4\n", [
            "2025-03-01 " + String(format: "%.2f", 177.5 * lb), "2025-03-02 " + String(format: "%.2f", 176.8 * lb), "2025-03-03 " + String(format: "%.2f", 176.4 * lb),
        ], reading: ["tab-separated"]),
        Case("pipes, no header", "2025-03-01|80.5\n2025-03-02|80.2\n2025-03-03|80.0\n", plainDays, reading: ["separated by '|'", "no header"]),
        Case("no header, day first shown by a day over 12", "13/03/2025,80.5\n14/03/2025,80.2\n15/03/2025,80.0\n", ["2025-03-13 80.50", "2025-03-14 80.20", "2025-03-15 80.00"], reading: ["day/month/year", "no header"]),
        Case(
            "a device's banner of details before its table",
            "Export from a scale\nName,Anna\nHeight,170 cm\nDevice,BF-100\n\nTime,Weight(kg),BMI,Body Fat(%)\n2025-03-01 07:30,80.5,27.9,22.1\n2025-03-02 07:31,80.2,27.8,22.0\n2025-03-03 07:29,80.0,27.7,21.9\n2025-03-04 07:35,79.8,27.6,21.8\n",
            plainDays + ["2025-03-04 79.80"], reading: ["5 lines before the table skipped", "body fat in column 4"]),
        Case(
            "Apple Health's CSV: a unit column beside the value",
            "startDate,value,unit,sourceName\n2025-03-01 07:12:00 +0100,176.4,lb,iPhone\n2025-03-02 07:10:00 +0100,80.1,kg,Scale\n2025-03-03 07:11:00 +0100,175.9,lb,iPhone\n",
            ["2025-03-01 " + String(format: "%.2f", 176.4 * lb), "2025-03-02 80.10", "2025-03-03 " + String(format: "%.2f", 175.9 * lb)], reading: ["units in column 3 (unit)"]),
        Case(
            "a Czech form's timestamp", "Časová značka;Hmotnost (kg)\n2025/03/01 7:30:00;80,5\n2025/03/02 7:31:00;80,2\n2025/03/03 7:32:00;80,0\n", plainDays,
            reading: ["Časová značka, year/month/day", "Hmotnost (kg)"]),
        Case(
            "a French sheet with a second header line of units", "Date;Poids;Tour de taille\n;kg;cm\n01/03/2025;80,5;90\n02/03/2025;80,2;89,5\n13/03/2025;80,0;89\n",
            ["2025-03-01 80.50", "2025-03-02 80.20", "2025-03-13 80.00"], reading: ["weight in column 2 (Poids kg)"]),
        Case(
            "French month names and a two-digit year", "Date,Poids\n1-août-20,80.5\n2-déc.-20,80.1\n3-févr.-21,79.9\n", ["2020-08-01 80.50", "2020-12-02 80.10", "2021-02-03 79.90"],
            reading: ["with month names"]),
        Case(
            "German weekday and month names", "Datum;Gewicht\nDonnerstag, 17.Dezember 2020;80,5\nFreitag, 18.Dezember 2020;80,2\nSamstag, 19.Dezember 2020;80,1\n",
            ["2020-12-17 80.50", "2020-12-18 80.20", "2020-12-19 80.10"]),
        Case(
            "U+202F before PM and U+00A0 before AM, Apple's comma after the date",
            "Date,Weight\n\"3/1/2025, 12:31:53\u{202F}PM\",80.5\n\"3/2/2025, 7:01:02\u{202F}AM\",80.2\n\"3/13/2025, 7:00:00\u{00A0}AM\",80.0\n",
            ["2025-03-01 80.50", "2025-03-02 80.20", "2025-03-13 80.00"]),
        Case("a U+00A0 between a weight and its unit, in a table", "Tag;Masse\n01.03.2025;80,5\u{00A0}kg\n02.03.2025;80,2\u{00A0}kg\n03.03.2025;80,0\u{00A0}kg\n", plainDays),
        Case("Latin-1 (Windows-1252)", Array("Datum;Gewicht;Bemerkung\n01.03.2025;80,5;m".utf8) + [0xFC] + Array("de\n02.03.2025;80,2;\n03.03.2025;80,0;\n".utf8), plainDays),
        Case("UTF-16 LE with its BOM", [0xFF, 0xFE] + Array(tabTable.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }, plainDays),
        Case("UTF-16 BE with its BOM", [0xFE, 0xFF] + Array(tabTable.utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }, plainDays),
        Case("UTF-8 with a BOM and CR line ends", [0xEF, 0xBB, 0xBF] + Array("Fecha;Peso\r2025-03-01;80,5\r2025-03-02;80,2\r2025-03-03;80,0\r".utf8), plainDays),
        Case(
            "a separate time column joined to its date", "Dato;Tid;Vekt\n01.03.2025;07:30;80,5\n02.03.2025;07:31;80,2\n03.03.2025;07:29;80,0\n", plainDays,
            reading: ["time in column 2 (Tid)"]),
        Case(
            "a column of steps and one of BMI beside the weight", "Data;Passi;IMC;Peso\n2025-03-01;8000;27,9;80,5\n2025-03-02;9000;27,8;80,2\n2025-03-03;7000;27,7;80,0\n",
            plainDays, reading: ["weight in column 4 (Peso)"]),
    ]

    @Test("each class of table imports completely and correctly with no options, and says how it was read", arguments: classes)
    func reads(_ test: Case) throws {
        let parsed = try parse(test.bytes)
        #expect(parsed.invalidRows.isEmpty, "\(parsed.invalidRows)")
        #expect(Self.described(parsed) == test.expected)
        let reading = try #require(parsed.tableReading ?? (parsed.format == GenericCSVFormat.format ? "" : nil))
        for words in test.reading { #expect(reading.contains(words), "\(reading)") }
    }

    /// The same three days written in each of §18's twelve languages: a
    /// plain date, one after a weekday, one abbreviated or in the genitive.
    @Test("month and weekday names in the twelve languages of §18", arguments: [
        ("English", ["1 March 2025", "Wednesday, March 12, 2025", "Dec 3, 2025"]),
        ("German", ["1. März 2025", "Mittwoch, 12. März 2025", "3. Dez. 2025"]),
        ("French", ["1 mars 2025", "mercredi 12 mars 2025", "3 déc. 2025"]),
        ("Spanish", ["1 de marzo de 2025", "miércoles, 12 de marzo de 2025", "3 dic 2025"]),
        ("Italian", ["1 marzo 2025", "mercoledì 12 marzo 2025", "3 dic 2025"]),
        ("Dutch", ["1 maart 2025", "woensdag 12 maart 2025", "3 dec 2025"]),
        ("Portuguese", ["1 de março de 2025", "quarta-feira, 12 de março de 2025", "3 dez 2025"]),
        ("Swedish", ["1 mars 2025", "onsdag 12 mars 2025", "3 dec. 2025"]),
        ("Danish", ["1. marts 2025", "onsdag den 12. marts 2025", "3. dec. 2025"]),
        ("Norwegian", ["1. mars 2025", "onsdag 12. mars 2025", "3. des. 2025"]),
        ("Polish", ["1 marca 2025", "środa, 12 marca 2025", "3 grudnia 2025"]),
        ("Czech", ["1. března 2025", "středa 12. března 2025", "3. prosince 2025"]),
    ])
    func languages(language: String, dates: [String]) throws {
        let text = "x;Gewicht\n" + zip(dates, ["80,5", "80,2", "80,0"]).map { "\($0);\($1)\n" }.joined()
        let parsed = try parse(text)
        #expect(Self.described(parsed) == ["2025-03-01 80.50", "2025-03-12 80.20", "2025-12-03 80.00"], "\(language)")
        #expect(parsed.tableReading?.contains("with month names") == true)
    }

    @Test("header words in the languages of §18 name the weight among columns that could be weights", arguments: [
        "Gewicht", "Poids", "Peso", "Vikt", "Vægt", "Vekt", "Waga", "Hmotnost", "Gewicht (kg)", "Body Weight", "bodyWeight",
    ])
    func headerWords(header: String) throws {
        // Column 2 could be a weight in pounds by its numbers alone; the header settles it.
        let parsed = try parse("Datum;Puls;\(header)\n2025-03-01;72;80,5\n2025-03-02;70;80,2\n2025-03-03;71;80,0\n")
        #expect(Self.described(parsed) == Self.plainDays)
        #expect(parsed.tableReading?.contains("weight in column 3") == true)
    }

    @Test("a header naming another quantity is never the weight, though its numbers could be", arguments: ["BMI", "Fat mass (kg)", "Muscle", "Water", "Bone", "kcal", "Steps", "Puls"])
    func otherQuantities(header: String) throws {
        let parsed = try parse("Date,\(header),Weight\n2025-03-01,60.5,80.5\n2025-03-02,60.2,80.2\n2025-03-03,60.0,80.0\n")
        #expect(Self.described(parsed) == Self.plainDays)
    }

    @Test("two columns that hold weights alike are refused naming both and the weight column to choose; choosing settles it")
    func tie() throws {
        let text = "2025-03-01,80.5,81.0\n2025-03-02,80.2,81.1\n2025-03-03,80.0,81.2\n"
        #expect(throws: ImportError.ambiguousColumns(path: "f", what: "weights", column: .weight, candidates: ["column 2", "column 3"])) { try parse(text) }
        let message = ImportError.ambiguousColumns(path: "f", what: "weights", column: .weight, candidates: ["column 2", "column 3"]).description
        #expect(message.contains("column 2") && message.contains("column 3") && message.hasSuffix("choose one"))
        let chosen = try parse(text, weightColumn: 3)
        #expect(Self.described(chosen) == ["2025-03-01 81.00", "2025-03-02 81.10", "2025-03-03 81.20"])
        let headed = "Date,Weight morning,Weight evening\n" + text
        #expect(throws: ImportError.ambiguousColumns(
            path: "f", what: "weights", column: .weight, candidates: ["column 2 (Weight morning)", "column 3 (Weight evening)"])) {
            try parse(headed)
        }
        // Headers that name no weight are not weights, whatever their numbers (SPEC §18): refused, naming the option.
        #expect(throws: ImportError.noColumn(path: "f", what: "weights", column: .weight, columns: ["column 2 (Morning)", "column 3 (Evening)"])) {
            try parse("Date,Morning,Evening\n" + text)
        }
    }

    @Test("two columns of different dates are refused naming --date-column; the option settles it")
    func dateTie() throws {
        let text = "2025-03-01,2025-04-01,80.5\n2025-03-02,2025-04-02,80.2\n2025-03-03,2025-04-03,80.0\n"
        #expect(throws: ImportError.ambiguousColumns(path: "f", what: "dates", column: .date, candidates: ["column 1", "column 2"])) { try parse(Array(text.utf8)) }
        let chosen = try parse(Array(text.utf8), dateColumn: 2)
        #expect(Self.described(chosen) == ["2025-04-01 80.50", "2025-04-02 80.20", "2025-04-03 80.00"])
        #expect(throws: ImportError.self) { try parse(Array(text.utf8), dateColumn: 4) }
    }

    @Test("a table with dates and no weights names its columns and --weight-column; one with no dates at all is not a history")
    func missingColumns() throws {
        let steps = "Date,Steps\n2025-03-01,8000\n2025-03-02,9000\n2025-03-03,7000\n"
        #expect(throws: ImportError.noColumn(path: "f", what: "weights", column: .weight, columns: ["column 2 (Steps)"])) { try parse(steps) }
        #expect(throws: ImportError.unrecognized(path: "f")) { try parse("name;age\nbob;3\nann;4\neve;5\n") }
    }

    @Test("a table the named CSV layout reads gives the same rows through the content reader", arguments: [
        "date,weight\n2025-03-01 07:30,80.5\n2025-03-02,80.2\n2025-03-03 21:00,80.0,\n",
        "Date,Weight,Note\n13/03/2025,80.5,tired\n14/03/2025,80.2,\n15/03/2025,-,\n",
        "timestamp,weight\n2025-03-01T07:30:00Z,80.5\n2025-03-02T07:30:00+02:00,80.2\n",
    ])
    func agreesWithGeneric(text: String) throws {
        let generic = try parse(Array(text.utf8), format: GenericCSVFormat.format)
        let content = try parse(Array(text.utf8), format: ContentTableFormat.format)
        #expect(Self.described(content) == Self.described(generic))
        #expect(content.entries.map(\.timestamp) == generic.entries.map(\.timestamp))
        #expect(content.entries.map(\.note) == generic.entries.map(\.note))
        #expect(content.rows.count == generic.rows.count)
    }

    @Test("the shape is found from the file: the separator, the banner, the decimal mark; quotes respected")
    func shape() throws {
        let banner = Array("Report\nName,Anna\nAge,40\nCity,Graz\n\nDate;Weight;Fat\n1;2;3\n4;5;6\n7;8;9\n10;11;12\n".utf8)
        let found = try #require(TableShape.find(in: banner))
        #expect(found.separator == UInt8(ascii: ";") && found.skippedLines == 5 && found.fields == 3 && !found.decimalComma)
        let quoted = try #require(TableShape.find(in: Array("a,b\n\"1;2\",3\n\"4;5\",6\n\"7;8\",9\n".utf8)))
        #expect(quoted.separator == UInt8(ascii: ","))
        let comma = try #require(TableShape.find(in: Array("a\tb\n1\t80,5\n2\t80,2\n3\t80,0\n".utf8)))
        #expect(comma.separator == 9 && comma.decimalComma)
        #expect(TableShape.find(in: Array("hello\nworld\n".utf8)) == nil)
        #expect(TableShape.find(in: []) == nil)
    }

    @Test("another app's JSON: its largest array of records, dates and weights found by their keys, units per record")
    func foreignJSON() throws {
        let fit = """
            {"Data Source": "derived:com.google.weight:merge_weight", "Data Points": [
              {"fitValue": [{"value": {"fpVal": 80.5}}], "startTimeNanos": 1740812400000000000, "endTimeNanos": 1740812400000000000},
              {"fitValue": [{"value": {"fpVal": 80.2}}], "startTimeNanos": 1740898800000000000, "endTimeNanos": 1740898800000000000},
              {"fitValue": [{"value": {"fpVal": 80.0}}], "startTimeNanos": 1740985200000000000, "endTimeNanos": 1740985200000000000}]}
            """
        let parsed = try parse(fit)
        #expect(parsed.format == ForeignJSONFormat.format)
        #expect(Self.described(parsed) == Self.plainDays)
        #expect(parsed.entries.first?.timestamp.epochSeconds == 1_740_812_400)
        let records = """
            {"app": "x", "tags": [1, 2], "data": [
              {"when": "2025-03-01T07:30:00+01:00", "value": 177.5, "unit": "lb"},
              {"when": "2025-03-02T07:30:00+01:00", "value": 80.2, "unit": "kg"},
              {"when": "2025-03-03T07:30:00+01:00", "value": 176.4, "unit": "lb"}]}
            """
        let read = try parse(records)
        #expect(Self.described(read) == ["2025-03-01 " + String(format: "%.2f", 177.5 * Self.lb), "2025-03-02 80.20", "2025-03-03 " + String(format: "%.2f", 176.4 * Self.lb)])
        #expect(read.tableReading?.contains("date in when") == true && read.tableReading?.contains("units in unit") == true)
        // Neither records of weights nor trend's own: the list of formats, never trend's keys.
        #expect(throws: ImportError.unrecognized(path: "f")) { try parse("{\"name\": \"x\", \"items\": [{\"a\": 1}, {\"a\": 2}]}") }
        #expect(throws: ImportError.unrecognized(path: "f")) { try parse("{\"Data Source\": \"x\"}") }
    }

    @Test("a cell that is not a weight is an unreadable row named by its line, as in any import (§6), not a reason to refuse the column")
    func sixHolds() throws {
        let parsed = try parse("Datum;Gewicht\n01.03.2025;80,5\n02.03.2025;abc\n03.03.2025;80,0\n04.03.2025;79,9\n")
        #expect(parsed.invalidRows.map(\.line) == [3])
        #expect(Self.described(parsed) == ["2025-03-01 80.50", "2025-03-03 80.00", "2025-03-04 79.90"])
    }

    @Test("every format has a name of its own, so --format names one reader: another app's JSON is 'records', trend's own is 'json'")
    func formatNames() throws {
        let names = ImportFormat.all.map(\.name)
        #expect(Set(names).count == names.count, "\(names)")
        let fit = Array(#"{"Data Source": "derived:com.google.weight:merge_weight", "Data Points": [{"fitValue": [{"value": {"fpVal": 80.5}}], "startTimeNanos": 1740812400000000000}]}"#.utf8)
        #expect(Self.described(try parse(fit, format: ForeignJSONFormat.format)) == ["2025-03-01 80.50"])
        #expect(ImportFormat(name: "records") == ForeignJSONFormat.format && ImportFormat(name: "json") == TrendJSONFormat.format)
    }

    @Test("two headerless readings are weights only when their one step is as small as a body's")
    func twoHeaderlessReadings() throws {
        let steady = try parse(Array("2026-10-01,80.5\n2026-10-02,80.3\n".utf8), format: ContentTableFormat.format)
        #expect(Self.described(steady) == ["2026-10-01 80.50", "2026-10-02 80.30"])
        #expect(throws: ImportError.self) { try parse(Array("2026-10-01,60.5\n2026-10-02,80.2\n".utf8), format: ContentTableFormat.format) }
    }

    @Test("a header cut off from its rows by a malformed row still says its column is not a weight")
    func headerCutOffByAMalformedRow() throws {
        let rows = "2026-10-02 07:00,80.4\n2026-10-03 07:00,80.3\n2026-10-04 07:00,80.2\n"
        #expect(throws: ImportError.self) { try parse(Array(("date,pulse\n2026-10-01 07:00,800,80.5\n" + rows).utf8), format: ContentTableFormat.format) }
        let weights = try parse(Array(("date,weight\n2026-10-01 07:00,800,80.5\n" + rows).utf8), format: ContentTableFormat.format)
        #expect(Self.described(weights) == ["2026-10-02 80.40", "2026-10-03 80.30", "2026-10-04 80.20"])
    }
}
