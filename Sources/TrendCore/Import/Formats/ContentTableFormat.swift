/// Any table a person kept or an app nobody here has seen, read by what its
/// cells hold (SPEC §18): the shape from the file (`TableShape`), the date
/// column as the one whose cells are dates, the weight column as the
/// numeric one in a human range whose header names no other quantity; then
/// its rows read as every CSV's are (`CSVLayout`). When two columns
/// qualify alike, or none does, it refuses and says which options choose.
/// Asked last: the named layouts are its special cases.
enum ContentTableFormat: ImportFileFormat {
    static let format = ImportFormat(name: "table", displayName: "table")

    static func recognizes(_ head: ImportHead) -> Bool {
        TableShape.find(in: Array(head.bytes.prefix(16_384))) != nil
    }

    static func read(_ source: ImportSource, cells: ImportCells) throws(ImportError) -> ParsedImport {
        let text = try source.text()
        guard let shape = TableShape.find(in: text.bytes) else { throw .unrecognized(path: source.path) }
        return try read(text, shape: shape, path: source.path, cells: cells, head: source.head)
    }

    /// The records sampled to decide the columns.
    static let sampleSize = 200

    static func read(_ text: ImportText, shape: TableShape, path: String, cells given: ImportCells, head: ImportHead? = nil) throws(ImportError) -> ParsedImport {
        var cells = given
        cells.textIsBroken = text.encoding == .brokenUTF8
        var records = CSVReader(bytes: text.bytes, separator: Character(Unicode.Scalar(shape.separator))).makeIterator()
        var sample: [CSVReader.Row] = []
        var bannerHeader: [String]?
        while sample.count < sampleSize, let record = records.next() {
            if record.fields.allSatisfy({ $0.trimmed.isEmpty }) { continue }
            if record.line <= shape.skippedLines {
                if !record.fields.contains(where: { $0.contains(where: \.isNumber) }) { bannerHeader = record.fields }
                continue
            }
            sample.append(record)
        }
        guard !sample.isEmpty else { throw .wrongFormat(path: path, format: format, reason: "the file is empty") }
        let columns = try ContentColumns(
            sample: sample.map(\.fields), lines: sample.map(\.line), cells: cells, decimalComma: shape.decimalComma, settings: cells.settings, path: path,
            bannerHeader: bannerHeader)
        // Rows that each say what they measure: only weight, intake and the tape are read.
        if let long = LongTable(columns: columns, sample: sample.map(\.fields)) {
            let dataRows = Array(sample.dropFirst(columns.headerRows))
            var parsed = long.read(ContinuedRecords(buffered: dataRows, rest: records), cells: cells, format: format, dateForm: columns.dateForm)
            parsed.readAsWindows1252 = text.encoding == .windows1252
            return parsed
        }
        guard let weight = columns.weight else {
            // Dates and no weights: a table of intake or measurements, which `BodyTable` reads beside.
            if let head, BodyTable.hasColumns(head) || BodyTable.hasColumns(text.bytes) {
                // Its rows are records of other kinds: say so if they hold no intake or measurements either.
                var rows = sample.count - columns.headerRows
                while let record = records.next() {
                    if !record.fields.allSatisfy({ $0.trimmed.isEmpty }) { rows += 1 }
                }
                var parsed = ParsedImport(format: format, rows: [], otherRecordCount: rows)
                parsed.tableReading = columns.description(shape: shape)
                return parsed
            }
            throw columns.noWeightColumn(path: path)
        }
        var layout = CSVLayout(
            dateColumn: columns.date, weightColumn: weight, unitColumn: columns.unit, noteColumn: columns.note, headerUnit: columns.headerUnit,
            timeColumn: columns.time)
        layout.fatColumn = columns.fat
        layout.fatMassColumn = columns.fatMass?.column
        layout.fatMassUnit = columns.fatMass?.unit
        layout.twin = columns.twin
        layout.bmiColumn = columns.bmi
        layout.headerFieldCount = shape.fields
        // The rows after the header: the sample's, then the rest as they stream.
        let dataRows = Array(sample.dropFirst(columns.headerRows))
        let (rows, evidence) = layout.rows(ContinuedRecords(buffered: dataRows, rest: records), cells: cells)
        var parsed = ParsedImport(format: format, rows: rows, unitEvidence: evidence, readAsWindows1252: text.encoding == .windows1252)
        parsed.namedUnit = layout.namedUnit
        parsed.tableReading = columns.description(shape: shape)
        parsed.weightColumnName = ContentColumns.name(weight, columns.headers)
        return parsed
    }
}

/// Records already read, then the rest of the file.
struct ContinuedRecords: Sequence {
    let buffered: [CSVReader.Row]
    let rest: CSVReader.Iterator

    struct Iterator: IteratorProtocol {
        var buffered: IndexingIterator<[CSVReader.Row]>
        var rest: CSVReader.Iterator

        mutating func next() -> CSVReader.Row? {
            if let record = buffered.next() { return record }
            while let record = rest.next() {
                if !record.fields.allSatisfy({ $0.trimmed.isEmpty }) { return record }
            }
            return nil
        }
    }

    func makeIterator() -> Iterator { Iterator(buffered: buffered.makeIterator(), rest: rest) }
    var underestimatedCount: Int { buffered.count }
}
