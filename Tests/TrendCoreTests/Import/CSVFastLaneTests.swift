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

    @Test("the cell checks for a decimal comma read the bytes as plainly as the rules say, on random cells")
    func cellChecks() {
        // The rules, written the plain way: spaces ignored, digits only, counts.
        func isNumber(_ cell: [UInt8]) -> Bool? {
            let bytes = cell.filter { $0 != 32 }
            guard !bytes.isEmpty else { return nil }
            return bytes.allSatisfy { ($0 >= 48 && $0 <= 57) || $0 == 46 || $0 == 44 } && bytes.contains { $0 >= 48 && $0 <= 57 }
        }
        func decimalCommaPair(_ weight: [UInt8], _ next: [UInt8]) -> Bool {
            let weight = weight.filter { $0 != 32 }
            let next = next.filter { $0 != 32 }
            let digits = { (bytes: [UInt8]) in !bytes.isEmpty && bytes.allSatisfy { $0 >= 48 && $0 <= 57 } }
            return digits(weight) && weight.count <= 3 && digits(next) && next.count != 3 && next.count <= 6
        }
        func hasFraction(_ bytes: [UInt8]) -> Bool {
            bytes.indices.contains { i in
                (bytes[i] == 46 || bytes[i] == 44) && i > 0 && i + 1 < bytes.count && (48...57).contains(bytes[i - 1]) && (48...57).contains(bytes[i + 1])
            }
        }
        var generator = SeededGenerator(seed: 80_5)
        let alphabet = Array(" 0123456789.,a-".utf8)
        for _ in 0..<20_000 {
            let cell = (0..<Int.random(in: 0...8, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let next = (0..<Int.random(in: 0...8, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            #expect(CSVLayout.isNumber(cell) == isNumber(cell), "\(cell)")
            #expect(CSVLayout.hasFraction(cell) == hasFraction(cell), "\(cell)")
            #expect(CSVLayout.decimalCommaPair(cell, next) == decimalCommaPair(cell, next), "\(cell) \(next)")
        }
    }
}
