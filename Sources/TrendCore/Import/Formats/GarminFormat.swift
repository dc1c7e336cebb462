/// Garmin Connect's weight export: a byte-order mark, `Time,Weight,Change,BMI,…`,
/// then for each day a date line (`" Mar 13, 2025",` or `" 2022 Dec 21",`)
/// followed by its time lines (`7:13 AM,284.0 lbs,…`); the unit is in each
/// cell, `--` is no measurement, newest first.
enum GarminFormat: ImportFileFormat {
    static let format = ImportFormat(name: "garmin", displayName: "Garmin Connect")

    static func recognizes(_ head: ImportHead) -> Bool {
        isHeader(head.header)
    }

    static func isHeader(_ fields: [String]) -> Bool {
        let bases = fields.map(CSVLayout.baseName)
        return bases.count >= 3 && bases[0] == "time" && bases[1] == "weight" && bases[2] == "change"
    }

    static func read(_ source: ImportSource, cells given: ImportCells) throws(ImportError) -> ParsedImport {
        let text = try source.text()
        var cells = given
        cells.textIsBroken = text.encoding == .brokenUTF8
        var records = Array(CSVReader(bytes: text.bytes))
        guard let header = records.first, isHeader(header.fields) else {
            throw .wrongFormat(path: source.path, format: format, reason: "line 1: no Time,Weight,Change header")
        }
        records.removeFirst()
        // Each time line becomes `date time, weight` for the shared row reader.
        var day: String?
        var joined: [CSVReader.Row] = []
        var rows: [ImportRow] = []
        for record in records {
            let first = record.fields.first?.trimmed ?? ""
            let restEmpty = record.fields.dropFirst().allSatisfy { $0.trimmed.isEmpty }
            if restEmpty, let date = ImportCells.monthNameDate(first), !date.contains(" ") {
                day = date
                continue
            }
            if first.isEmpty && restEmpty { continue }
            guard let day else {
                rows.append(.invalid(line: record.line, reason: "'\(first)' comes before any date line"))
                continue
            }
            joined.append(CSVReader.Row(line: record.line, fields: [day + " " + first] + record.fields.dropFirst(), isUnterminated: record.isUnterminated))
        }
        var layout = CSVLayout(dateColumn: 0, weightColumn: 1)
        layout.fatColumn = CSVLayout.fatColumn(in: header.fields)
        // Garmin names the unit in every cell: the fallback is only for a cell that does not.
        // The rows that come before any date line come before every joined one.
        let (read, found) = layout.rows(joined, cells: cells)
        var evidence: UnitEvidence?
        if let found {
            evidence = UnitEvidence(readIn: found.readIn)
            evidence?.absorb(found, offset: rows.count)
        }
        var parsed = ParsedImport(format: format, rows: rows + read, unitEvidence: evidence, readAsWindows1252: text.encoding == .windows1252)
        parsed.namedUnit = .eachRow
        return parsed
    }
}
