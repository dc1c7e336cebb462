/// Cronometer's food diary (`dailysummary.csv`, a row a day or, by meal,
/// with a `Total` row each day; `servings.csv`, a row per food), its
/// intake read by `BodyTable`; and its biometrics, in either download: the chart's
/// (`"DateTime","Daily Average",…`: the weight a day, in the account's
/// unit, which the file does not name) and the export
/// (`Day,Group,Metric,Unit,Amount`: a row per measurement, the weight rows
/// those whose Metric is `Weight`, in their row's Unit; a `Body Fat` row
/// of the same day gives that weigh-in its body fat).
enum CronometerFormat: ImportFileFormat {
    static let format = ImportFormat(name: "cronometer", displayName: "Cronometer")

    static func recognizes(_ head: ImportHead) -> Bool {
        let names = head.header.map(CSVLayout.normalized)
        return isExport(names) || chartLayout(names) != nil || isDiary(names)
    }

    /// `Date,…,Energy (kcal),…` or `Day,…,Energy (kcal),…`.
    static func isDiary(_ names: [String]) -> Bool {
        (names.first == "date" || names.first == "day") && (names.contains("energy (kcal)") || names.contains("energy (kj)"))
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
        // The food diary: its intake is the table's, read beside it.
        if isDiary(names) { return ParsedImport(format: format, rows: []) }
        if var layout = chartLayout(names) {
            layout.headerFieldCount = names.count
            return layout.parsed(table.rows, format: format, cells: cells)
        }
        guard isExport(names), let day = names.firstIndex(of: "day"), let metric = names.firstIndex(of: "metric"),
            let unit = names.firstIndex(of: "unit"), let amount = names.firstIndex(of: "amount")
        else { throw .wrongFormat(path: source.path, format: format, reason: "line \(table.header.line): no Day,Metric,Unit,Amount header") }
        // The weight rows, as `day,weight,unit` for the shared row reader; body fat by day.
        var weights: [CSVReader.Row] = []
        var fatByDay: [String: String] = [:]
        var others = 0
        var measurementRows: [(line: Int, day: String, name: MeasurementName, unit: LengthUnit, amount: String)] = []
        for record in table.rows {
            let fields = record.fields
            guard fields.count > max(day, metric, unit, amount) else {
                if !fields.allSatisfy({ $0.trimmed.isEmpty }) { weights.append(record) }
                continue
            }
            switch fields[metric].trimmed.lowercased() {
            case "weight":
                weights.append(CSVReader.Row(line: record.line, fields: [fields[day], fields[amount], fields[unit]]))
            case "body fat", "body fat %", "body fat percentage":
                fatByDay[fields[day].trimmed] = fields[amount]
                others += 1
            default:
                // A circumference (SPEC §16): `Waist`, `Hips`, `Neck Circumference`, in the row's unit.
                let unit: LengthUnit? = switch fields[unit].trimmed.lowercased() {
                case "cm", "centimeters", "centimetres": .centimetres
                case "in", "inch", "inches": .inches
                default: nil
                }
                if let unit, let (name, _) = BodyTable.measurementColumn(fields[metric].trimmed.lowercased(), defaultUnit: unit) {
                    measurementRows.append((record.line, fields[day], name, unit, fields[amount]))
                } else {
                    others += 1
                }
            }
        }
        var layout = CSVLayout(dateColumn: 0, weightColumn: 1, unitColumn: 2)
        layout.fatColumn = 3
        let joined = weights.map { record in
            CSVReader.Row(line: record.line, fields: record.fields + [fatByDay[record.fields.first?.trimmed ?? ""] ?? ""], isUnterminated: record.isUnterminated)
        }
        let parsed = layout.parsed(joined, format: format, cells: cells)
        var result = ParsedImport(
            format: format, rows: parsed.rows, unitEvidence: parsed.unitEvidence, otherRecordCount: others,
            readAsWindows1252: text.encoding == .windows1252)
        result.namedUnit = parsed.namedUnit
        for row in measurementRows {
            switch (BodyTable.amount(row.amount), cells.timestamp(row.day)) {
            case (.failure(let failure), _), (_, .failure(let failure)): result.body.invalid.append((row.line, failure.reason))
            case (.success(nil), _), (.success(0), _): break
            case (.success(let value?), .success(let timestamp)):
                let centimetres = row.unit.centimetres(from: value)
                if MeasurementEntry.isValid(centimetres: centimetres) {
                    result.body.add(MeasurementEntry(timestamp: timestamp, name: row.name, centimetres: centimetres))
                } else {
                    result.body.invalid.append((row.line, "\(row.name) '\(row.amount.trimmed)' is not a body measurement: it must be \(MeasurementEntry.validRangeText) cm"))
                }
            }
        }
        return result
    }
}
