/// Mi Fit / Zepp Life `BODY` CSV: `timestamp,weight,height,bmi,fatRate,…`,
/// Unix seconds or dates with `+0000` (UTC), kilograms.
enum ZeppFormat: ImportFileFormat {
    static let format = ImportFormat(name: "zepp", displayName: "Zepp Life")

    static func recognizes(_ head: ImportHead) -> Bool {
        layout(header: head.header) != nil
    }

    static func layout(header: [String]) -> CSVLayout? {
        let names = header.map(CSVLayout.normalized)
        // More than `timestamp,weight`: that alone is any CSV, read by name (and by --unit).
        guard names.count >= 3, names[0] == "timestamp", names[1] == "weight",
            names.contains(where: { ["height", "bmi", "fatrate", "bodywaterrate", "boneMass".lowercased()].contains($0) })
        else { return nil }
        return CSVLayout(dateColumn: 0, weightColumn: 1, formatUnit: .kilograms)
    }

    static func read(_ source: ImportSource, cells given: ImportCells) throws(ImportError) -> ParsedImport {
        var cells = given
        // Zepp stores UTC: its `+0000` is not the user's offset.
        cells.zeroOffsetIsUTC = true
        return try CSVFormats.read(source, format: format, cells: cells, layout: layout(header:))
    }
}
