/// Google Takeout, Fit `Daily activity metrics.csv` (older `Daily
/// Summaries.csv`): `Date` and `Average weight (kg)` somewhere in a header
/// whose order changes by year; one weigh-in per day with a value.
enum GoogleFitFormat: ImportFileFormat {
    static let format = ImportFormat(name: "google-fit", displayName: "Google Fit")

    static func recognizes(_ head: ImportHead) -> Bool {
        layout(header: head.header) != nil
    }

    static func layout(header: [String]) -> CSVLayout? {
        let names = header.map(CSVLayout.normalized)
        guard let date = names.firstIndex(of: "date"), let weight = names.firstIndex(of: "average weight (kg)") else { return nil }
        return CSVLayout(dateColumn: date, weightColumn: weight, headerUnit: .kilograms)
    }

    static func read(_ source: ImportSource, cells: ImportCells) throws(ImportError) -> ParsedImport {
        try CSVFormats.read(source, format: format, cells: cells, layout: layout(header:))
    }
}
