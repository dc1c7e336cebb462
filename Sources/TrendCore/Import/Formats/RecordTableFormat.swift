/// trend's table of every kind (`export --kind all`, SPEC §6): ids are
/// kept, and the id alone decides what is a duplicate, as for trend's JSON.
enum RecordTableFormat: ImportFileFormat {
    static let readsBodyColumns = false
    static let format = ImportFormat(name: "trend-table", displayName: "trend table")

    static func recognizes(_ head: ImportHead) -> Bool {
        guard let first = CSVReader(bytes: Array(head.bytes.prefix(4_096))).first(where: { _ in true }) else { return false }
        return RecordTable.isHeader(first.fields)
    }

    static func read(_ source: ImportSource, cells: ImportCells) throws(ImportError) -> ParsedImport {
        let (store, invalid) = Self.records(try source.allBytes())
        var parsed = TrendJSONFormat.parsed(store, format: format, cells: cells, locatesByEntry: false)
        parsed.body.invalid += invalid.map { ($0.line, $0.reason) }
        return parsed
    }

    /// The records of a table read back, and the rows that make none (line, reason).
    static func records(_ bytes: [UInt8]) -> (store: RecordStore, invalid: [(line: Int, reason: String)]) {
        var store = RecordStore()
        var invalid: [(line: Int, reason: String)] = []
        var rows = CSVReader(bytes: bytes).makeIterator()
        guard let header = rows.next(), RecordTable.isHeader(header.fields) else { return (store, [(1, "the header is not \(RecordTable.columns.joined(separator: ","))")]) }
        let kinds = StoreDocument.codecs.map { $0.tableKind }
        while let row = rows.next() {
            let fields = row.fields
            if fields == [""] { continue }
            guard !row.isUnterminated else {
                invalid.append((row.line, "a quoted field never closes"))
                break
            }
            guard fields.count == header.fields.count else {
                invalid.append((row.line, "\(fields.count) fields where the header has \(header.fields.count)"))
                continue
            }
            guard let codec = StoreDocument.codecs.first(where: { $0.tableKind == fields[0] }) else {
                invalid.append((row.line, "'\(fields[0])' is no kind of record (\(kinds.joined(separator: ", ")))"))
                continue
            }
            guard let id = Array(fields[1].utf8).withUnsafeBufferPointer({ EntryID.parse($0) }) else {
                invalid.append((row.line, "'\(fields[1])' is not an id"))
                continue
            }
            let cells = RecordTable.Cells(value: fields[3], unit: fields[4], name: fields[5], fat: fields.count > 7 ? fields[7] : "")
            let note = fields[6].isEmpty ? nil : fields[6]
            func add<Codec: RecordCodec>(_: Codec.Type) -> String? {
                switch Codec.record(fromTable: cells, id: id, date: fields[2], note: note) {
                case .success(let record):
                    store.insert(record)
                    return nil
                case .failure(let refusal): return refusal.reason
                }
            }
            if let reason = add(codec) { invalid.append((row.line, reason)) }
        }
        return (store, invalid)
    }

}
