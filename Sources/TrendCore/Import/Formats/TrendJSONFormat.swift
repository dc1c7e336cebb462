/// trend's own JSON export: the `weights.json` document. Ids are kept, and
/// the id alone decides what is a duplicate.
enum TrendJSONFormat: ImportFileFormat {
    static let readsBodyColumns = false
    static let format = ImportFormat(name: "json", displayName: "trend JSON")

    /// trend's own document: an object with `entries` (SPEC §1); other
    /// apps' JSON is `ForeignJSONFormat`'s.
    static func recognizes(_ head: ImportHead) -> Bool {
        let text = head.text
        return text.hasPrefix("{") && StoreDocument.codecs.contains { holdsArray(named: $0.arrayKey, in: text) }
    }

    /// Whether `"key"` is followed by `:` and an array of trend's records:
    /// empty, or its first record with an `"id"`, as every record trend
    /// writes has. Another app's JSON may name an object `entries`
    /// (`"entries": {"weights": …}`), or its own records `measurements`
    /// (`[{"ts": …, "type": "weight", …}]`).
    static func holdsArray(named key: String, in text: Substring) -> Bool {
        let bytes = text.utf8
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
        return bytes.ranges(of: Array("\"\(key)\"".utf8)).contains { found in
            let afterKey = bytes[found.upperBound...].drop(while: isSpace)
            guard afterKey.first == UInt8(ascii: ":") else { return false }
            let array = afterKey.dropFirst().drop(while: isSpace)
            guard array.first == UInt8(ascii: "[") else { return false }
            let first = array.dropFirst().drop(while: isSpace)
            guard first.first != UInt8(ascii: "]") else { return true }
            // The first record's members, up to its end (trend's records hold no nested object).
            let record = first.prefix { $0 != UInt8(ascii: "}") }
            return record.ranges(of: Array("\"id\"".utf8)).isEmpty == false
        }
    }

    static func read(_ source: ImportSource, cells: ImportCells) throws(ImportError) -> ParsedImport {
        try parse(try source.allBytes(), cells: cells, path: source.path)
    }

    static func parse(_ bytes: [UInt8], cells: ImportCells, path: String) throws(ImportError) -> ParsedImport {
        let store: RecordStore
        let settings: Settings?
        do {
            (store, settings) = try StoreDocument.decodeExport(bytes, path: path)
        } catch {
            throw .wrongFormat(path: path, format: format, reason: "\(error)")
        }
        var parsed = parsed(store, format: format, cells: cells)
        parsed.settings = settings
        return parsed
    }

    /// What an export of trend's own holds, as an import: every kind with its
    /// ids (the id alone decides what is a duplicate), a record dated in the
    /// future refused.
    /// `locatesByEntry`: a problem is named by its record's number (JSON), not its line.
    static func parsed(_ store: RecordStore, format: ImportFormat, cells: ImportCells, locatesByEntry: Bool = true) -> ParsedImport {
        let clock = cells.settings.clock
        let rows: [ImportRow] = store.entries.enumerated().map { index, entry in
            !clock.accepts(entry.timestamp)
                ? .invalid(line: index + 1, reason: "\(entry.timestamp.iso8601) is in the future")
                : .entry(entry, line: index + 1)
        }
        var parsed = ParsedImport(format: format, rows: rows, goalKilograms: store.goalKilograms, goalPlan: store.goalPlan, locatesByEntry: locatesByEntry)
        parsed.namedUnit = .format(.kilograms)
        // Every other kind keeps its ids too; a record dated in the future is refused like a weigh-in.
        func keep<Record: StoredRecord>(_: Record.Type) {
            guard Record.self != WeightEntry.self else { return }
            for (index, record) in store.records(Record.self).enumerated() {
                if clock.accepts(record.timestamp) {
                    parsed.body.add(record)
                } else {
                    parsed.body.invalid.append((index + 1, "\(Record.kind.name) \(record.timestamp.iso8601) is in the future"))
                }
            }
        }
        for kind in RecordStore.kinds { keep(kind) }
        return parsed
    }
}
