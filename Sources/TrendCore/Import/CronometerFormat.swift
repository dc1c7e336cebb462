/// Cronometer's biometrics, in either download: the chart's
/// (`"DateTime","Daily Average",…`: the weight a day, in the account's
/// unit, which the file does not name) and the export
/// (`Day,Group,Metric,Unit,Amount`: a row per measurement, the weight rows
/// those whose Metric is `Weight`, in their row's Unit; a `Body Fat` row
/// of the same day gives that weigh-in its body fat).
enum CronometerFormat: ImportFileFormat {
    static let format = ImportFormat(name: "cronometer", displayName: "Cronometer")

    static func recognizes(_ head: ImportHead) -> Bool {
        let names = head.header.map(CSVLayout.normalized)
        return isExport(names) || chartLayout(names) != nil
    }

    static func isExport(_ names: [String]) -> Bool {
        ["day", "metric", "unit", "amount"].allSatisfy(names.contains)
    }

    static func chartLayout(_ names: [String]) -> CSVLayout? {
        guard names.first == "datetime", let average = names.firstIndex(of: "daily average") else { return nil }
        return CSVLayout(dateColumn: 0, weightColumn: average)
    }

    static func read(_ source: ImportSource, cells given: ImportCells) throws(ImportError) -> ParsedImport {
        let text = try source.text()
        guard let table = CSVLayout.table(text.bytes) else { throw .wrongFormat(path: source.path, format: format, reason: "the file is empty") }
        var cells = given
        cells.textIsBroken = text.encoding == .brokenUTF8
        let names = table.header.fields.map(CSVLayout.normalized)
        if var layout = chartLayout(names) {
            layout.headerFieldCount = names.count
            return layout.parsed(table.rows, format: format, cells: cells)
        }
        guard isExport(names), let day = names.firstIndex(of: "day"), let metric = names.firstIndex(of: "metric"),
            let unit = names.firstIndex(of: "unit"), let amount = names.firstIndex(of: "amount")
        else { throw .wrongFormat(path: source.path, format: format, reason: "line \(table.header.line): no Day,Metric,Unit,Amount header") }
        // The weight rows, as `day,weight,unit` for the shared row reader; body fat by day.
        var weights: [CSVReader.Record] = []
        var fatByDay: [String: String] = [:]
        var others = 0
        for record in table.rows {
            let fields = record.fields
            guard fields.count > max(day, metric, unit, amount) else {
                if !fields.allSatisfy({ $0.trimmed.isEmpty }) { weights.append(record) }
                continue
            }
            switch fields[metric].trimmed.lowercased() {
            case "weight":
                weights.append(CSVReader.Record(line: record.line, fields: [fields[day], fields[amount], fields[unit]]))
            case "body fat", "body fat %", "body fat percentage":
                fatByDay[fields[day].trimmed] = fields[amount]
                others += 1
            default:
                others += 1
            }
        }
        var layout = CSVLayout(dateColumn: 0, weightColumn: 1, unitColumn: 2)
        layout.fatColumn = 3
        let joined = weights.map { record in
            CSVReader.Record(line: record.line, fields: record.fields + [fatByDay[record.fields.first?.trimmed ?? ""] ?? ""], isUnterminated: record.isUnterminated)
        }
        let parsed = layout.parsed(joined, format: format, cells: cells)
        var result = ParsedImport(
            format: format, rows: parsed.rows, unitEvidence: parsed.unitEvidence, otherRecordCount: others,
            readAsWindows1252: text.encoding == .windows1252)
        result.namedUnit = parsed.namedUnit
        return result
    }
}
