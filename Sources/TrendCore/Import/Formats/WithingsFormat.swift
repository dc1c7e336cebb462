/// Withings, in any language: `Date,"Weight (kg)","Fat mass (kg)",…`. The
/// weight column is found by its name (English or a translation), never by
/// its place: a `Fat mass (kg)` or `Trend (kg)` column before it is not the
/// weight.
enum WithingsFormat: ImportFileFormat {
    static let format = ImportFormat(name: "withings", displayName: "Withings")

    static let dateNames: Set<String> = ["date", "datum", "fecha", "data", "date et heure"]
    static let weightNames: Set<String> = ["weight", "gewicht", "poids", "peso", "vikt", "vægt", "vekt", "paino", "waga", "体重"]
    static let fatMassNames: Set<String> = ["fat mass", "fettmasse", "masse grasse", "masa grasa", "massa grassa", "vetmassa", "fettmassa"]

    static func recognizes(_ head: ImportHead) -> Bool {
        layout(header: head.header) != nil
    }

    /// The first column a date, a weight column with its unit in brackets
    /// and at least one more measurement with a unit in brackets.
    static func layout(header: [String]) -> CSVLayout? {
        guard header.count >= 3, dateNames.contains(CSVLayout.baseName(header[0])),
            let weight = CSVLayout.column(in: header, named: weightNames), let unit = CSVLayout.unit(inHeader: header[weight]),
            header.indices.contains(where: { $0 != weight && $0 > 0 && CSVLayout.unit(inHeader: header[$0]) != nil }),
            // One weight column: a second (`Weight (lb)`) makes a question generic CSV settles row by row.
            header.indices.filter({ HeaderWords.whole(header[$0]) == .weight }).count == 1
        else { return nil }
        let note = CSVLayout.column(in: header, named: CSVLayout.noteNames.union(["kommentare", "commentaires", "comentarios", "commenti"]))
        var layout = CSVLayout(dateColumn: 0, weightColumn: weight, noteColumn: note, headerUnit: unit)
        // `Fat mass (kg)`: a mass, made a percent of the row's weight.
        layout.fatMassColumn = CSVLayout.column(in: header, named: fatMassNames)
        return layout
    }

    static func read(_ source: ImportSource, cells: ImportCells) throws(ImportError) -> ParsedImport {
        try CSVFormats.read(source, format: format, cells: cells, layout: layout(header:))
    }
}
