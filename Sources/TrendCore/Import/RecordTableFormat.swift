/// trend's table of every kind (`export --kind all`, SPEC §6): ids are
/// kept, and the id alone decides what is a duplicate, as for trend's JSON.
enum RecordTableFormat: ImportFileFormat {
    static let readsBodyColumns = false
    static let format = ImportFormat(name: "table", displayName: "trend table")

    static func recognizes(_ head: ImportHead) -> Bool {
        guard let first = CSVReader(bytes: Array(head.bytes.prefix(4_096))).first(where: { _ in true }) else { return false }
        return RecordTable.isHeader(first.fields)
    }

    static func read(_ source: ImportSource, cells: ImportCells) throws(ImportError) -> ParsedImport {
        let (store, invalid) = RecordTable.read(try source.allBytes())
        var parsed = TrendJSONFormat.parsed(store, format: format, cells: cells, locatesByEntry: false)
        parsed.body.invalid += invalid.map { ($0.line, $0.reason) }
        return parsed
    }
}
