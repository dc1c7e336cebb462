import Foundation
import Testing
import TestSupport
@testable import TrendCore

/// The CSV import's fast lane (plain lines read from their bytes) may only
/// be faster than the full reader, never different: the fuzz harness
/// `csv-import` checks this for any bytes, and what it found is kept here.
@Suite("CSV import fast lane")
struct CSVFastLaneTests {
    /// The rows both ways, for the generic layout.
    static func bothWays(_ bytes: [UInt8]) -> (fast: (rows: [ImportRow], evidence: UnitEvidence?), full: (rows: [ImportRow], evidence: UnitEvidence?))? {
        let clock = AppClock(timeZone: FixedOffsetTimeZone(offsetSeconds: 3600), now: { 1_796_025_600 })
        let settings = ImportSettings(clock: clock, configuredUnit: .kilograms)
        var reader = CSVReader(bytes: bytes).makeIterator()
        guard let header = reader.next(), var layout = GenericCSVFormat.layout(header: header.fields) else { return nil }
        layout.headerFieldCount = header.fields.count
        layout.fatColumn = CSVLayout.fatColumn(in: header.fields)
        layout.bmiColumn = CSVLayout.column(in: header.fields, named: CSVLayout.bmiNames)
        let cells = ImportCells(settings: settings)
        return (layout.rows(reading: reader, cells: cells), layout.rows(IteratorSequence(reader), cells: cells))
    }

    static func expectSame(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (fast, full) = try #require(bothWays(bytes), sourceLocation: sourceLocation)
        #expect(fast.rows.count == full.rows.count, sourceLocation: sourceLocation)
        for (a, b) in zip(fast.rows, full.rows) {
            switch (a, b) {
            case (.entry(let x, let lineX), .entry(let y, let lineY)):
                #expect(
                    lineX == lineY && x.timestamp == y.timestamp && x.kilograms == y.kilograms && x.note == y.note && x.fatPercent == y.fatPercent,
                    "line \(lineX): fast \(x), full \(y)", sourceLocation: sourceLocation)
            default:
                #expect(a == b, "fast \(a), full \(b)", sourceLocation: sourceLocation)
            }
        }
        #expect(fast.evidence?.rowIndices == full.evidence?.rowIndices, sourceLocation: sourceLocation)
        #expect(fast.evidence?.bmi == full.evidence?.bmi, "fast \(String(describing: fast.evidence?.bmi)), full \(String(describing: full.evidence?.bmi))", sourceLocation: sourceLocation)
    }

    @Test("what the fuzzer found: an empty header field, short rows, NUL bytes in a line")
    func fuzzFinding() throws {
        let base64 = "ZGF0ZSx3ZWlnaHQsLGJtaQo0LzIvMjAyNCwxNzguOSwyNGF1ZzUvMjcvMjBibWkKNC8yLzIwMjQsMTc4LjksMjQuNAo1LzUsODEsNAoyMDI2LTExLTAyLDQKMjAyNi0xMS0wMiwyNSwyNzQuNgoyNy81LzIwMjUsODEsNAoyMDI2LTExLTAyLDQKMjAyNi0xMS0wMiwyNSwxODAuMSwyNC42AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAoyNy81LzIwMjUsODEsNAoyMDI2LTExLTAyLDgwLDIK"
        try Self.expectSame(Array(try #require(Data(base64Encoded: base64))))
    }

    @Test(
        "a BMI is a plain number both ways: never a NUL-cut prefix, hex, an exponent or nan",
        arguments: ["24.6\u{0}\u{0}", "0x18", "2.4e1", "nan", "24.6 kg", "+24.6", "24,6"])
    func strictBMI(cell: String) throws {
        let text = "date,weight,bmi\n2026-11-02,80,\(cell)\n2026-11-03,80.2,24.7\n"
        try Self.expectSame(Array(text.utf8))
        let (_, full) = try #require(Self.bothWays(Array(text.utf8)))
        #expect(full.evidence?.bmi.map(\.bmi) == [24.7], "'\(cell)' read as a BMI")
    }
}
