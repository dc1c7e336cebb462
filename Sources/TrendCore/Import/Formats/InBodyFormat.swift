/// InBody's results export: `Date,Measurement device.,Weight(lb),Skeletal
/// Muscle Mass(lb),…,Percent Body Fat(%),…`, dates as `20260228105137`
/// (`yyyyMMddHHmmss`, local time); the unit in the weight column's header.
enum InBodyFormat: ImportFileFormat {
    static let format = ImportFormat(name: "inbody", displayName: "InBody")

    /// Columns only an InBody result has.
    static let ownNames: Set<String> = ["skeletal muscle mass", "soft lean mass", "inbody score", "measurement device.", "measurement device"]

    static func recognizes(_ head: ImportHead) -> Bool {
        layout(header: head.header) != nil
    }

    static func layout(header: [String]) -> CSVLayout? {
        let bases = header.map(CSVLayout.baseName)
        guard let date = bases.firstIndex(of: "date"), let weight = bases.firstIndex(of: "weight"), bases.contains(where: ownNames.contains)
        else { return nil }
        var layout = CSVLayout(dateColumn: date, weightColumn: weight, headerUnit: CSVLayout.unit(inHeader: header[weight]))
        layout.fatColumn = CSVLayout.column(in: header, named: ["percent body fat", "pbf"])
        if layout.fatColumn == nil { layout.fatMassColumn = CSVLayout.column(in: header, named: ["body fat mass"]) }
        return layout
    }

    static func read(_ source: ImportSource, cells: ImportCells) throws(ImportError) -> ParsedImport {
        try CSVFormats.read(source, format: format, cells: cells, layout: layout(header:))
    }
}
