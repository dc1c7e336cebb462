/// The Hacker's Diet Online CSV backup: `Epoch,…` and `User,…` lines, then
/// for each month a `StartTrend,<trend>,<unit>,…` line and `Date,Weight,
/// Rung,Flag,Comment` rows. The unit is per month (kg, lb, stone), comments
/// become notes, and the text is Windows-1252 unless it is valid UTF-8.
enum HackersDietFormat: ImportFileFormat {
    static let format = ImportFormat(name: "hackers-diet", displayName: "The Hacker's Diet")

    static func recognizes(_ head: ImportHead) -> Bool {
        guard let line = head.lines.first?.lowercased() else { return false }
        return line.hasPrefix("epoch,") || line.hasPrefix("user,")
    }

    static func read(_ source: ImportSource, cells: ImportCells) throws(ImportError) -> ParsedImport {
        let bytes = try source.allBytes()
        let text = String(validating: bytes, as: UTF8.self) ?? Windows1252.decode(bytes)
        var unit: WeightUnit?
        var rows: [ImportRow] = []
        var assumedUnit = false
        for record in CSVReader(text: text) {
            guard let first = record.fields.first?.trimmed, !first.isEmpty else { continue }
            switch first.lowercased() {
            case "starttrend":
                if record.fields.count > 2, let named = WeightUnit(parsing: record.fields[2].trimmed) { unit = named }
            case "epoch", "user", "date":
                continue
            default:
                guard first.first?.isNumber == true else { continue }
                let layout = CSVLayout(dateColumn: 0, weightColumn: 1, noteColumn: 4, headerUnit: unit)
                let (read, assumed) = layout.rows([record], cells: cells)
                rows += read
                assumedUnit = assumedUnit || assumed
            }
        }
        return ParsedImport(format: format, rows: rows, assumedUnit: assumedUnit ? cells.settings.fallbackUnit : nil)
    }
}

/// Windows-1252, as older Windows programs write text: Latin-1 with
/// typographic characters in 0x80–0x9F.
enum Windows1252 {
    private static let high: [UInt32] = [
        0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0xFFFD, 0x017D, 0xFFFD,
        0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0xFFFD, 0x017E, 0x0178,
    ]

    static func decode(_ bytes: [UInt8]) -> String {
        var scalars = String.UnicodeScalarView()
        for byte in bytes {
            let value = (0x80...0x9F).contains(byte) ? high[Int(byte) - 0x80] : UInt32(byte)
            scalars.append(Unicode.Scalar(value)!)
        }
        return String(scalars)
    }
}
