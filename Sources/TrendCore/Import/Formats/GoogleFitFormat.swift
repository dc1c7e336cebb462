/// Google Takeout, Fit `Daily activity metrics.csv` (older `Daily
/// Summaries.csv`): `Date` and `Average weight (kg)` somewhere in a header
/// whose order changes by year; one weigh-in per day with a value.
enum GoogleFitFormat: ImportFileFormat {
    /// Its `Calories (kcal)` is what Fit estimates was burned, never food eaten.
    static let readsBodyColumns = false
    static let format = ImportFormat(name: "google-fit", displayName: "Google Fit")

    /// Columns of the daily metrics that every year's layout has.
    static let activityNames: Set<String> = ["move minutes count", "step count", "calories (kcal)", "distance (m)", "heart points"]

    static func recognizes(_ head: ImportHead) -> Bool {
        layout(header: head.header) != nil || hasLayoutWithoutWeight(head.header)
    }

    static func layout(header: [String]) -> CSVLayout? {
        let names = header.map(CSVLayout.normalized)
        guard let date = names.firstIndex(of: "date"), let weight = names.firstIndex(of: "average weight (kg)") else { return nil }
        return CSVLayout(dateColumn: date, weightColumn: weight, headerUnit: .kilograms)
    }

    /// The daily metrics of someone who never weighed in: Google leaves the weight columns out.
    static func hasLayoutWithoutWeight(_ header: [String]) -> Bool {
        let names = header.map(CSVLayout.normalized)
        return names.first == "date" && names.contains(where: activityNames.contains) && !names.contains("average weight (kg)")
    }

    static func read(_ source: ImportSource, cells: ImportCells) throws(ImportError) -> ParsedImport {
        let text = try source.text()
        if let table = CSVLayout.table(text.bytes), hasLayoutWithoutWeight(table.header.fields) {
            // Its layout, and not a weigh-in: every day is "no reading", and the import says it found none.
            let days = table.rows.filter { !$0.fields.allSatisfy { $0.trimmed.isEmpty } }
            return ParsedImport(format: format, rows: days.map { .noReading(line: $0.line) })
        }
        return try CSVFormats.read(text, path: source.path, format: format, cells: cells, layout: layout(header:))
    }
}
