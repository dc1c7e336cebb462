/// Reads an import in the named format, or the first of `ImportFormats.all`
/// that recognises it.
package enum FileImporter {
    package static func read(
        _ input: ImportInput, format: ImportFormat?, settings: ImportSettings, progress: WorkProgress.Reporter? = nil
    ) throws(ImportError) -> ParsedImport {
        let source = try ImportSource(input, progress: progress)
        if source.isFolder, let format, format != FitbitJSONFormat.format {
            throw .unreadable(path: source.path, reason: "it is a directory")
        }
        let reader = try reader(for: source.head, named: format, path: source.path, settings: settings)
        // Stopped at its head, before the rest is read: a device or a pipe of random bytes never ends.
        if !source.isFolder, let problem = source.head.notText {
            throw .wrongFormat(path: source.path, format: reader.format, reason: problem)
        }
        return try read(source, reader: reader, forced: format, settings: settings)
    }

    /// Parses bytes already in memory (tests, fuzzing).
    package static func parse(_ bytes: [UInt8], format: ImportFormat?, settings: ImportSettings, path: String) throws(ImportError) -> ParsedImport {
        let source = try ImportSource(bytes: bytes, path: path)
        let reader = try reader(for: source.head, named: format, path: path, settings: settings)
        return try read(source, reader: reader, forced: format, settings: settings)
    }

    /// Reads `source` with `reader`, deciding what the table is before
    /// any column of it is read, and refusing weights that do not move
    /// as one body's (SPEC §18, read by evidence).
    private static func read(
        _ source: ImportSource, reader: any ImportFileFormat.Type, forced format: ImportFormat?, settings: ImportSettings
    ) throws(ImportError) -> ParsedImport {
        if reader.readsBodyColumns, !settings.choosesColumns, case .other(let what, let columns) = TableKind.of(source.head) {
            throw .notABodysLog(path: source.path, what: what, columns: columns)
        }
        let cells = ImportCells(settings: settings)
        var parsed = try checkForcedFormat(reader.read(source, cells: cells), forced: format, path: source.path)
        // Intake and measurement columns beside the weights, in the same table (SPEC §15, §16).
        if reader.readsBodyColumns, parsed.body.isEmpty, parsed.body.invalid.isEmpty, BodyTable.hasColumns(source.head), let body = BodyTable.read(try source.text(), cells: cells) {
            parsed.body.absorb(body)
        }
        // trend's own exports are the store as it was logged; every other file's weights must move as one body's.
        if reader.format != TrendJSONFormat.format, !parsed.isTrendsOwnExport, let finding = OneBody.check(parsed.rows) {
            let example = finding.example
            throw .notOneBody(
                path: source.path, column: parsed.weightColumnName, days: finding.days, wideDays: finding.wideDays,
                example: "\(DecimalText.shortest((example.low * 10).rounded() / 10))–\(DecimalText.shortest((example.high * 10).rounded() / 10)) kg on "
                    + ChartModel.longDate(example.day))
        }
        return parsed
    }

    private static func reader(
        for head: ImportHead, named format: ImportFormat?, path: String, settings: ImportSettings
    ) throws(ImportError) -> any ImportFileFormat.Type {
        if let format, let named = ImportFormats.reader(for: format) { return named }
        // Columns chosen by number: the table is read by content.
        if settings.choosesColumns { return ContentTableFormat.self }
        guard let found = ImportFormats.all.first(where: { $0.recognizes(head) }) else { throw .unrecognized(path: path) }
        return found
    }

    /// A format the user named, and not one row reads: the file is not in
    /// that format. One line says so, not a line per row.
    static func checkForcedFormat(_ parsed: ParsedImport, forced: ImportFormat?, path: String) throws(ImportError) -> ParsedImport {
        let invalid = parsed.invalidRows.count
        if let forced, invalid > 1, invalid == parsed.rows.count + parsed.body.invalid.count, parsed.body.isEmpty {
            throw .wrongFormat(path: path, format: forced, reason: "none of its \(invalid) rows can be read as \(forced.displayName)")
        }
        return parsed
    }
}
