import Foundation
import Testing
import TestSupport

/// Issue "Bring any history": the defects that imported wrong data or said
/// nothing, fixed in the shared cell reader and layouts.
@Suite("Import: the defects real exports showed")
struct RealExportQuirksTests {
    func imported(_ text: String, name: String = "file.csv", _ extra: String...) throws -> (CLIHarness, TrendBinary.Result) {
        let cli = try CLIHarness()
        try cli.directory.write(text, to: name)
        return (cli, try cli.binary.run(["import", cli.directory.file(name)] + extra, environment: cli.environment))
    }

    func kilograms(_ cli: CLIHarness) throws -> [Double] { try cli.entries().compactMap { $0["kilograms"] as? Double } }
    func dates(_ cli: CLIHarness) throws -> [String] { try cli.entries().compactMap { $0["date"] as? String } }

    @Test("a legacy Fitbit export: only the Body section is read; Activities are never weights")
    func legacyFitbit() throws {
        let text = """
            Body
            Date,Weight,BMI,Fat
            "2019-10-20","180.2","24.5","0"
            "2019-10-21","179.8","24.4","0"

            Activities
            Date,Calories Burned,Steps,Distance,Floors,Minutes Sedentary
            "2019-10-21","53","8,112","3.6","10","700"

            Sleep
            Start Time,End Time,Minutes Asleep
            "2019-10-21 11:30PM","2019-10-22 7:00AM","400"

            """
        let (cli, result) = try imported(text, "--unit", "lb")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("2 added"))
        #expect(try kilograms(cli).map { ($0 / 0.45359237 * 10).rounded() / 10 } == [180.2, 179.8])
    }

    @Test("a unit in the header is honoured whatever format is detected, and the summary says so", arguments: [
        ("Date,Weight(lb),BMI\n2024-03-01,164.2,24\n", 164.2 * 0.45359237, "pounds"),
        ("Date,\"Weight (lb)\",\"Fat mass (lb)\"\n2024-03-01 07:00:00,164.2,30\n", 164.2 * 0.45359237, "pounds"),
        ("date,weight [kg],note\n2024-03-01,74.5,x\n", 74.5, "kilograms"),
    ])
    func headerUnit(text: String, expected: Double, unit: String) throws {
        let (cli, result) = try imported(text, "--unit", "st")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(abs((try kilograms(cli).first ?? 0) - expected) < 1e-9)
        #expect(result.stderr.contains("Weights read as \(unit): the file's header says so."), "\(result.stderr)")
    }

    @Test("a separate Time column, one-digit hours and 12-hour clocks are read", arguments: [
        ("Date,Time,Weight (kg)\n2024-03-01,7:05,80\n", "2024-03-01T07:05:00"),
        ("Date,Time,Weight (kg)\n2024-03-01,9:34:26 AM,80\n", "2024-03-01T09:34:26"),
        ("Date,Time,Weight (kg)\n2024-03-01,7:13 PM,80\n", "2024-03-01T19:13:00"),
        ("Date,Time,Weight (kg)\n2024-03-01,12:05 am,80\n", "2024-03-01T00:05:00"),
        ("Date,Weight (kg)\n2024-03-01 7:13PM,80\n", "2024-03-01T19:13:00"),
    ])
    func times(text: String, expected: String) throws {
        let (cli, result) = try imported(text)
        #expect(result.status == 0, "\(result.stderr)")
        let stored = try dates(cli)
        #expect(stored.first?.hasPrefix(expected) == true, "\(stored)")
    }

    @Test("messages quote the date as the file writes it, even when a date order rewrites it")
    func quotesTheFile() throws {
        let (_, result) = try imported("Date,Weight (kg)\n31/02/2024,80\n", "--date-format", "dmy")
        #expect(result.status == 65)
        #expect(result.stderr.contains("'31/02/2024' is not a real date"), "\(result.stderr)")
    }

    @Test("Libra's comment column becomes the note")
    func libraComment() throws {
        let text = "#Version:6\n#Units:kg\n#date;weight;weight trend;body fat;body fat trend;comment\n2024-01-01 07:00:00.000;80,5;80,5;;;after the run\n"
        let (cli, result) = try imported(text, name: "libra.csv")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try cli.entries().first?["note"] as? String == "after the run")
    }

    @Test("with --skip-invalid, an import in which every row failed exits 65")
    func everyRowFailed() throws {
        let (cli, result) = try imported("date,weight\n2024-13-45,80\nnot a date,81\n", "--skip-invalid")
        #expect(result.status == 65)
        #expect(result.stderr.contains("none of the 2 rows of"))
        #expect(cli.weightsFile == nil)
    }

    @Test("an import that finds no weigh-ins says what the file holds: an answer (0), but 65 under --skip-invalid; nothing is written")
    func nothingFound() throws {
        let health = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <Record type="HKQuantityTypeIdentifierStepCount" unit="count" startDate="2026-01-02 08:00:00 +0000" value="12"/>
             <Record type="HKQuantityTypeIdentifierHeartRate" unit="count/min" startDate="2026-01-02 08:00:00 +0000" value="60"/>
            </HealthData>

            """
        let (cli, result) = try imported(health, name: "export.xml")
        #expect(result.status == 0)
        #expect(result.stderr == "Found no weigh-ins in \(cli.directory.file("export.xml")): it holds 2 records of other kinds; nothing was imported.\n")
        #expect(cli.weightsFile == nil)
        let (skipping, strict) = try imported(health, name: "export.xml", "--skip-invalid")
        #expect(strict.status == 65)
        #expect(strict.stderr.hasPrefix("Error: found no weigh-ins in"))
        #expect(skipping.weightsFile == nil)
        let (_, empty) = try imported("date,weight\n")
        #expect(empty.status == 0)
        #expect(empty.stderr.contains("it holds no rows"))
    }
}
