/// Libra: `#Version:5`/`6`, `#Units:kg`, a `#date;weight;…` header,
/// `;`-separated rows; the comment column becomes the note.
enum LibraFormat: ImportFileFormat {
    static let format = ImportFormat(name: "libra", displayName: "Libra")

    static func recognizes(_ head: ImportHead) -> Bool {
        head.lines.first?.lowercased().hasPrefix("#version:") == true
    }

    static func read(_ source: ImportSource, cells given: ImportCells) throws(ImportError) -> ParsedImport {
        let text = try source.text()
        var cells = given
        cells.textIsBroken = text.encoding == .brokenUTF8
        var layout = CSVLayout(dateColumn: 0, weightColumn: 1, noteColumn: 5)
        var unknownUnit: String?
        var data: [CSVReader.Row] = []
        for record in CSVReader(bytes: text.bytes, separator: ";") {
            guard let first = record.fields.first, first.hasPrefix("#") else {
                data.append(record)
                continue
            }
            let directive = first.dropFirst().lowercased()
            if directive.hasPrefix("units:") {
                let name = directive.dropFirst(6).trimmed
                layout.headerUnit = WeightUnit(parsing: name)
                // A unit trend does not know is not "no unit": the rows cannot be read.
                unknownUnit = layout.headerUnit == nil && !name.isEmpty ? name : nil
            } else if directive.hasPrefix("date") {
                let names = [String(directive)] + record.fields.dropFirst().map(CSVLayout.normalized)
                layout.noteColumn = names.firstIndex { $0 == "comment" || $0 == "comments" || $0 == "note" }
                layout.weightColumn = names.firstIndex { $0 == "weight" } ?? 1
                layout.fatColumn = names.firstIndex { $0 == "body fat" || $0 == "fat" }
            }
        }
        if let unknownUnit {
            let rows = data.filter { !$0.fields.allSatisfy { $0.trimmed.isEmpty } }.map { ImportRow.invalid(line: $0.line, reason: "unknown unit '\(unknownUnit)' (#Units)") }
            return ParsedImport(format: format, rows: rows)
        }
        return layout.parsed(data, format: format, cells: cells, readAsWindows1252: text.encoding == .windows1252)
    }
}
