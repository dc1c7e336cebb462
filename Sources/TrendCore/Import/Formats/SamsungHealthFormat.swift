/// Samsung Health `com.samsung.health.weight.*.csv`: a metadata line
/// (`com.samsung.health.weight,…`), then a header with `start_time`,
/// `weight` and `time_offset` (`UTC+0300`); weights in kilograms.
enum SamsungHealthFormat: ImportFileFormat {
    static let format = ImportFormat(name: "samsung-health", displayName: "Samsung Health")

    static func recognizes(_ head: ImportHead) -> Bool {
        let first = head.lines.first?.lowercased() ?? ""
        return first.hasPrefix("com.samsung.health.weight") || isFood(first)
    }

    /// `com.samsung.health.food_intake` (a row per food) and `….nutrition`
    /// (a row per meal, the same energy): intake, read by `BodyTable`.
    static func isFood(_ firstLine: String) -> Bool {
        firstLine.hasPrefix("com.samsung.health.food_intake") || firstLine.hasPrefix("com.samsung.health.nutrition")
    }

    static func layout(header: [String]) -> CSVLayout? {
        let names = header.map { CSVLayout.normalized($0).split(separator: ".").last.map(String.init) ?? "" }
        guard let start = names.firstIndex(of: "start_time"), let weight = names.firstIndex(of: "weight") else { return nil }
        var layout = CSVLayout(dateColumn: start, weightColumn: weight, formatUnit: .kilograms, offsetColumn: names.firstIndex(of: "time_offset"))
        layout.fatColumn = names.firstIndex(of: "body_fat")
        return layout
    }

    static func read(_ source: ImportSource, cells: ImportCells) throws(ImportError) -> ParsedImport {
        if isFood(source.head.lines.first?.lowercased() ?? "") { return ParsedImport(format: format, rows: []) }
        let text = try source.text()
        let hasMetadata = String(decoding: text.bytes.prefix(64), as: UTF8.self).lowercased().drop { $0 == "\u{FEFF}" }.hasPrefix("com.samsung.health.weight")
        return try CSVFormats.read(text, path: source.path, format: format, cells: cells, skippingLines: hasMetadata ? 1 : 0, layout: layout(header:))
    }
}
