/// Fitbit's CSV: `Date,Weight,BMI,Fat` (quoted or not), optionally after a
/// line that says `Body`; in a legacy export that section ends at its first
/// blank line, and the Activities, Foods and Sleep sections after it are
/// never read as weights.
enum FitbitFormat: ImportFileFormat {
    static let format = ImportFormat(name: "fitbit", displayName: "Fitbit")

    static func recognizes(_ head: ImportHead) -> Bool {
        var header = head.header
        if header.count == 1, CSVLayout.normalized(header[0]) == "body" { header = head.record(1) }
        return isHeader(header) || isFoods(header)
    }

    /// The Foods section on its own: `Date,Calories In`, a day a row.
    static func isFoods(_ header: [String]) -> Bool {
        header.map(CSVLayout.normalized) == ["date", "calories in"]
    }

    static func isHeader(_ header: [String]) -> Bool {
        header.count >= 3 && header.prefix(3).map(CSVLayout.baseName) == ["date", "weight", "bmi"]
    }

    static func read(_ source: ImportSource, cells given: ImportCells) throws(ImportError) -> ParsedImport {
        let text = try source.text()
        var cells = given
        cells.textIsBroken = text.encoding == .brokenUTF8
        var records = Array(CSVReader(bytes: text.bytes))
        if let first = records.first, isFoods(first.fields) { return ParsedImport(format: format, rows: []) }
        // A legacy export's Foods section (`Foods`, then `Date,Calories In`): the day totals. The
        // `food_log_…` sections after it repeat them meal by meal, and are never added again.
        var foods = BodyRecords()
        if let title = records.firstIndex(where: { $0.fields.count == 1 && CSVLayout.normalized($0.fields[0]) == "foods" }),
            title + 1 < records.count, let table = BodyTable.find(in: records[title + 1].fields)
        {
            foods = table.read(Array(records[(title + 2)...]), cells: cells)
        }
        if let first = records.first, first.fields.count == 1, CSVLayout.normalized(first.fields[0]) == "body" {
            records.removeFirst()
            if let blank = records.firstIndex(where: { $0.fields.allSatisfy { $0.trimmed.isEmpty } }) {
                records.removeSubrange(blank...)
            }
        }
        guard let header = records.first, isHeader(header.fields) else {
            throw .wrongFormat(path: source.path, format: format, reason: "no Date,Weight,BMI header")
        }
        var layout = CSVLayout(dateColumn: 0, weightColumn: 1)
        layout.headerUnit = CSVLayout.unit(inHeader: header.fields[1])
        // The BMI column says which unit the account wrote (SPEC §6); the fat column is kept (§12).
        layout.bmiColumn = 2
        layout.fatColumn = CSVLayout.fatColumn(in: header.fields)
        var parsed = layout.parsed(records.dropFirst(), format: format, cells: cells, readAsWindows1252: text.encoding == .windows1252)
        parsed.body = foods
        return parsed
    }
}
