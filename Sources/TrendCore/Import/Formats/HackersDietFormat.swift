/// The Hacker's Diet Online CSV backup: `Epoch,…` and `User,…` lines, then
/// for each month a `StartTrend,<trend>,<unit>,…` line and `Date,Weight,
/// Rung,Flag,Comment` rows. The unit is per month (kg, lb, stone), comments
/// become notes, and the text is Windows-1252 unless it is valid UTF-8.
enum HackersDietFormat: ImportFileFormat {
    static let readsBodyColumns = false
    static let format = ImportFormat(name: "hackers-diet", displayName: "The Hacker's Diet")

    static func recognizes(_ head: ImportHead) -> Bool {
        guard let line = head.lines.first?.lowercased() else { return false }
        return line.hasPrefix("epoch,") || line.hasPrefix("user,")
    }

    static func read(_ source: ImportSource, cells: ImportCells) throws(ImportError) -> ParsedImport {
        let bytes = try source.allBytes()
        let text = String(validating: bytes, as: UTF8.self) ?? Windows1252.decode(bytes)
        var unit: WeightUnit?
        // A month whose unit trend does not know: its rows cannot be read (never "the file names none").
        var unknownUnit: String?
        var rows: [ImportRow] = []
        var evidence: UnitEvidence?
        for record in CSVReader(text: text) {
            guard let first = record.fields.first?.trimmed, !first.isEmpty else { continue }
            switch first.lowercased() {
            case "starttrend":
                let name = record.fields.count > 2 ? record.fields[2].trimmed : ""
                unit = WeightUnit(parsing: name) ?? unit
                unknownUnit = !name.isEmpty && WeightUnit(parsing: name) == nil ? name : nil
            case "epoch", "user", "date":
                continue
            default:
                guard first.first?.isNumber == true else { continue }
                if let unknownUnit {
                    rows.append(.invalid(line: record.line, reason: "unknown unit '\(unknownUnit)' for this month"))
                    continue
                }
                let layout = CSVLayout(dateColumn: 0, weightColumn: 1, noteColumn: 4, headerUnit: unit)
                let (read, found) = layout.rows([record], cells: cells)
                if let found {
                    if evidence == nil { evidence = UnitEvidence(readIn: found.readIn) }
                    evidence?.absorb(found, offset: rows.count)
                }
                rows += read
            }
        }
        var parsed = ParsedImport(format: format, rows: rows, unitEvidence: evidence)
        parsed.namedUnit = .eachRow
        return parsed
    }
}
