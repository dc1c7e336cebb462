/// Apple Health scanner: the rows do not depend on how the file is cut into
/// chunks, and every row names a line of the file.
func fuzzAppleHealthScanner(_ bytes: [UInt8]) {
    let settings = ImportSettings(
        clock: .fixed(epochSeconds: 1_800_000_000, timeZone: FixedOffsetTimeZone(offsetSeconds: 3600)), configuredUnit: .kilograms)
    func rows(chunk: Int) -> [String] {
        var scanner = AppleHealthScanner(cells: ImportCells(settings: settings))
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + chunk)
            scanner.consume(bytes[start..<end])
            start = end
        }
        scanner.finish()
        // Ids are random: compare what the rows say.
        return scanner.rows.map { row in
            switch row {
            case .entry(let entry, let line): "\(line) \(entry.timestamp.iso8601) \(entry.kilograms)"
            case .noReading(let line): "\(line) no reading"
            case .invalid(let line, let reason): "\(line) \(reason)"
            }
        }
    }
    let whole = rows(chunk: max(bytes.count, 1))
    let chunk = 1 + Int(bytes.first ?? 0) % 61
    precondition(rows(chunk: chunk) == whole, "rows depend on the chunk size \(chunk)")
    let lines = bytes.reduce(1) { $0 + ($1 == 10 ? 1 : 0) }
    for row in whole {
        let line = Int(row.prefix { $0 != " " })!
        precondition(line >= 1 && line <= lines, "row line \(line) outside the file's \(lines) lines")
    }
}
