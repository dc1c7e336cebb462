/// Renpho: `Time of Measurement,Weight(lb),BMI,…` (`July 4, 2022 9:34:26
/// AM`) or `Date, Time, Weight(kg),BMI,…` (`dd/mm/yyyy` and a time).
enum RenphoFormat: ImportFileFormat {
    static let format = ImportFormat(name: "renpho", displayName: "Renpho")

    static func recognizes(_ head: ImportHead) -> Bool {
        layout(header: head.header) != nil
    }

    static func layout(header: [String]) -> CSVLayout? {
        let names = header.map(CSVLayout.normalized)
        let bases = header.map(CSVLayout.baseName)
        guard let weight = bases.firstIndex(of: "weight"), names.contains("bmi") else { return nil }
        if let time = names.firstIndex(of: "time of measurement") {
            return CSVLayout(dateColumn: time, weightColumn: weight, headerUnit: CSVLayout.unit(inHeader: header[weight]))
        }
        guard let date = names.firstIndex(of: "date"), let time = names.firstIndex(of: "time"), names[weight].hasPrefix("weight(")
        else { return nil }
        // This layout writes dd/mm/yyyy; under `Time of Measurement` a
        // numeric date's order is the file's evidence to give.
        var layout = CSVLayout(dateColumn: date, weightColumn: weight, headerUnit: CSVLayout.unit(inHeader: header[weight]), timeColumn: time)
        layout.formatDateOrder = .dayFirst
        return layout
    }

    static func read(_ source: ImportSource, cells: ImportCells) throws(ImportError) -> ParsedImport {
        try CSVFormats.read(source, format: format, cells: cells, layout: layout(header:))
    }
}
