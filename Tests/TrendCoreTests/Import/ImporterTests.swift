import Foundation
import Testing
import TestSupport
@testable import TrendCore

/// Fixtures in each app's real layout, written for these tests.
enum Fixtures {
    static let genericCSV = """
        Date/Time,Weight (lb),Body Fat,Note
        2026-01-01 07:30:00,176.4,20.1,first
        2026-01-02 07:30:00,0,,
        2026-01-03 07:30:00,,,
        2026-01-04T07:30:00+01:00,175.2,,"after run, tired"
        2026-01-05,80.5 kg,,
        """

    static let csvWithUnitColumn = "DATE,WEIGHT,UNIT,NOTES\n2026-01-01T07:00:00Z,80.5,kg,\n2026-01-02T07:00:00Z,177.5,lb,\n2026-01-03T07:00:00Z,12.5,st,x\n"

    static let libraV5 = """
        #Version:5
        #Units:kg
        
        #date;weight;weight trend;body fat;body fat trend;comment
        2026-01-01T06:48:06.296Z;80,5;80,5;;;
        2026-01-02T06:50:00.000Z;80.1;80.46;;;good day
        """

    static let libraV6 = """
        #Version:6
        #Units:lb
        #date;weight;weight trend;body fat;body fat trend;muscle mass;muscle mass trend;log;comment
        2026-01-01T06:48:06.296Z;177,4;177,4;;;;;;
        """

    static let fitbit = """
        Body
        Date,Weight,BMI,Fat
        "01-15-2026","180.4","25.8","0"
        01-16-2026,180.0,25.7,0
        "01-17-2026","0","0","0"
        """

    static let fitbitAmbiguous = "Date,Weight,BMI,Fat\n\"01-02-2026\",\"180.4\",\"25.8\",\"0\"\n"

    static let withings = """
        Date,"Weight (kg)","Fat mass (kg)","Bone mass (kg)","Muscle mass (kg)","Hydration (kg)",Comments
        "2026-01-03 07:10:00",80.1,16.2,3.1,60.5,44.0,"on holiday"
        "2026-01-02 07:05:00",80.4,16.3,3.1,60.4,44.1,
        "2026-01-01 07:00:00",80.9,,,,,
        """

    static let withingsGerman = """
        Datum,"Gewicht (lb)","Fettmasse (lb)",Kommentare
        "2026-01-01 07:00:00",178.4,35.2,
        """

    /// The real layout: an inline DOCTYPE with ATTLIST lines, other record
    /// types, units per record, a multi-line element.
    static let appleHealth = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE HealthData [
        <!-- HealthKit Export Version: 14 -->
        <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord|Audiogram|VisionPrescription)*)>
        <!ATTLIST HealthData
          locale CDATA #REQUIRED
        >
        <!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>
        <!ATTLIST Record
          type          CDATA #REQUIRED
          unit          CDATA #IMPLIED
          value         CDATA #IMPLIED
          sourceName    CDATA #REQUIRED
          startDate     CDATA #REQUIRED
          endDate       CDATA #REQUIRED
        >
        ]>
        <HealthData locale="en_US">
         <ExportDate value="2026-01-20 10:00:00 +0100"/>
         <Me HKCharacteristicTypeIdentifierDateOfBirth="1980-01-01"/>
         <Record type="HKQuantityTypeIdentifierHeight" sourceName="Health" unit="cm" creationDate="2026-01-01 07:00:00 +0100" startDate="2026-01-01 07:00:00 +0100" endDate="2026-01-01 07:00:00 +0100" value="180"/>
         <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Withings &amp; Co" sourceVersion="1" unit="kg" creationDate="2026-01-01 07:05:00 +0100" startDate="2026-01-01 07:00:00 +0100" endDate="2026-01-01 07:00:00 +0100" value="80.5"/>
         <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="lb"
           startDate="2026-01-02 07:00:00 -0500" endDate="2026-01-02 07:00:00 -0500" value="176.4">
          <MetadataEntry key="HKWasUserEntered" value="1"/>
         </Record>
         <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="g" startDate="2026-01-03 07:00:00 +0100" endDate="2026-01-03 07:00:00 +0100" value="79800"/>
         <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" startDate="2026-01-04 07:00:00 +0100" endDate="2026-01-04 07:00:00 +0100" value="0"/>
         <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="oz" startDate="2026-01-05 07:00:00 +0100" endDate="2026-01-05 07:00:00 +0100" value="2800"/>
        </HealthData>
        """
}

@Suite("Importers")
struct ImporterTests {
    let settings = ImportSettings(
        clock: .fixed(epochSeconds: TestAppModelFactory.now, timeZone: FixedOffsetTimeZone(offsetSeconds: 3600)), configuredUnit: .kilograms)

    func parse(_ text: String, _ format: ImportFormat? = nil, settings: ImportSettings? = nil) throws -> ParsedImport {
        try FileImporter.parse(Array(text.utf8), format: format, settings: settings ?? self.settings, path: "f")
    }

    @Test("detects each format from its first lines", arguments: [
        (Fixtures.genericCSV, ImportFormat.csv), (Fixtures.csvWithUnitColumn, .csv), (Fixtures.libraV5, .libra),
        (Fixtures.libraV6, .libra), (Fixtures.fitbit, .fitbit), (Fixtures.fitbitAmbiguous, .fitbit), (Fixtures.withings, .withings),
        (Fixtures.withingsGerman, .withings), (Fixtures.appleHealth, .appleHealth), ("{\"entries\": [], \"version\": 1}", .json),
        ("date,weight,bmi,fat\n2017-08-01,178.86,26.4,19.208\n", .fitbit),
    ])
    func detects(text: String, format: ImportFormat) throws {
        #expect(try parse(text).format == format)
    }

    @Test("recognises nothing in text that is not a weight export")
    func unrecognized() {
        #expect(throws: ImportError.unrecognized(path: "f")) { try parse("name,age\nbob,3\n") }
        #expect(throws: ImportError.unrecognized(path: "f")) { try parse("<html></html>") }
        #expect(throws: ImportError.unrecognized(path: "f")) { try parse("hello\n") }
    }

    @Test("generic CSV: header unit, cell unit, offsets, notes, and no-reading rows")
    func genericCSV() throws {
        let parsed = try parse(Fixtures.genericCSV)
        #expect(parsed.format == .csv)
        #expect(parsed.noReadingCount == 2)
        #expect(parsed.invalidRows.isEmpty)
        let entries = parsed.entries
        #expect(entries.map(\.timestamp.iso8601) == ["2026-01-01T07:30:00+01:00", "2026-01-04T07:30:00+01:00", "2026-01-05T12:00:00+01:00"])
        #expect(abs(entries[0].kilograms - 176.4 * 0.45359237) < 1e-9)
        #expect(entries[0].note == "first")
        #expect(entries[1].note == "after run, tired")
        #expect(entries[2].kilograms == 80.5)
    }

    @Test("generic CSV: the unit column wins over the fallback, per row")
    func unitColumn() throws {
        let entries = try parse(Fixtures.csvWithUnitColumn, settings: ImportSettings(clock: settings.clock, configuredUnit: .pounds)).entries
        #expect(entries.map(\.kilograms) == [80.5, 177.5 * 0.45359237, 12.5 * 14 * 0.45359237])
        #expect(entries.map(\.timestamp.iso8601) == ["2026-01-01T08:00:00+01:00", "2026-01-02T08:00:00+01:00", "2026-01-03T08:00:00+01:00"])
    }

    @Test("Libra v5 and v6: #Units, decimal commas, comments, trend columns ignored")
    func libra() throws {
        let v5 = try parse(Fixtures.libraV5)
        #expect(v5.format == .libra)
        #expect(v5.entries.map(\.kilograms) == [80.5, 80.1])
        #expect(v5.entries.map(\.note) == [nil, "good day"])
        #expect(v5.entries[0].timestamp.iso8601 == "2026-01-01T07:48:06+01:00")
        let v6 = try parse(Fixtures.libraV6)
        #expect(abs(v6.entries[0].kilograms - 177.4 * 0.45359237) < 1e-9)
    }

    @Test("Fitbit: a Body line, quoted and unquoted rows, month-first dates when unambiguous")
    func fitbit() throws {
        let parsed = try parse(Fixtures.fitbit, settings: ImportSettings(clock: settings.clock, configuredUnit: .pounds))
        #expect(parsed.format == .fitbit)
        #expect(parsed.entries.map(\.timestamp.day.description) == ["2026-01-15", "2026-01-16"])
        #expect(parsed.noReadingCount == 1)
        #expect(abs(parsed.entries[0].kilograms - 180.4 * 0.45359237) < 1e-9)
    }

    @Test("an ambiguous numeric date is refused unless --date-format says how")
    func ambiguousDates() throws {
        let parsed = try parse(Fixtures.fitbitAmbiguous)
        #expect(parsed.invalidRows.count == 1)
        #expect(parsed.invalidRows[0].line == 2)
        #expect(parsed.needsDateOrder)
        var dayFirst = settings
        dayFirst.numericDateOrder = .dayFirst
        #expect(try parse(Fixtures.fitbitAmbiguous, settings: dayFirst).entries.first?.timestamp.day.description == "2026-02-01")
        var monthFirst = settings
        monthFirst.numericDateOrder = .monthFirst
        #expect(try parse(Fixtures.fitbitAmbiguous, settings: monthFirst).entries.first?.timestamp.day.description == "2026-01-02")
        #expect(try parse("date,weight\n31/12/25,80\n").entries.first?.timestamp.day.description == "2025-12-31")
    }

    @Test("Withings: newest first, unit from the header, comments; a translated header by position")
    func withings() throws {
        let parsed = try parse(Fixtures.withings)
        #expect(parsed.format == .withings)
        #expect(parsed.entries.map(\.kilograms) == [80.1, 80.4, 80.9])
        #expect(parsed.entries[0].note == "on holiday")
        let german = try parse(Fixtures.withingsGerman)
        #expect(abs(german.entries[0].kilograms - 178.4 * 0.45359237) < 1e-9)
    }

    @Test("Apple Health: body mass records only, units per record, offsets kept, read in small chunks")
    func appleHealth() throws {
        let whole = try parse(Fixtures.appleHealth)
        #expect(whole.format == .appleHealth)
        #expect(whole.entries.map(\.timestamp.iso8601) == ["2026-01-01T07:00:00+01:00", "2026-01-02T07:00:00-05:00", "2026-01-03T07:00:00+01:00"])
        #expect(whole.entries[0].kilograms == 80.5)
        #expect(abs(whole.entries[1].kilograms - 176.4 * 0.45359237) < 1e-9)
        #expect(whole.entries[2].kilograms == 79.8)
        #expect(whole.noReadingCount == 1)
        #expect(whole.invalidRows.map(\.line) == [29])
        // The same bytes fed 7 at a time: tags split across chunks.
        var importer = AppleHealthScanner(cells: ImportCells(settings: settings))
        let bytes = Array(Fixtures.appleHealth.utf8)
        var start = 0
        while start < bytes.count {
            importer.consume(bytes[start..<min(start + 7, bytes.count)])
            start += 7
        }
        func withoutIDs(_ rows: [ImportRow]) -> [String] {
            rows.map { row in
                switch row {
                case .entry(let entry, let line): "\(line) \(entry.timestamp) \(entry.kilograms)"
                case .noReading(let line): "\(line) no reading"
                case .invalid(let line, let reason): "\(line) \(reason)"
                }
            }
        }
        #expect(withoutIDs(importer.rows) == withoutIDs(whole.rows))
        #expect(importer.rows.count == 5)
    }

    @Test("the JSON export keeps ids, offsets and the goal")
    func json() throws {
        let store = RecordStore(
            entries: [WeightEntry(timestamp: .local(2026, 1, 1, 7, offsetHours: -5), kilograms: 80.467286438, note: "n")], goalKilograms: 72)
        let parsed = try FileImporter.parse(ExportDocument.json(store), format: nil, settings: settings, path: "f")
        #expect(parsed.format == .json)
        #expect(parsed.entries == store.entries)
        #expect(parsed.goalKilograms == 72)
    }

    @Test("rows that cannot be read name their line and reason", arguments: [
        ("date,weight\n2026-01-01,80\n2026-01-02,heavy\n", 3, "'heavy' is not a weight"),
        ("date,weight\n2026-13-01,80\n", 2, "not a real date"),
        ("date,weight\n2099-01-01,80\n", 2, "in the future"),
        ("date,weight\n2026-01-01,-80\n", 2, "not a weight"),
        ("date,weight\n2026-01-01,1500\n", 2, "more than 1000 kg"),
        ("date,weight,unit\n2026-01-01,80,furlong\n", 2, "unknown unit 'furlong'"),
        ("date,weight,note\n2026-01-01\n", 2, "expected at least 2 columns"),
    ])
    func invalidRows(text: String, line: Int, reason: String) throws {
        let parsed = try parse(text)
        #expect(parsed.invalidRows.count == 1)
        #expect(parsed.invalidRows.first?.line == line)
        #expect(parsed.invalidRows.first?.reason.contains(reason) == true, "\(parsed.invalidRows)")
    }
}

@Suite("Numbers in import cells")
struct ImportNumberTests {
    @Test(
        "a decimal is digits with at most one point between digits, however long; Double's other forms are not numbers here",
        arguments: [
            ("78.900000000000006", 78.900000000000006), ("0.224", 0.224), ("80500", 80500), ("1.0", 1),
            ("0x18", nil), ("2.4e1", nil), ("nan", nil), ("inf", nil), ("24.6\u{0}", nil), ("+1", nil), ("-1", nil), (".5", nil), ("5.", nil),
            ("", nil), ("1.2.3", nil), (" 1", nil),
        ] as [(String, Double?)])
    func decimal(text: String, expected: Double?) {
        #expect(ImportCells.decimal(text) == expected)
    }
}
