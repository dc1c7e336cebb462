/// CSV import: any bytes import without trapping, whichever format `auto`
/// takes them for; and for the generic layout, the fast lane (lines read
/// from their bytes) and the full reader give the same rows, line by line:
/// the fast lane may only be faster, never different.
func fuzzCSVImport(_ bytes: [UInt8]) {
    let clock = AppClock(timeZone: FixedOffsetTimeZone(offsetSeconds: 3600), now: { 1_796_025_600 })
    let settings = ImportSettings(clock: clock, configuredUnit: .kilograms)
    _ = try? FileImporter.parse(bytes, format: nil, settings: settings, path: "fuzz.csv")
    var reader = CSVReader(bytes: bytes).makeIterator()
    guard let header = reader.next(), var layout = GenericCSVFormat.layout(header: header.fields) else { return }
    layout.headerFieldCount = header.fields.count
    layout.fatColumn = CSVLayout.fatColumn(in: header.fields)
    layout.bmiColumn = CSVLayout.column(in: header.fields, named: CSVLayout.bmiNames)
    let cells = ImportCells(settings: settings)
    let fast = layout.rows(reading: reader, cells: cells)
    let full = layout.rows(IteratorSequence(reader), cells: cells)
    precondition(fast.rows.count == full.rows.count, "the fast lane gives \(fast.rows.count) rows, the full reader \(full.rows.count)")
    for (a, b) in zip(fast.rows, full.rows) {
        switch (a, b) {
        case (.entry(let x, let lineX), .entry(let y, let lineY)):
            precondition(
                lineX == lineY && x.timestamp == y.timestamp && x.kilograms == y.kilograms && x.note == y.note && x.fatPercent == y.fatPercent,
                "line \(lineX): the fast lane read \(x), the full reader \(y)")
        default:
            precondition(a == b, "line \(a.line): the fast lane gave \(a), the full reader \(b)")
        }
    }
    precondition(fast.evidence?.rowIndices == full.evidence?.rowIndices && fast.evidence?.bmi == full.evidence?.bmi, "the unit evidence differs")
}
