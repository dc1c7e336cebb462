/// QS Access (Health to CSV): `Start,Finish,Weight (lb)` or `(kg)`; `Start`
/// is the date, day first (`dd/mm/yy HH:MM` or `26-Sep-2015 00:00`).
enum QSAccessFormat: ImportFileFormat {
    static let format = ImportFormat(name: "qs-access", displayName: "QS Access")

    static func recognizes(_ head: ImportHead) -> Bool {
        layout(header: head.header) != nil
    }

    static func layout(header: [String]) -> CSVLayout? {
        let bases = header.map(CSVLayout.baseName)
        guard bases.count >= 3, bases[0] == "start", bases[1] == "finish", let weight = bases.firstIndex(of: "weight") else { return nil }
        return CSVLayout(dateColumn: 0, weightColumn: weight, headerUnit: CSVLayout.unit(inHeader: header[weight]))
    }

    static func read(_ source: ImportSource, cells given: ImportCells) throws(ImportError) -> ParsedImport {
        var cells = given
        cells.formatDateOrder = .dayFirst
        return try CSVFormats.read(source, format: format, cells: cells, layout: layout(header:))
    }
}
