/// The content reader (SPEC §18): any bytes are read or refused, never a
/// trap; and a plain `date,weight` table the generic layout reads gives the
/// same rows through the content reader.
func fuzzContentTable(_ bytes: [UInt8]) {
    let settings = ImportSettings(
        clock: .fixed(epochSeconds: 1_800_000_000, timeZone: FixedOffsetTimeZone(offsetSeconds: 3600)), configuredUnit: .kilograms)
    func described(_ parsed: ParsedImport) -> [String] {
        // Ids are random: compare what the rows say.
        parsed.rows.map { row in
            switch row {
            case .entry(let entry, let line): "\(line) \(entry.timestamp.iso8601) \(entry.kilograms) \(entry.note ?? "")"
            case .noReading(let line): "\(line) no reading"
            case .invalid(let line, _): "\(line) invalid"
            }
        }
    }
    // Any bytes, as a table and as another app's JSON.
    let content = try? FileImporter.parse(bytes, format: ContentTableFormat.format, settings: settings, path: "fuzz")
    _ = try? FileImporter.parse(bytes, format: ForeignJSONFormat.format, settings: settings, path: "fuzz")
    _ = TableShape.find(in: bytes)
    // A table the named layout reads: the content reader agrees row for row.
    if bytes.starts(with: Array("date,weight\n".utf8)), let generic = try? FileImporter.parse(bytes, format: GenericCSVFormat.format, settings: settings, path: "fuzz"),
        let content, generic.invalidRows.isEmpty, generic.rows.count >= 3, content.invalidRows.isEmpty
    {
        precondition(described(generic) == described(content), "the content reader reads a plain table otherwise")
    }
    // The same table whose one number column names another quantity imports
    // no weigh-in (SPEC §18, never a silent misread): it refuses or stores
    // none. Only rows with no letters: a later line may name its own header.
    let weightHeader = Array("date,weight\n".utf8)
    if bytes.starts(with: weightHeader), !bytes.dropFirst(weightHeader.count).contains(where: { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A || $0 >= 0x80 }) {
        // And a weight whose header carries a qualifier that is not the body's (SPEC §18, read by evidence).
        for other in [
            "date,pulse\n", "date,kcal\n", "date,waist\n", "date,row\n", "date,Herzfrequenz\n", "date,Weight (goal)\n", "date,Gewicht Soll\n",
            "date,Poids cible\n", "date,weight lifted\n", "date,7-day average weight\n",
        ] {
            let renamed = Array(other.utf8) + bytes.dropFirst(weightHeader.count)
            if let parsed = try? FileImporter.parse(renamed, format: ContentTableFormat.format, settings: settings, path: "fuzz") {
                precondition(parsed.entries.isEmpty, "a column named \(other) was read as weight")
            }
        }
        // Every row again at 60 % and 150 % of its weight, on its own date: the
        // spread of a workout's sets, which no one body has (SPEC §18).
        let lines = bytes.dropFirst(weightHeader.count).split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
        let rows = lines.compactMap { line -> (String, Double)? in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count == 2, let weight = Double(fields[1]), weight.isFinite else { return nil }
            return (String(fields[0]), weight)
        }
        if rows.count == lines.count, rows.count >= 2 {
            let spread = "date,weight\n" + rows.map { "\($0.0),\($0.1)\n\($0.0),\($0.1 * 0.6)\n\($0.0),\($0.1 * 1.5)\n" }.joined()
            if let parsed = try? FileImporter.parse(Array(spread.utf8), format: nil, settings: settings, path: "fuzz"), parsed.invalidRows.isEmpty {
                precondition(parsed.entries.isEmpty, "rows spread as a workout's sets were read as weigh-ins")
            }
        }
        // And with the weight column removed: every line cut at its first comma.
        let removed = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .map { line in line.prefix { $0 != UInt8(ascii: ",") } }
            .joined(separator: [UInt8(ascii: "\n")])
        if let parsed = try? FileImporter.parse(Array(removed), format: ContentTableFormat.format, settings: settings, path: "fuzz") {
            precondition(parsed.entries.isEmpty, "a table with no weight column gave weigh-ins")
        }
    }
}
