/// Libra: `#Version:5`/`6`, `#Units:kg`, a `#date;weight;…` header,
/// `;`-separated rows; the comment column becomes the note.
enum LibraFormat: ImportFileFormat {
    static let format = ImportFormat(name: "libra", displayName: "Libra")

    static func recognizes(_ head: ImportHead) -> Bool {
        head.lines.first?.lowercased().hasPrefix("#version:") == true
    }

    static func read(_ source: ImportSource, cells: ImportCells) throws(ImportError) -> ParsedImport {
        var layout = CSVLayout(dateColumn: 0, weightColumn: 1, noteColumn: 5)
        var data: [CSVReader.Record] = []
        for record in CSVReader(bytes: try source.allBytes(), separator: ";") {
            guard let first = record.fields.first, first.hasPrefix("#") else {
                data.append(record)
                continue
            }
            let directive = first.dropFirst().lowercased()
            if directive.hasPrefix("units:") {
                layout.headerUnit = WeightUnit(parsing: directive.dropFirst(6).trimmed)
            } else if directive.hasPrefix("date") {
                let names = [String(directive)] + record.fields.dropFirst().map(CSVLayout.normalized)
                layout.noteColumn = names.firstIndex { $0 == "comment" || $0 == "comments" || $0 == "note" }
                layout.weightColumn = names.firstIndex { $0 == "weight" } ?? 1
            }
        }
        return layout.parsed(data, format: format, cells: cells)
    }
}
