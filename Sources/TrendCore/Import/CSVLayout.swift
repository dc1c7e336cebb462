#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which columns of a CSV-shaped file hold what: the formats differ in how
/// their header names the columns, not in how a row is read. Every column
/// is found by its header's name, never by its position alone.
struct CSVLayout {
    var dateColumn: Int
    var weightColumn: Int
    var unitColumn: Int?
    var noteColumn: Int?
    /// From the weight column's header (`Weight (lb)`) or Libra's `#Units:`.
    var headerUnit: WeightUnit?
    /// The unit the app always writes (Zepp, Samsung Health: kilograms):
    /// below `--unit`, above the configured unit.
    var formatUnit: WeightUnit?
    /// A separate `Time` column, joined to the date.
    var timeColumn: Int?
    /// A UTC offset column (`UTC+0300`), joined to the date (Samsung Health).
    var offsetColumn: Int?
    /// A row whose cell here is true is not a weigh-in (TrendWeight's interpolated days).
    var skipColumn: Int?
    /// Body fat in percent (`22.4`, `22.4%`; a ratio `0.224` where the app writes one).
    var fatColumn: Int?
    /// Body fat as a mass (Withings `Fat mass (kg)`), made a percent of the row's weight.
    var fatMassColumn: Int?

    init(
        dateColumn: Int, weightColumn: Int, unitColumn: Int? = nil, noteColumn: Int? = nil, headerUnit: WeightUnit? = nil,
        formatUnit: WeightUnit? = nil, timeColumn: Int? = nil, offsetColumn: Int? = nil, skipColumn: Int? = nil
    ) {
        self.dateColumn = dateColumn
        self.weightColumn = weightColumn
        self.unitColumn = unitColumn
        self.noteColumn = noteColumn
        self.headerUnit = headerUnit
        self.formatUnit = formatUnit
        self.timeColumn = timeColumn
        self.offsetColumn = offsetColumn
        self.skipColumn = skipColumn
    }

    /// The rows, and whether any weight was read in the fallback unit
    /// because neither its cell, its row, the header nor the format named one.
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
            if cells.textIsBroken, fields.contains(where: { $0.unicodeScalars.contains("\u{FFFD}") }) {
                rows.append(.invalid(line: record.line, reason: ImportText.brokenRowReason))
                continue
            }
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
            // Not named by the file: --unit, else the format's own unit, else the configured one.
            var assumed = false
            if unit == nil {
                unit = cells.settings.explicitUnit ?? formatUnit
                assumed = cells.settings.explicitUnit != nil || formatUnit == nil
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
                if assumed && !fields[weightColumn].contains(where: \.isLetter) { assumedUnit = true }
            }
            var dateText = fields[dateColumn]
            if let timeColumn, timeColumn < fields.count, !fields[timeColumn].trimmed.isEmpty {
                dateText = dateText.trimmed + " " + fields[timeColumn].trimmed
            }
            if let offsetColumn, offsetColumn < fields.count {
                let offset = fields[offsetColumn].trimmed.uppercased()
                dateText = dateText.trimmed + " " + (offset.hasPrefix("UTC") ? String(offset.dropFirst(3)) : offset)
            }
            var fatPercent: Double?
            if let fatColumn, fatColumn < fields.count {
                switch cells.fatPercent(fields[fatColumn]) {
                case .success(let value): fatPercent = value
                case .failure(let failure):
                    rows.append(.invalid(line: record.line, reason: failure.reason))
                    continue
                }
            } else if let fatMassColumn, fatMassColumn < fields.count {
                switch cells.weight(fields[fatMassColumn], unit: unit) {
                case .kilograms(let mass):
                    let percent = WeightInput.fatPercent(computed: mass / kilograms * 100)
                    guard WeightInput.isValid(fatPercent: percent) else {
                        rows.append(.invalid(line: record.line, reason: "a fat mass of '\(fields[fatMassColumn].trimmed)' is not a part of the weight"))
                        continue
                    }
                    fatPercent = percent
                case .noReading: break
                case .invalid(let reason):
                    rows.append(.invalid(line: record.line, reason: "fat mass: " + reason))
                    continue
                }
            }
            switch cells.timestamp(dateText) {
            case .failure(let failure):
                rows.append(.invalid(line: record.line, reason: failure.reason))
            case .success(let timestamp):
                let note = noteColumn.flatMap { $0 < fields.count ? fields[$0] : nil }
                rows.append(.entry(WeightEntry(timestamp: timestamp, kilograms: kilograms, note: note, fatPercent: fatPercent), line: record.line))
            }
        }
        return (rows, assumedUnit)
    }

    /// Reads `records` (the header already taken off) into a whole import.
    func parsed(_ records: some Sequence<CSVReader.Record>, format: ImportFormat, cells: ImportCells, readAsWindows1252: Bool = false) -> ParsedImport {
        let (rows, assumed) = rows(records, cells: cells)
        return ParsedImport(format: format, rows: rows, assumedUnit: assumed ? cells.settings.fallbackUnit : nil, readAsWindows1252: readAsWindows1252)
    }

    // MARK: Finding columns by name

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

    /// The header without its bracketed unit: `weight (lb)` → `weight`.
    static func baseName(_ header: String) -> String {
        let text = normalized(header)
        let base = text.prefix { $0 != "(" && $0 != "[" }
        return base.trimmed
    }

    /// The first column whose name without its unit is one of `names`.
    static func column(in header: [String], named names: Set<String>) -> Int? {
        header.firstIndex { names.contains(baseName($0)) }
    }

    static let dateNames: Set<String> = ["date", "date/time", "datetime", "date time", "time", "timestamp", "day", "when", "start date", "startdate"]
    static let weightNames: Set<String> = ["weight", "body weight", "bodyweight", "body mass", "bodymass", "mass", "kg", "kgs", "lb", "lbs"]
    static let noteNames: Set<String> = ["note", "notes", "comment", "comments"]
    /// Body fat in percent, by every name the apps give it (`Body Fat (%)` is `body fat` without its unit).
    static let fatNames: Set<String> = [
        "fat", "fat %", "fat%", "body fat", "body fat %", "body fat%", "bodyfat", "body_fat", "fat percent", "body fat percent",
        "fat percentage", "body fat percentage", "fatrate", "fat rate", "fat ratio", "body fat ratio", "actual fat ratio",
    ]

    /// The body-fat column of a header, by name.
    static func fatColumn(in header: [String]) -> Int? {
        column(in: header, named: fatNames)
    }

    /// The header, unwrapped when a spreadsheet saved it as one quoted field
    /// (`"Date,""Weight (kg)"",…"`), and the records after it.
    static func table(_ bytes: [UInt8], separator: Character = ",") -> (header: CSVReader.Record, rows: ArraySlice<CSVReader.Record>)? {
        var records = Array(CSVReader(bytes: bytes, separator: separator))
        while let first = records.first, first.fields.allSatisfy({ $0.trimmed.isEmpty }) { records.removeFirst() }
        guard var header = records.first else { return nil }
        header = unwrapped(header, separator: separator)
        return (header, records.dropFirst())
    }

    static func unwrapped(_ record: CSVReader.Record, separator: Character = ",") -> CSVReader.Record {
        guard record.fields.count == 1, record.fields[0].contains(separator),
            let inner = Array(CSVReader(text: record.fields[0], separator: separator)).first
        else { return record }
        return CSVReader.Record(line: record.line, fields: inner.fields)
    }
}

extension ImportRow {
    var line: Int {
        switch self {
        case .entry(_, let line), .noReading(let line), .invalid(let line, _): line
        }
    }
}
