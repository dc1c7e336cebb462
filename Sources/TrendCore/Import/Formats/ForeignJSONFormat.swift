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
        let arrays = tree.arraysOfObjects()
        // The largest, the first of equals: what is read when no array shows a body's weights.
        guard var chosen = arrays.reduce(nil as (name: String, records: [JSONTree], nested: Bool)?, { best, array in
            array.records.count > (best?.records.count ?? 0) ? array : best
        }) else { throw .unrecognized(path: path) }
        // Several arrays: the one whose records hold a body weight and a date is read, never the largest by default (SPEC §18).
        var holding: [(name: String, records: [JSONTree], nested: Bool)] = []
        if arrays.count > 1 {
            holding = arrays.filter { holdsBodyWeight(Self.table(of: $0.records.prefix(ContentTableFormat.sampleSize)), cells: cells, quantity: tree.namedQuantity) }
            // An outer array that shows them only through an inner one (`users` around `users.weights`) is that one.
            let found = holding
            holding.removeAll { outer in found.contains { $0.name != outer.name && (outer.name.isEmpty || $0.name.hasPrefix(outer.name + ".")) } }
            if holding.count > 1 { throw .severalArrays(path: path, names: holding.map { $0.name.isEmpty ? "the top level" : $0.name }) }
            if let one = holding.first { chosen = one }
        }
        let table = Self.table(of: chosen.records[...])
        if case .other(let what, let columns) = TableKind.of(table[0]), !cells.settings.choosesColumns {
            throw .notABodysLog(path: path, what: what, columns: columns)
        }
        let sample = Array(table.prefix(ContentTableFormat.sampleSize))
        let columns = try ContentColumns(sample: sample, cells: cells, decimalComma: false, settings: cells.settings, path: path, quantity: tree.namedQuantity)
        // Named when other arrays of records were passed over for it.
        let arrayName = arrays.contains(where: { !$0.nested && $0.name != chosen.name }) && !chosen.nested ? " of the array \(chosen.name)" : ""
        let rowRecords = table.dropFirst().enumerated().map { CSVReader.Row(line: $0.offset + 1, fields: $0.element) }
        // Records that name their type (`type`, `dataTypeName`): only weight, intake and the tape are read.
        if let long = LongTable(columns: columns, sample: sample) {
            var parsed = long.read(rowRecords, cells: cells, format: format, dateForm: columns.dateForm)
            parsed.tableReading = parsed.tableReading.map { $0.replacing("read as a long table", with: "read as records" + arrayName) }
            return parsed
        }
        guard let weight = columns.weight else { throw columns.noWeightColumn(path: path) }
        var layout = CSVLayout(
            dateColumn: columns.date, weightColumn: weight, unitColumn: columns.unit, noteColumn: columns.note, headerUnit: columns.headerUnit,
            timeColumn: columns.time)
        layout.fatColumn = columns.fat
        layout.fatMassColumn = columns.fatMass?.column
        layout.fatMassUnit = columns.fatMass?.unit
        layout.twin = columns.twin
        // Google Fit stores weights in kilograms, as every Google Fit data type keeps SI units.
        if table.dropFirst().prefix(20).contains(where: { $0.contains { $0.hasPrefix("com.google.weight") } }) { layout.formatUnit = .kilograms }
        let (rows, evidence) = layout.rows(rowRecords, cells: cells)
        var parsed = ParsedImport(format: format, rows: rows, unitEvidence: evidence)
        parsed.namedUnit = layout.namedUnit
        parsed.tableReading = columns.recordsDescription().replacing("read as records", with: "read as records" + arrayName)
        parsed.weightColumnName = columns.headers[weight]
        return parsed
    }
}

extension ForeignJSONFormat {
    /// Records as a table: a header of each member's path
    /// (`fitValue.0.value.fpVal`), in the order first met, then a row a record.
    static func table(of records: ArraySlice<JSONTree>) -> [[String]] {
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
        return table
    }

    /// Whether a table of records holds a body's weights with their dates:
    /// a body's table (not a workout's), with a weight column or weight rows.
    static func holdsBodyWeight(_ table: [[String]], cells: ImportCells, quantity: LongTable.Kind?) -> Bool {
        guard table.count > 1, TableKind.of(table[0]) == .body else { return false }
        let columns: ContentColumns
        do {
            columns = try ContentColumns(sample: table, cells: cells, decimalComma: false, settings: cells.settings, path: "", quantity: quantity)
        } catch {
            if case .ambiguousColumns(_, "weights", _, _) = error { return true }
            return false
        }
        if let long = LongTable(columns: columns, sample: table) {
            return table.dropFirst(columns.headerRows).contains { long.metric < $0.count && LongTable.kind(of: $0[long.metric]) == .weight }
        }
        // Its weights must move as one body's too: an array of a workout's loads under a plain `weight` is not one.
        guard let weight = columns.weight else { return false }
        let layout = CSVLayout(dateColumn: columns.date, weightColumn: weight, unitColumn: columns.unit, headerUnit: columns.headerUnit, timeColumn: columns.time)
        let records = table.dropFirst(columns.headerRows).enumerated().map { CSVReader.Row(line: $0.offset + 1, fields: $0.element) }
        return OneBody.check(layout.rows(records, cells: cells).rows) == nil
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
            guard HeaderWords.meaning(key) == .metric || words.contains("source") else { continue }
            // Google's `derived:com.google.weight:…:merge_weight`: the data type is the `com.google.` name.
            if let start = text.firstRange(of: "com.google.") {
                return LongTable.kind(of: String(text[start.lowerBound...].prefix { $0 != ":" }))
            }
            return LongTable.kind(of: text)
        }
        return nil
    }

    /// Every array whose items are all objects, anywhere in the tree, named
    /// by the path of keys to it (`workouts.sets`, empty for the file's
    /// own; the same path in each record of an outer array is one array),
    /// in the order first met, and whether it lies inside another's records.
    func arraysOfObjects() -> [(name: String, records: [JSONTree], nested: Bool)] {
        var found: [(name: String, records: [JSONTree], nested: Bool)] = []
        var index: [String: Int] = [:]
        func visit(_ value: JSONTree, path: String, nested: Bool) {
            switch value {
            case .array(let items):
                let ofObjects = !items.isEmpty && items.allSatisfy { if case .object = $0 { true } else { false } }
                if ofObjects {
                    let name = path
                    if let at = index[name] { found[at].records += items } else {
                        index[name] = found.count
                        found.append((name, items, nested))
                    }
                }
                for item in items { visit(item, path: path, nested: nested || ofObjects) }
            case .object(let members):
                for (key, child) in members { visit(child, path: path.isEmpty ? key : path + "." + key, nested: nested) }
            default: break
            }
        }
        visit(self, path: "", nested: false)
        return found
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

