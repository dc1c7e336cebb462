/// TrendWeight's CSV download: `Date,Actual Weight,Weight Is Interpolated,…`
/// (interpolated rows are not weigh-ins) or `Date,Time,Weight,Body Fat %`.
/// Weights are in the user's unit, which the file does not name.
enum TrendWeightFormat: ImportFileFormat {
    static let format = ImportFormat(name: "trendweight", displayName: "TrendWeight")

    static func recognizes(_ head: ImportHead) -> Bool {
        layout(header: head.header) != nil
    }

    static func layout(header: [String]) -> CSVLayout? {
        let names = header.map(CSVLayout.normalized)
        if names.count >= 3, names[0] == "date", names[1] == "actual weight" {
            return CSVLayout(dateColumn: 0, weightColumn: 1, skipColumn: names.firstIndex(of: "weight is interpolated"))
        }
        if names.count >= 4, names[0] == "date", names[1] == "time", names[2] == "weight", names[3] == "body fat %" {
            return CSVLayout(dateColumn: 0, weightColumn: 2, timeColumn: 1)
        }
        return nil
    }

    static func read(_ source: ImportSource, cells: ImportCells) throws(ImportError) -> ParsedImport {
        try CSVFormats.read(source, format: format, cells: cells, layout: layout(header:))
    }
}
