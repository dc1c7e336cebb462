import Foundation
import Testing
import TestSupport

@testable import TrendCore

/// SPEC §10: Apple Health's export.zip read directly, and the scanner's chunking.
@Suite("Apple Health export.zip")
struct HealthZipTests {
    static let xml = AppleHealthFixture.preamble + """
         <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" startDate="2026-01-01 07:00:00 +0100" value="80.5"/>
         <Record type="HKQuantityTypeIdentifierStepCount" unit="count" startDate="2026-01-02 08:00:00 +0000" value="12"/>
         <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Phone &amp; Watch" unit="lb"
           startDate="2026-01-02 07:00:00 +0100" value="177.4">
          <MetadataEntry key="HKWasUserEntered" value="1"/>
         </Record>
         <Record type="HKQuantityTypeIdentifierBodyMass" unit="g" startDate="2026-01-03 07:00:00 +0100" value="80100"/>
        </HealthData>

        """

    /// Writes a zip of `members` (the layout the Health app shares) into the harness's directory.
    func zip(_ cli: CLIHarness, _ name: String, members: [String: String], method: ZipWriter.Method = .deflated, zip64: Bool = false) throws -> String {
        let path = cli.directory.file(name)
        let bytes = ZipWriter(method: method, zip64: zip64).archive(members.sorted { $0.key < $1.key }.map { ZipWriter.Member($0.key, $0.value) })
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    static let realLayout = [
        "apple_health_export/export_cda.xml": "<ClinicalDocument/>",
        "apple_health_export/export.xml": xml,
        "apple_health_export/workout-routes/route_2026-01-01.gpx": "<gpx/>",
    ]

    @Test("export.zip is read directly, deflated, stored or ZIP64, from a file or standard input",
          arguments: [(ZipWriter.Method.deflated, false), (.stored, false), (.deflated, true), (.stored, true)])
    func reads(method: ZipWriter.Method, zip64: Bool) throws {
        var cli = try CLIHarness()
        cli.extraEnvironment["TZ"] = "UTC"
        let path = try zip(cli, "export.zip", members: Self.realLayout, method: method, zip64: zip64)
        let result = try cli.run("import", path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("(Apple Health): 3 added"))
        let kilograms = try cli.entries().compactMap { $0["kilograms"] as? Double }
        #expect(kilograms.count == 3 && abs(kilograms[1] - 177.4 * 0.45359237) < 1e-9 && kilograms[2] == 80.1)
        // Standard input, byte for byte.
        let piped = try TrendBinary(url: URL(fileURLWithPath: "/bin/sh")).run(["-c", "\"$0\" import - < '\(path)'", cli.binary.url.path], environment: cli.environment)
        #expect(piped.stderr.contains("0 added, 0 updated, 3 duplicate"), "\(piped.stderr)")
    }

    @Test("a zip without export.xml names what it holds; a damaged zip is refused; both exit 65")
    func refused() throws {
        let cli = try CLIHarness()
        let other = try zip(cli, "photos.zip", members: ["IMG_0001.jpg": "x", "notes.txt": "y"])
        let result = try cli.run("import", other)
        #expect(result.status == 65)
        #expect(result.stderr.contains("the zip holds no export.xml; it holds IMG_0001.jpg, notes.txt"))
        let whole = try Data(contentsOf: URL(fileURLWithPath: try zip(cli, "export.zip", members: Self.realLayout)))
        for cut in [whole.count / 2, whole.count - 10] {
            try whole.prefix(cut).write(to: URL(fileURLWithPath: cli.directory.file("cut.zip")))
            let damaged = try cli.run("import", cli.directory.file("cut.zip"))
            #expect(damaged.status == 65, "\(damaged.stderr)")
            #expect(damaged.stderr.contains("truncated") || damaged.stderr.contains("damaged"))
        }
        var corrupt = whole
        let data = whole.range(of: Data("apple_health_export/export.xml".utf8))!.upperBound + 40
        corrupt[data] ^= 0xFF
        corrupt[data + 1] ^= 0xFF
        try corrupt.write(to: URL(fileURLWithPath: cli.directory.file("corrupt.zip")))
        #expect(try cli.run("import", cli.directory.file("corrupt.zip")).status == 65)
        #expect(cli.weightsFile == nil)
    }

    @Test("newlines are counted exactly, dense or sparse, at any alignment")
    func newlineCount() {
        var generator = SeededGenerator(seed: 3)
        for length in [0, 1, 7, 31, 32, 33, 63, 64, 65, 255, 256, 2_016, 2_017, 4_035, 4_036, 4_100, 8_064, 10_000] {
            for density in [0.0, 0.01, 0.5, 1.0] {
                let bytes = (0..<length).map { _ in Double.random(in: 0..<1, using: &generator) < density ? UInt8(10) : UInt8.random(in: 11...255, using: &generator) }
                let start = min(length, 3)
                let expected = bytes[start...].filter { $0 == 10 }.count
                let counted = bytes.withUnsafeBufferPointer { AppleHealthScanner.newlines($0, from: start, to: length) }
                #expect(counted == expected, "\(length) bytes, density \(density)")
            }
        }
    }

    @Test("the scanner gives the same rows wherever a chunk boundary falls")
    func everySplit() throws {
        let bytes = Array(Self.xml.utf8)
        let settings = ImportSettings(clock: .fixed(epochSeconds: 1_800_000_000, timeZone: FixedOffsetTimeZone(offsetSeconds: 0)), configuredUnit: .kilograms)
        func rows(_ chunks: [ArraySlice<UInt8>]) -> [String] {
            var scanner = AppleHealthScanner(cells: ImportCells(settings: settings))
            for chunk in chunks { scanner.consume(chunk) }
            scanner.finish()
            return scanner.rows.map { row in
                switch row {
                case .entry(let entry, let line): "\(line) \(entry.timestamp.iso8601) \(entry.kilograms)"
                case .noReading(let line): "\(line) -"
                case .invalid(let line, let reason): "\(line) \(reason)"
                }
            }
        }
        let whole = rows([bytes[...]])
        #expect(whole.count == 3)
        for split in 0...bytes.count {
            #expect(rows([bytes[..<split], bytes[split...]]) == whole, "split at \(split)")
        }
    }
}
