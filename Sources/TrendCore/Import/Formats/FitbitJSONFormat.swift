#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Fitbit's (and Google Takeout's) `weight-YYYY-MM-DD.json`: an array of
/// `{logId, weight, bmi, fat?, date "MM/DD/YY", time "HH:MM:SS", source}`.
/// The weight is in the account's unit, which the file does not name: the
/// fallback unit is used and the summary says so. The path may be the
/// folder holding them (Google Takeout): every `weight-*.json` in it, in
/// name order (so by date), is one import.
enum FitbitJSONFormat: ImportFileFormat {
    static let readsBodyColumns = false
    static let format = ImportFormat(name: "fitbit-json", displayName: "Fitbit JSON")

    static func recognizes(_ head: ImportHead) -> Bool {
        if let names = head.folderEntries { return names.contains(where: isLogFile) }
        let text = head.text
        return text.hasPrefix("[") && text.contains("\"logId\"") && text.contains("\"weight\"")
    }

    static func isLogFile(_ name: String) -> Bool { name.hasPrefix("weight-") && name.hasSuffix(".json") }

    static func read(_ source: ImportSource, cells: ImportCells) throws(ImportError) -> ParsedImport {
        guard let names = source.head.folderEntries else { return try parse(try source.allBytes(), cells: cells, path: source.path) }
        let files = names.filter(isLogFile)
        guard !files.isEmpty else { throw .unreadable(path: source.path, reason: "it is a directory without Fitbit weight-*.json files") }
        var rows: [ImportRow] = []
        var evidence = UnitEvidence(readIn: cells.settings.fallbackUnit)
        for name in files {
            let parsed = try parse(try source.folderFile(name), cells: cells, path: source.path + "/" + name, first: rows.count + 1)
            if let found = parsed.unitEvidence { evidence.absorb(found, offset: rows.count) }
            rows += parsed.rows
        }
        return ParsedImport(format: format, rows: rows, unitEvidence: evidence, locatesByEntry: true)
    }

    private struct Log: Decodable {
        let weight: Double?
        let bmi: Double?
        let fat: Double?
        let date: String?
        let time: String?
    }

    /// `first` numbers the entries of this file after those of earlier files in a folder.
    static func parse(_ bytes: [UInt8], cells given: ImportCells, path: String, first: Int = 1) throws(ImportError) -> ParsedImport {
        var cells = given
        cells.formatDateOrder = .monthFirst
        let logs: [Log]
        do {
            logs = try JSONDecoder().decode([Log].self, from: Data(bytes))
        } catch {
            throw .wrongFormat(path: path, format: format, reason: "not a JSON array of weight logs")
        }
        var rows: [ImportRow] = []
        // The account's unit is not in the file: every weight is read in the fallback, and the BMI says which it was.
        var evidence = UnitEvidence(readIn: cells.settings.fallbackUnit)
        for (index, log) in logs.enumerated() {
            let number = first + index
            guard let weight = log.weight, weight > 0 else {
                rows.append(.noReading(line: number))
                continue
            }
            guard let date = log.date else {
                rows.append(.invalid(line: number, reason: "no date"))
                continue
            }
            let kilograms = cells.settings.fallbackUnit.kilograms(from: weight)
            switch cells.timestamp(date + (log.time.map { " " + $0 } ?? "")) {
            case .failure(let failure): rows.append(.invalid(line: number, reason: failure.reason))
            case .success(let timestamp):
                guard WeightInput.isValid(kilograms: kilograms) else {
                    rows.append(.invalid(line: number, reason: "\(weight) is not a weight"))
                    continue
                }
                let fat = log.fat.flatMap { WeightInput.isValid(fatPercent: $0) ? $0 : nil }
                evidence.rowIndices.append(rows.count)
                if let bmi = log.bmi, UnitEvidence.plausibleBMI(bmi) { evidence.bmi.append(UnitEvidence.Pair(kilograms: kilograms, bmi: bmi)) }
                rows.append(.entry(WeightEntry(timestamp: timestamp, kilograms: kilograms, fatPercent: fat), line: number))
            }
        }
        return ParsedImport(format: format, rows: rows, unitEvidence: evidence, locatesByEntry: true)
    }
}
