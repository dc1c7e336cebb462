/// Any CSV with a date and a weight column, found by their names
/// (`date,weight` with optional `unit`, `note` and `time` columns; headers
/// such as `Date/Time` and `Weight (lb)`). Asked last by `auto`.
enum GenericCSVFormat: ImportFileFormat {
    static let format = ImportFormat(name: "csv", displayName: "CSV")

    static func recognizes(_ head: ImportHead) -> Bool {
        layout(header: head.header) != nil
    }

    static func layout(header: [String]) -> CSVLayout? {
        let bases = header.map(CSVLayout.baseName)
        // Every column whose whole header says weight (SPEC §18): `Weight (goal)` is not one.
        let weights = header.indices.filter { HeaderWords.whole(header[$0]) == .weight && CSVLayout.bracketHoldsAUnit(header[$0]) }
        guard let date = bases.firstIndex(where: { CSVLayout.dateNames.contains($0) }), let weight = weights.first,
            CSVLayout.weightNames.contains(bases[weight])
        else { return nil }
        func unit(_ column: Int) -> WeightUnit? { CSVLayout.unit(inHeader: header[column]) ?? WeightUnit(parsing: bases[column]) }
        // Two weight columns are one weight in two units, checked row by row, or a question the content reader asks.
        var twin: CSVLayout.Twin?
        if weights.count > 1 {
            guard weights.count == 2, let first = unit(weights[0]), let second = unit(weights[1]), first != second else { return nil }
            twin = CSVLayout.Twin(column: weights[1], unit: second, names: (header[weights[0]].trimmed, header[weights[1]].trimmed))
        }
        let headerUnit = unit(weight)
        // `Date, Time, Weight`: the time is its own column.
        let time = bases[date] == "time" ? nil : bases.firstIndex { $0 == "time" }
        var layout = CSVLayout(
            dateColumn: date, weightColumn: weight, unitColumn: bases.firstIndex { $0 == "unit" || $0 == "units" },
            noteColumn: bases.firstIndex { CSVLayout.noteNames.contains($0) }, headerUnit: headerUnit, timeColumn: time)
        layout.twin = twin
        return layout
    }

    static func read(_ source: ImportSource, cells: ImportCells) throws(ImportError) -> ParsedImport {
        try CSVFormats.read(source, format: format, cells: cells, layout: layout(header:))
    }
}

/// What the CSV-shaped formats share: the header found, the layout it
/// gives, the rows read through `CSVLayout`.
enum CSVFormats {
    static func read(
        _ source: ImportSource, format: ImportFormat, cells: ImportCells, separator: Character = ",",
        skippingLines skip: Int = 0, layout: ([String]) -> CSVLayout?
    ) throws(ImportError) -> ParsedImport {
        try read(try source.text(), path: source.path, format: format, cells: cells, separator: separator, skippingLines: skip, layout: layout)
    }

    static func read(
        _ text: ImportText, path: String, format: ImportFormat, cells given: ImportCells, separator: Character = ",",
        skippingLines skip: Int = 0, layout: ([String]) -> CSVLayout?
    ) throws(ImportError) -> ParsedImport {
        var cells = given
        cells.textIsBroken = text.encoding == .brokenUTF8
        // The records stream: a file of a million rows is never a million arrays of fields at once.
        var records = CSVReader(bytes: text.bytes, separator: separator).makeIterator()
        var skipped = 0
        var headerRecord: CSVReader.Row?
        while let record = records.next() {
            if skipped < skip {
                skipped += 1
                continue
            }
            if record.fields.allSatisfy({ $0.trimmed.isEmpty }) { continue }
            headerRecord = record
            break
        }
        guard let first = headerRecord else { throw .wrongFormat(path: path, format: format, reason: "the file is empty") }
        let header = CSVLayout.unwrapped(first, separator: separator)
        guard var found = layout(header.fields) else {
            throw .wrongFormat(path: path, format: format, reason: "line \(header.line): no date and weight columns in the header")
        }
        // A unit in the weight column's header is always honoured, whatever the format.
        if found.headerUnit == nil { found.headerUnit = CSVLayout.unit(inHeader: header.fields[found.weightColumn]) }
        // And body fat is kept wherever a column is named for it (SPEC §12), a mass made a share of the weight.
        if found.fatColumn == nil && found.fatMassColumn == nil {
            found.fatColumn = CSVLayout.fatColumn(in: header.fields)
            if found.fatColumn == nil, let mass = CSVLayout.fatMassColumn(in: header.fields) {
                found.fatMassColumn = mass.column
                found.fatMassUnit = mass.unit
            }
        }
        found.headerFieldCount = header.fields.count
        if let order = found.formatDateOrder { cells.formatDateOrder = order }
        // A BMI column settles the unit of a file that names none (SPEC §6).
        if found.bmiColumn == nil { found.bmiColumn = CSVLayout.column(in: header.fields, named: CSVLayout.bmiNames) }
        let (rows, evidence) = found.rows(reading: records, cells: cells)
        var parsed = ParsedImport(format: format, rows: rows, unitEvidence: evidence, readAsWindows1252: text.encoding == .windows1252)
        parsed.namedUnit = found.namedUnit
        parsed.weightColumnName = header.fields[found.weightColumn].trimmed
        // trend's own CSV export (`date,weight,unit,note`, then its trend and fat columns) re-imports as it was written (SPEC §6).
        parsed.isTrendsOwnExport = header.fields.starts(with: ["date", "weight", "unit", "note"])
        return parsed
    }
}
