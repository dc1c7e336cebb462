/// Another app's JSON (SPEC §18): an array of objects (or JSON Lines, an
/// object a line), or an object that holds one however deep (Google Takeout's Fit "All Data": `Data Points`,
/// each with `fpVal` in kilograms at `startTimeNanos`), read as a table
/// whose columns are the members' paths (`fitValue.0.value.fpVal`) and
/// whose columns are then found by content as any table's.
enum ForeignJSONFormat: ImportFileFormat {
    static let format = ImportFormat(name: "records", displayName: "JSON records")

    static var readsBodyColumns: Bool { false }

    static func recognizes(_ head: ImportHead) -> Bool {
        let text = head.text
        return text.hasPrefix("[") || text.hasPrefix("{")
    }

    static func read(_ source: ImportSource, cells: ImportCells) throws(ImportError) -> ParsedImport {
        try parse(try source.allBytes(), cells: cells, path: source.path)
    }

    static func parse(_ bytes: [UInt8], cells: ImportCells, path: String) throws(ImportError) -> ParsedImport {
        let tree: JSONTree
        do {
            tree = try bytes.withUnsafeBufferPointer { buffer throws(JSONScanner.Failure) in
                var scanner = JSONScanner(bytes: buffer)
                let first = try JSONTree.read(&scanner)
                scanner.skipWhitespace()
                // JSON Lines, one object a line: the records of an array.
                guard case .object = first, scanner.offset < buffer.count else {
                    try scanner.expectEnd()
                    return first
                }
                var records = [first]
                while scanner.offset < buffer.count {
                    records.append(try JSONTree.read(&scanner))
                    scanner.skipWhitespace()
                }
                return .array(records)
            }
        } catch {
            throw .wrongFormat(path: path, format: format, reason: error.reason)
        }
        guard let records = tree.largestArrayOfObjects(), !records.isEmpty else { throw .unrecognized(path: path) }
        // Columns: each member's path, in the order first met.
        var paths: [String] = []
        var known: [String: Int] = [:]
        var flattened: [[(String, String)]] = []
        for record in records {
            var members: [(String, String)] = []
            record.flatten(into: &members, prefix: "")
            for (path, _) in members where known[path] == nil {
                known[path] = paths.count
                paths.append(path)
            }
            flattened.append(members)
        }
        var table: [[String]] = [paths]
        for members in flattened {
            var row = [String](repeating: "", count: paths.count)
            for (path, value) in members { row[known[path]!] = value }
            table.append(row)
        }
        let sample = Array(table.prefix(ContentTableFormat.sampleSize))
        let columns = try ContentColumns(sample: sample, cells: cells, decimalComma: false, settings: cells.settings, path: path, quantity: tree.namedQuantity)
        let rowRecords = table.dropFirst().enumerated().map { CSVReader.Row(line: $0.offset + 1, fields: $0.element) }
        // Records that name their type (`type`, `dataTypeName`): only weight, intake and the tape are read.
        if let long = LongTable(columns: columns, sample: sample) {
            var parsed = long.read(rowRecords, cells: cells, format: format, dateForm: columns.dateForm)
            parsed.tableReading = parsed.tableReading.map { $0.replacing("read as a long table", with: "read as records") }
            return parsed
        }
        guard let weight = columns.weight else { throw columns.noWeightColumn(path: path) }
        var layout = CSVLayout(
            dateColumn: columns.date, weightColumn: weight, unitColumn: columns.unit, noteColumn: columns.note, headerUnit: columns.headerUnit,
            timeColumn: columns.time)
        layout.fatColumn = columns.fat
        // Google Fit stores weights in kilograms, as every Google Fit data type keeps SI units.
        if table.dropFirst().prefix(20).contains(where: { $0.contains { $0.hasPrefix("com.google.weight") } }) { layout.formatUnit = .kilograms }
        let (rows, evidence) = layout.rows(rowRecords, cells: cells)
        var parsed = ParsedImport(format: format, rows: rows, unitEvidence: evidence)
        parsed.namedUnit = layout.namedUnit
        parsed.tableReading = columns.recordsDescription()
        return parsed
    }
}

/// A JSON value as read, numbers kept as written (a 19-digit nanosecond
/// time is more digits than a Double holds).
indirect enum JSONTree {
    case object([(String, JSONTree)])
    case array([JSONTree])
    case string(String)
    case number(String)
    case bool(Bool)
    case null

    static func read(_ s: inout JSONScanner, depth: Int = 0) throws(JSONScanner.Failure) -> JSONTree {
        guard depth < 64 else { throw s.fail("nesting too deep") }
        switch s.peek() {
        case UInt8(ascii: "{"):
            var members: [(String, JSONTree)] = []
            try s.readObject { (s: inout JSONScanner, key: String, _: Int) throws(JSONScanner.Failure) in
                members.append((key, try read(&s, depth: depth + 1)))
            }
            return .object(members)
        case UInt8(ascii: "["):
            var items: [JSONTree] = []
            try s.readArray { (s: inout JSONScanner) throws(JSONScanner.Failure) in items.append(try read(&s, depth: depth + 1)) }
            return .array(items)
        case UInt8(ascii: "\""):
            return .string(try s.readString())
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            let start = s.offset
            try s.skipValue()
            let word = String(decoding: s.bytes[start..<s.offset], as: UTF8.self)
            return word == "null" ? .null : .bool(word == "true")
        default:
            let start = s.offset
            _ = try s.readNumber()
            return .number(String(decoding: s.bytes[start..<s.offset], as: UTF8.self))
        }
    }

    /// What the file says its records measure beside them (Google Fit's
    /// `"Data Source": "derived:com.google.weight:…"`, a top-level `type`),
    /// or nil when it says nothing.
    var namedQuantity: LongTable.Kind? {
        guard case .object(let members) = self else { return nil }
        for (key, value) in members {
            guard case .string(let text) = value else { continue }
            let words = HeaderWords.words(key)
            if HeaderWords.meaning(key) == .metric || words.contains("source") { return LongTable.kind(of: text) }
        }
        return nil
    }

    /// The longest array whose items are all objects, anywhere in the tree.
    func largestArrayOfObjects() -> [JSONTree]? {
        var best: [JSONTree]?
        func visit(_ value: JSONTree) {
            switch value {
            case .array(let items):
                if !items.isEmpty, items.allSatisfy({ if case .object = $0 { true } else { false } }), items.count > (best?.count ?? 0) { best = items }
                items.forEach(visit)
            case .object(let members):
                members.forEach { visit($0.1) }
            default: break
            }
        }
        visit(self)
        return best
    }

    /// Every scalar member with its path (`fitValue.0.value.fpVal`).
    func flatten(into members: inout [(String, String)], prefix: String) {
        switch self {
        case .object(let children):
            for (key, value) in children { value.flatten(into: &members, prefix: prefix.isEmpty ? key : prefix + "." + key) }
        case .array(let items):
            for (index, item) in items.enumerated().prefix(8) { item.flatten(into: &members, prefix: prefix + "." + String(index)) }
        case .string(let text): members.append((prefix, text))
        case .number(let text): members.append((prefix, text))
        case .bool(let value): members.append((prefix, value ? "true" : "false"))
        case .null: members.append((prefix, ""))
        }
    }
}

