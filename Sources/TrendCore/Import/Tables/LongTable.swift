/// A table whose rows each say what they measure (SPEC §18): `date,
/// metric, value` sheets, Apple Health's records as CSV, another app's JSON
/// records with a `type` or `dataTypeName`, and trend's own `measure
/// --format csv` (`date,name,cm,note`). Only rows whose metric names body
/// weight, food energy or a place on the body are read, each into its own
/// kind; the rest are skipped and counted by name, never read as weights.
struct LongTable {
    let date: Int
    let time: Int?
    /// The column that names what each row measures.
    let metric: Int
    let value: Int
    /// A column of units beside the value (`kg`, `cm`, `kcal`).
    let unit: Int?
    /// The unit the value's header names (`cm` in trend's measure CSV).
    let valueUnit: String?
    let headers: [String]

    /// What a row's metric names.
    enum Kind: Equatable {
        case weight
        case intake
        case measurement(MeasurementName)
        case other
    }

    /// The long table in `columns`, or nil when the table is not one: a
    /// column whose header names what a row measures, holding words, and a
    /// column of values.
    init?(columns: ContentColumns, sample: [[String]]) {
        let headers = columns.headers
        let meanings = headers.map { HeaderWords.meaning($0) }
        let data = sample.dropFirst(columns.headerRows)
        func cells(_ column: Int) -> [String] { data.map { column < $0.count ? $0[column].trimmed : "" }.filter { !$0.isEmpty } }
        // `name` or `category` may name a food or a meal rather than what a row
        // measures: such a column makes a long table only when its rows name ours.
        func namesWhatRowsMeasure(_ column: Int) -> Bool {
            let values = cells(column)
            guard !values.isEmpty, values.allSatisfy({ ImportCells.decimal($0) == nil }) else { return false }
            return !Self.weakMetricHeaders.contains(DateWords.fold(headers[column].trimmed)) || values.contains { Self.kind(of: $0) != .other }
        }
        guard columns.headerRows > 0,
            let metric = headers.indices.first(where: { column in column != columns.date && meanings[column] == .metric && namesWhatRowsMeasure(column) }),
            let value = headers.indices.first(where: { column in
                column != columns.date && column != metric && (meanings[column] == .value || Self.unitWord(headers[column]) != nil)
            })
        else { return nil }
        self.date = columns.date
        self.time = columns.time
        self.metric = metric
        self.value = value
        self.unit = columns.unit.flatMap { $0 == metric || $0 == value ? nil : $0 }
        self.valueUnit = Self.unitWord(headers[value]) ?? HeaderWords.unitInBrackets(headers[value])
        self.headers = headers
    }

    static let weakMetricHeaders: Set<String> = ["name", "kind", "category", "field", "variable", "art", "soort", "typ"]

    /// A header that is only a unit (`cm`, `kg`, `kcal`): the values' unit.
    static func unitWord(_ header: String) -> String? {
        let folded = DateWords.fold(header.trimmed)
        return ["cm", "in", "kg", "lb", "lbs", "st", "kcal", "kj", "cal"].contains(folded) ? folded : nil
    }

    /// What `text` (`weight`, `heart_rate`, `com.google.weight`,
    /// `HKQuantityTypeIdentifierWaistCircumference`) names.
    static func kind(of text: String) -> Kind {
        // Apple's and Google's type names carry a prefix of their own.
        var words = HeaderWords.words(text)
        for prefix in [["hk", "quantity", "type", "identifier"], ["hkquantity", "type", "identifier"], ["com", "google"]] where words.starts(with: prefix) {
            words.removeFirst(prefix.count)
        }
        let name = words.joined(separator: " ")
        guard !name.isEmpty else { return .other }
        if HeaderWords.meaning(name) == .weight { return .weight }
        if BodyTable.energyFactor(name) != nil || ["intake", "food", "dietary energy consumed"].contains(name) { return .intake }
        if let (measurement, _) = BodyTable.measurementColumn(name, defaultUnit: .centimetres) { return .measurement(measurement) }
        return .other
    }

    /// Reads `records` (the header already taken): weigh-ins through the
    /// CSV rules of every table, intake and measurements as `BodyTable`
    /// reads them, and the summary's account of the rest.
    func read(_ records: some Sequence<CSVReader.Row>, cells: ImportCells, format: ImportFormat, dateForm: String) -> ParsedImport {
        var kinds: [String: Kind] = [:]
        var weights: [CSVReader.Row] = []
        var intake: [CSVReader.Row] = []
        var tape: [MeasurementName: [CSVReader.Row]] = [:]
        var tapeInvalid: [(line: Int, reason: String)] = []
        var skipped: [String: Int] = [:]
        var skippedOrder: [String] = []
        var weightsHaveUnits = true
        for record in records {
            let fields = record.fields
            func cell(_ column: Int?) -> String { column.flatMap { $0 < fields.count ? fields[$0].trimmed : nil } ?? "" }
            let metricText = cell(metric)
            let kind = kinds[metricText] ?? Self.kind(of: metricText)
            kinds[metricText] = kind
            var when = cell(date)
            if time != nil, !cell(time).isEmpty { when += " " + cell(time) }
            // The unit: the row's own, one in the metric's name (`weight_kg`), or the value's header.
            // Google Fit keeps every data type in SI units.
            let metricUnit = metricText.hasPrefix("com.google.weight") ? "kg"
                : HeaderWords.words(metricText).last.flatMap { ["kg", "lb", "lbs", "st", "cm", "in", "kcal", "kj"].contains($0) ? $0 : nil }
            let unitText = [cell(unit), metricUnit ?? "", valueUnit ?? ""].first { !$0.isEmpty } ?? ""
            switch kind {
            case .weight:
                if unitText.isEmpty { weightsHaveUnits = false }
                weights.append(CSVReader.Row(line: record.line, fields: [when, cell(value), unitText]))
            case .intake:
                let folded = DateWords.fold(unitText)
                let factor = folded == "kj" || folded == "kilojoules" ? 1 / IntakeEntry.kilojoulesPerKilocalorie : 1
                let amount = BodyTable.amount(cell(value))
                if case .success(let number?) = amount {
                    intake.append(CSVReader.Row(line: record.line, fields: [when, DecimalText.shortest(number * factor)]))
                } else {
                    intake.append(CSVReader.Row(line: record.line, fields: [when, cell(value)]))
                }
            case .measurement(let name):
                let folded = DateWords.fold(unitText)
                guard let length = LengthUnit(rawValue: folded == "inches" || folded == "inch" ? "in" : folded) else {
                    tapeInvalid.append((record.line, "\(name) '\(cell(value))' names no unit: say cm or in in a unit column"))
                    continue
                }
                let amount = BodyTable.amount(cell(value))
                let centimetres = (try? amount.get()).flatMap { $0 }.map { DecimalText.shortest(length.centimetres(from: $0)) } ?? cell(value)
                tape[name, default: []].append(CSVReader.Row(line: record.line, fields: [when, centimetres]))
            case .other:
                let shown = metricText.isEmpty ? "(no metric)" : metricText
                if skipped[shown] == nil { skippedOrder.append(shown) }
                skipped[shown, default: 0] += 1
            }
        }
        var parsed: ParsedImport
        if weights.isEmpty {
            parsed = ParsedImport(format: format, rows: [], otherRecordCount: skipped.values.reduce(0, +))
        } else {
            let layout = CSVLayout(dateColumn: 0, weightColumn: 1, unitColumn: weightsHaveUnits ? 2 : nil)
            let (rows, evidence) = layout.rows(weights, cells: cells)
            parsed = ParsedImport(format: format, rows: rows, unitEvidence: evidence, otherRecordCount: skipped.values.reduce(0, +))
            parsed.namedUnit = layout.namedUnit
        }
        var body = BodyRecords()
        if !intake.isEmpty {
            var table = BodyTable(date: 0)
            table.energy = (1, 1)
            body.absorb(table.read(intake, cells: cells))
        }
        for name in tape.keys.sorted() {
            var table = BodyTable(date: 0)
            table.measurements = [BodyTable.MeasurementColumn(index: 1, name: name, unit: .centimetres)]
            body.absorb(table.read(tape[name]!, cells: cells))
        }
        body.invalid += tapeInvalid
        parsed.body = body
        parsed.tableReading = description(dateForm: dateForm, weighIns: weights.count, intake: intake.count, tape: tape.values.reduce(0) { $0 + $1.count },
                                          skipped: skippedOrder.map { ($0, skipped[$0]!) })
        return parsed
    }

    /// `read as a long table: date in column 1 (date, year-month-day), what each row measures in column 2 (metric), values in column 3 (value); 30 weight rows as weigh-ins; skipped: heart_rate (30)`.
    func description(dateForm: String, weighIns: Int, intake: Int, tape: Int, skipped: [(String, Int)]) -> String {
        var text = "read as a long table: date in " + ContentColumns.name(date, headers) + " (\(dateForm)), what each row measures in "
            + ContentColumns.name(metric, headers) + ", values in " + ContentColumns.name(value, headers)
        if let unit { text += ", units in " + ContentColumns.name(unit, headers) }
        var read: [String] = []
        if weighIns > 0 { read.append("\(weighIns) weight row\(weighIns == 1 ? "" : "s") as weigh-ins") }
        if intake > 0 { read.append("\(intake) row\(intake == 1 ? "" : "s") of food energy as intake") }
        if tape > 0 { read.append("\(tape) row\(tape == 1 ? "" : "s") of the tape as measurements") }
        if !read.isEmpty { text += "; " + read.joined(separator: ", ") }
        if !skipped.isEmpty {
            text += "; skipped, not weight, intake or the tape: " + skipped.prefix(8).map { "\($0.0) (\($0.1))" }.joined(separator: ", ")
                + (skipped.count > 8 ? " and \(skipped.count - 8) more" : "")
        }
        return text
    }
}
