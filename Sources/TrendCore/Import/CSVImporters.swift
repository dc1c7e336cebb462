#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The CSV-shaped formats: generic CSV, Fitbit, Withings and Libra differ in
/// how their header names the columns, not in how a row is read.
struct CSVLayout {
    var dateColumn: Int
    var weightColumn: Int
    var unitColumn: Int?
    var noteColumn: Int?
    /// From a header like `Weight (lb)` or Libra's `#Units:`.
    var headerUnit: WeightUnit?
    /// A separate `Time` column, joined to the date.
    var timeColumn: Int?
    /// A UTC offset column (`UTC+0300`), joined to the date (Samsung Health).
    var offsetColumn: Int?
    /// A row whose cell here is true is not a weigh-in (TrendWeight's interpolated days).
    var skipColumn: Int?

    /// The rows, and whether any weight was read in the fallback unit
    /// because neither its cell, its row nor the header named one.
    func rows(_ records: some Sequence<CSVReader.Record>, cells: ImportCells) -> (rows: [ImportRow], assumedUnit: Bool) {
        var rows: [ImportRow] = []
        var assumedUnit = false
        for record in records {
            let fields = record.fields
            if record.isUnterminated {
                rows.append(.invalid(line: record.line, reason: "a quoted field opened on this line is never closed: the rest of the file cannot be read"))
                continue
            }
            if fields.allSatisfy({ $0.trimmed.isEmpty }) { continue }
            if let skipColumn, skipColumn < fields.count, ["true", "yes", "1"].contains(fields[skipColumn].trimmed.lowercased()) {
                rows.append(.noReading(line: record.line))
                continue
            }
            guard fields.count > max(dateColumn, weightColumn) else {
                rows.append(.invalid(line: record.line, reason: "expected at least \(max(dateColumn, weightColumn) + 1) columns, found \(fields.count)"))
                continue
            }
            var unit = headerUnit
            if let unitColumn, unitColumn < fields.count {
                let text = fields[unitColumn].trimmed
                if !text.isEmpty {
                    guard let rowUnit = WeightUnit(parsing: text) else {
                        rows.append(.invalid(line: record.line, reason: "unknown unit '\(text)'"))
                        continue
                    }
                    unit = rowUnit
                }
            }
            let kilograms: Double
            switch cells.weight(fields[weightColumn], unit: unit) {
            case .noReading:
                rows.append(.noReading(line: record.line))
                continue
            case .invalid(let reason):
                rows.append(.invalid(line: record.line, reason: reason))
                continue
            case .kilograms(let value):
                kilograms = value
                if unit == nil && !fields[weightColumn].contains(where: \.isLetter) { assumedUnit = true }
            }
            var dateText = fields[dateColumn]
            if let timeColumn, timeColumn < fields.count, !fields[timeColumn].trimmed.isEmpty {
                dateText = dateText.trimmed + " " + fields[timeColumn].trimmed
            }
            if let offsetColumn, offsetColumn < fields.count {
                let offset = fields[offsetColumn].trimmed.uppercased()
                dateText = dateText.trimmed + " " + (offset.hasPrefix("UTC") ? String(offset.dropFirst(3)) : offset)
            }
            switch cells.timestamp(dateText) {
            case .failure(let failure):
                rows.append(.invalid(line: record.line, reason: failure.reason))
            case .success(let timestamp):
                let note = noteColumn.flatMap { $0 < fields.count ? fields[$0] : nil }
                rows.append(.entry(WeightEntry(timestamp: timestamp, kilograms: kilograms, note: note), line: record.line))
            }
        }
        return (rows, assumedUnit)
    }

    static func normalized(_ header: String) -> String {
        header.trimmed.lowercased()
    }

    /// `Weight (lb)`, `Gewicht (kg)`, `weight [kg]`: the unit in brackets.
    static func unit(inHeader header: String) -> WeightUnit? {
        let text = normalized(header)
        guard let open = text.lastIndex(where: { $0 == "(" || $0 == "[" }),
            let close = text.lastIndex(where: { $0 == ")" || $0 == "]" }), open < close
        else { return nil }
        return WeightUnit(parsing: String(text[text.index(after: open)..<close]).trimmed)
    }

    static func baseName(_ header: String) -> String {
        let text = normalized(header)
        let base = text.prefix { $0 != "(" && $0 != "[" }
        return base.trimmed
    }

    static let dateNames: Set<String> = ["date", "date/time", "datetime", "date time", "time", "timestamp", "day", "when", "start date", "startdate"]
    static let weightNames: Set<String> = ["weight", "body weight", "bodyweight", "body mass", "bodymass", "mass", "kg", "kgs", "lb", "lbs"]
    static let noteNames: Set<String> = ["note", "notes", "comment", "comments"]

    /// The generic layout: a date column and a weight column found by name.
    static func generic(header: [String]) -> CSVLayout? {
        let bases = header.map(baseName)
        guard let date = bases.firstIndex(where: { dateNames.contains($0) }),
            let weight = bases.firstIndex(where: { weightNames.contains($0) })
        else { return nil }
        let headerUnit = unit(inHeader: header[weight]) ?? WeightUnit(parsing: bases[weight])
        // `Date, Time, Weight`: the time is its own column.
        let time = bases[date] == "time" ? nil : bases.firstIndex { $0 == "time" }
        return CSVLayout(
            dateColumn: date, weightColumn: weight, unitColumn: bases.firstIndex { $0 == "unit" || $0 == "units" },
            noteColumn: bases.firstIndex { noteNames.contains($0) }, headerUnit: headerUnit, timeColumn: time)
    }

    /// Withings, in any language: `Date,"Weight (kg)","Fat mass (kg)",…`:
    /// the first column the date, the second the weight, both of the next
    /// columns with a unit in brackets.
    static func withings(header: [String]) -> CSVLayout? {
        guard header.count >= 3, let weightUnit = unit(inHeader: header[1]), unit(inHeader: header[2]) != nil else { return nil }
        let bases = header.map(baseName)
        return CSVLayout(
            dateColumn: 0, weightColumn: 1, unitColumn: nil, noteColumn: bases.firstIndex { noteNames.contains($0) },
            headerUnit: weightUnit)
    }

    /// Fitbit: `Date,Weight,BMI,Fat` (quoted or not).
    static func isFitbit(header: [String]) -> Bool {
        header.count >= 3 && header.prefix(3).map(baseName) == ["date", "weight", "bmi"]
    }
}

enum CSVImporter {
    static func parse(_ bytes: [UInt8], format: ImportFormat, cells given: ImportCells, path: String) throws(ImportError) -> ParsedImport {
        var cells = given
        switch format {
        case .libra: return try libra(bytes, cells: cells, path: path)
        case .garmin: return try GarminImporter.parse(bytes, cells: cells, path: path)
        case .hackersDiet: return try HackersDietImporter.parse(bytes, cells: cells, path: path)
        // QS Access and Renpho write numeric dates day first.
        case .qsAccess, .renpho: cells.formatDateOrder = .dayFirst
        default: break
        }
        var records = Array(CSVReader(bytes: bytes))
        // Samsung Health starts with a metadata line before the header.
        if format == .samsungHealth, records.first?.fields.first?.hasPrefix("com.samsung.health.weight") == true {
            records.removeFirst()
        }
        // Fitbit exports may start with a line that says "Body"; in a legacy
        // export that section ends at its first blank line, and the
        // Activities, Foods and Sleep sections after it are never weights.
        if format == .fitbit, let first = records.first, first.fields.count == 1,
            CSVLayout.normalized(first.fields[0]) == "body"
        {
            records.removeFirst()
            if let blank = records.firstIndex(where: { $0.fields.allSatisfy { $0.trimmed.isEmpty } }) {
                records.removeSubrange(blank...)
            }
        }
        guard let header = records.first else { throw .wrongFormat(path: path, format: format, reason: "the file is empty") }
        let layout: CSVLayout?
        switch format {
        case .withings: layout = CSVLayout.withings(header: header.fields)
        case .googleFit: layout = CSVLayout.googleFit(header: header.fields)
        case .qsAccess: layout = CSVLayout.qsAccess(header: header.fields)
        case .renpho: layout = CSVLayout.renpho(header: header.fields)
        case .samsungHealth: layout = CSVLayout.samsungHealth(header: header.fields)
        case .zepp: layout = CSVLayout.zepp(header: header.fields)
        case .trendweight: layout = CSVLayout.trendweight(header: header.fields)
        case .fitbit: layout = CSVLayout.isFitbit(header: header.fields) ? CSVLayout(dateColumn: 0, weightColumn: 1) : nil
        default: layout = CSVLayout.generic(header: header.fields)
        }
        guard var layout else {
            throw .wrongFormat(path: path, format: format, reason: "line \(header.line): no date and weight columns in the header")
        }
        // A unit in the weight column's header is always honoured, whatever the format.
        if layout.headerUnit == nil { layout.headerUnit = CSVLayout.unit(inHeader: header.fields[layout.weightColumn]) }
        let (rows, assumedUnit) = layout.rows(records.dropFirst(), cells: cells)
        return ParsedImport(format: format, rows: rows, assumedUnit: assumedUnit ? cells.settings.fallbackUnit : nil)
    }

    /// Libra: `#Version:5`/`6`, `#Units:kg`, a `#date;weight;…` header, `;`-separated rows.
    static func libra(_ bytes: [UInt8], cells: ImportCells, path: String) throws(ImportError) -> ParsedImport {
        var layout = CSVLayout(dateColumn: 0, weightColumn: 1, noteColumn: 5)
        var data: [CSVReader.Record] = []
        for record in CSVReader(bytes: bytes, separator: ";") {
            guard let first = record.fields.first, first.hasPrefix("#") else {
                data.append(record)
                continue
            }
            let directive = first.dropFirst().lowercased()
            if directive.hasPrefix("units:") {
                layout.headerUnit = WeightUnit(parsing: directive.dropFirst(6).trimmed)
            } else if directive.hasPrefix("date") {
                let names = [String(directive)] + record.fields.dropFirst().map(CSVLayout.normalized)
                layout.noteColumn = names.firstIndex { $0 == "comment" || $0 == "comments" || $0 == "note" }
                layout.weightColumn = names.firstIndex { $0 == "weight" } ?? 1
            }
        }
        let (rows, assumedUnit) = layout.rows(data, cells: cells)
        return ParsedImport(format: .libra, rows: rows, assumedUnit: assumedUnit ? cells.settings.fallbackUnit : nil)
    }
}
