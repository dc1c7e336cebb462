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
    /// The order of numeric dates the app always writes in this layout
    /// (Renpho's `Date, Time`: dd/mm/yyyy): below `--date-order` and the
    /// settings, above the file's own evidence.
    var formatDateOrder: NumericDateOrder?
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
    /// The fat mass's own unit when its header names one (`Body fat (lb)`); else the weight's.
    var fatMassUnit: WeightUnit?
    /// The same weight in another column and unit (`Weight (kg)`, `Weight
    /// (lb)`): read once, and every row must agree (SPEC §18).
    var twin: Twin?

    struct Twin {
        let column: Int
        let unit: WeightUnit?
        /// How messages name the two columns: the weight's, then the twin's.
        let names: (weight: String, twin: String)
    }

    /// Two cells of one weigh-in in two units agree within this (a pound rounded to a whole number).
    static let twinToleranceKilograms = 0.25
    /// A BMI column: what settles the unit of a file that names none (SPEC §6).
    var bmiColumn: Int?
    /// How many fields the header has: a row with more that are not empty
    /// is invalid, never read as its first fields alone (SPEC §6).
    var headerFieldCount: Int?

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

    /// One record read: its row, and for a weight read in the fallback
    /// unit, that fact and the row's BMI.
    struct Parsed {
        var row: ImportRow
        var readInFallback = false
        var bmi: Double?
        /// The weight cell has a fractional part (`80.5`, `80,5`).
        var weightHasFraction = false
        /// A whole-number weight whose next cell is a few digits: `80` then
        /// `5` may be `80,5` with its decimal comma taken for a separator.
        var decimalComma: (weight: String, next: String)?
        /// The cell after the weight holds a number (nil: there is none, or it is empty).
        var nextIsNumber: Bool?
    }

    static func isNumber(_ cell: some Sequence<UInt8>) -> Bool? {
        var any = false
        var digit = false
        for byte in cell where byte != 32 {
            any = true
            if byte >= 48 && byte <= 57 { digit = true } else if byte != 46 && byte != 44 { return false }
        }
        return any ? digit : nil
    }

    /// `80` and `5` read together as `80,5`: a whole weight followed by a
    /// cell of one, two, or four to six digits (three would be a thousands
    /// separator, which SPEC §3 calls ambiguous).
    static func decimalCommaPair(_ weight: some Sequence<UInt8>, _ next: some Sequence<UInt8>) -> Bool {
        /// The digits of a cell of digits and spaces only; nil for anything else.
        func digitCount(_ cell: some Sequence<UInt8>) -> Int? {
            var count = 0
            for byte in cell where byte != 32 {
                guard byte >= 48 && byte <= 57 else { return nil }
                count += 1
            }
            return count
        }
        guard let whole = digitCount(weight), (1...3).contains(whole), let fraction = digitCount(next) else { return false }
        return fraction >= 1 && fraction != 3 && fraction <= 6
    }

    /// Whether a weight cell holds a fraction: a point or a comma between digits.
    static func hasFraction(_ cell: some Sequence<UInt8>) -> Bool {
        func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
        var beforeLast: UInt8 = 0
        var last: UInt8 = 0
        for byte in cell {
            if isDigit(beforeLast) && (last == 46 || last == 44) && isDigit(byte) { return true }
            beforeLast = last
            last = byte
        }
        return false
    }

    static let decimalCommaHint = "a decimal comma? quote the weight or use ; between fields"

    /// The rows, and, when any weight was read in the fallback unit because
    /// neither its cell, its row, the header nor the format named one, which
    /// rows those are and their BMI (what decides the unit afterwards).
    /// Records stream through once; day first or month first is decided for
    /// the whole file at the end (SPEC §6): rows no order could read until
    /// then are read again, and rows that showed the other order become
    /// invalid.
    func rows(_ records: some Sequence<CSVReader.Row>, cells given: ImportCells) -> (rows: [ImportRow], evidence: UnitEvidence?) {
        var iterator = records.makeIterator()
        return rows(cells: given, expected: records.underestimatedCount) { _ in iterator.next().map { .record($0) } }
    }

    /// What the record source gives: a record read in full, or a row the
    /// fast lane already read from the bytes.
    enum SourceLine {
        case record(CSVReader.Row)
        case parsed(Parsed)
        case blank
    }

    /// The records of `reader` (the header already taken), each line read
    /// straight from its bytes when it is plain (see `fastRow`), else in full.
    func rows(reading reader: CSVReader.Iterator, cells: ImportCells) -> (rows: [ImportRow], evidence: UnitEvidence?) {
        var reader = reader
        var ranges: [Range<Int>] = []
        var line = 0
        let fast = takesFastLane(cells)
        let bytes = reader.bytes
        return bytes.withUnsafeBufferPointer { b in
            // Room for lines as short as `2026-01-01,80`: pages never written cost nothing, and
            // an array that outgrows its room copies every row it holds.
            rows(cells: cells, expected: b.count / 14 + 16) { ids in
                if fast && reader.nextRanges(&ranges, line: &line) {
                    if let parsed = fastRow(b, ranges: ranges, line: line, cells: cells, ids: &ids) { return parsed }
                    // Not the common case after all: the same line as strings, for the full rules.
                    return .record(CSVReader.Row(line: line, fields: ranges.map { String(decoding: UnsafeBufferPointer(rebasing: b[$0]), as: UTF8.self) }))
                }
                return reader.next().map { .record($0) }
            }
        }
    }

    private func rows(cells given: ImportCells, expected: Int, next: (inout WeightEntry.IDSource) -> SourceLine?) -> (rows: [ImportRow], evidence: UnitEvidence?) {
        var rows: [ImportRow] = []
        rows.reserveCapacity(expected)
        var evidence: UnitEvidence?
        var ids = WeightEntry.IDSource()
        let cells = given
        let ordersFixed = cells.settings.numericDateOrder != nil || cells.formatDateOrder != nil || cells.fileDateOrder != nil
        var waiting: [(index: Int, record: CSVReader.Row)] = []
        var shown: [(index: Int, order: NumericDateOrder, text: String)] = []
        var fractionSeen = false
        var commaSuspects: [(index: Int, weight: String, next: String)] = []
        // Whether the column after the weight holds numbers in the other rows (a second weight column, say).
        var numbersAfter = 0
        var textAfter = 0
        func keep(_ parsed: Parsed, at index: Int) {
            if parsed.weightHasFraction { fractionSeen = true }
            if let pair = parsed.decimalComma, case .entry = parsed.row {
                commaSuspects.append((index, pair.weight, pair.next))
            } else if let number = parsed.nextIsNumber {
                if number { numbersAfter += 1 } else { textAfter += 1 }
            }
            if parsed.readInFallback, case .entry(let entry, _) = parsed.row {
                if evidence == nil { evidence = UnitEvidence(readIn: cells.settings.fallbackUnit) }
                evidence?.rowIndices.append(index)
                if let bmi = parsed.bmi { evidence?.bmi.append(UnitEvidence.Pair(kilograms: entry.kilograms, bmi: bmi)) }
            }
        }
        while let step = next(&ids) {
            let record: CSVReader.Row
            switch step {
            case .blank: continue
            case .parsed(let parsed):
                // Read from an ISO date: it shows no day-first or month-first order.
                keep(parsed, at: rows.count)
                rows.append(parsed.row)
                continue
            case .record(let full): record = full
            }
            guard let parsed = row(record, cells: cells, ids: &ids) else { continue }
            let index = rows.count
            rows.append(parsed.row)
            keep(parsed, at: index)
            guard !ordersFixed, record.fields.count > dateColumn else { continue }
            if case .invalid(_, let reason) = parsed.row, reason.hasSuffix(ParsedImport.dateOrderQuestion) {
                waiting.append((index, record))
            } else if case .entry = parsed.row, let (a, b) = ImportCells.leadingPair(record.fields[dateColumn]), let order = ImportCells.shownOrder(a, b) {
                shown.append((index, order, record.fields[dateColumn].trimmed))
            }
        }
        // `80,5` split by the comma into 80 and a note of 5, in a file whose
        // other weights have decimals and whose next column holds no
        // numbers elsewhere: never read as 80 (SPEC §6).
        // So is a file of whole weights whose note after each is a digit or two: `80,5` written
        // as `80` and a note of `5` on every row (SPEC §18).
        let entryCount = rows.count { if case .entry = $0 { true } else { false } }
        let everyNoteADecimal = weightColumn + 1 == noteColumn && commaSuspects.count == entryCount && commaSuspects.allSatisfy { $0.next.trimmed.count <= 2 }
        if fractionSeen && (weightColumn + 1 == noteColumn || numbersAfter <= textAfter) || !fractionSeen && everyNoteADecimal && entryCount >= 2 {
            for (index, weight, next) in commaSuspects {
                rows[index] = .invalid(line: rows[index].line, reason: "'\(weight.trimmed)' then '\(next.trimmed)': \(Self.decimalCommaHint)")
            }
            if !commaSuspects.isEmpty, evidence != nil {
                let dropped = Set(commaSuspects.map(\.index))
                evidence?.rowIndices.removeAll { dropped.contains($0) }
            }
        }
        guard !shown.isEmpty else { return (rows, evidence) }
        // The order more rows show decides; a tie is a question for the user (SPEC §6), never both readings.
        let dayFirst = shown.count { $0.order == .dayFirst }
        let monthFirst = shown.count - dayFirst
        guard dayFirst != monthFirst else {
            let first = shown.first { $0.order == .dayFirst }!
            let other = shown.first { $0.order == .monthFirst }!
            let reason = "as many rows show day-first dates ('\(first.text)', line \(rows[first.index].line)) as month-first ones ('\(other.text)', line \(rows[other.index].line)): \(ParsedImport.dateOrderQuestion)"
            for (index, _, _) in shown { rows[index] = .invalid(line: rows[index].line, reason: reason) }
            for (index, record) in waiting { rows[index] = .invalid(line: record.line, reason: reason) }
            let dropped = Set(shown.map(\.index))
            evidence?.rowIndices.removeAll { dropped.contains($0) }
            return (rows, evidence)
        }
        let order: NumericDateOrder = dayFirst > monthFirst ? .dayFirst : .monthFirst
        let witness = rows[shown.first { $0.order == order }!.index].line
        let name = order == .dayFirst ? "day-first" : "month-first"
        for (index, other, text) in shown where other != order {
            rows[index] = .invalid(line: rows[index].line, reason: "'\(text)' contradicts the file's \(name) dates (line \(witness))")
        }
        var decided = cells
        decided.fileDateOrder = (order, witness)
        for (index, record) in waiting {
            guard let parsed = row(record, cells: decided, ids: &ids) else { continue }
            rows[index] = parsed.row
            keep(parsed, at: index)
        }
        evidence?.rowIndices.sort()
        return (rows, evidence)
    }

    /// One record as a row; nil for a blank line.
    func row(_ record: CSVReader.Row, cells: ImportCells, ids: inout WeightEntry.IDSource) -> Parsed? {
        let line = record.line
        func invalid(_ reason: String) -> Parsed { Parsed(row: .invalid(line: line, reason: reason)) }
        let fields = record.fields
        if record.isUnterminated {
            return invalid("a quoted field opened on this line is never closed: the rest of the file cannot be read")
        }
        if fields.allSatisfy({ $0.trimmed.isEmpty }) { return nil }
        if cells.textIsBroken, fields.contains(where: { $0.unicodeScalars.contains("\u{FFFD}") }) { return invalid(ImportText.brokenRowReason) }
        if let skipColumn, skipColumn < fields.count, ["true", "yes", "1"].contains(fields[skipColumn].trimmed.lowercased()) {
            return Parsed(row: .noReading(line: line))
        }
        if let headerFieldCount, fields.count > headerFieldCount, fields[headerFieldCount...].contains(where: { !$0.trimmed.isEmpty }) {
            return invalid(Self.extraFieldsReason(fields, expected: headerFieldCount, weightColumn: weightColumn))
        }
        guard fields.count > max(dateColumn, weightColumn) else {
            return invalid("expected at least \(max(dateColumn, weightColumn) + 1) columns, found \(fields.count)")
        }
        var unit = headerUnit
        if let unitColumn, unitColumn < fields.count {
            let text = fields[unitColumn].trimmed
            if !text.isEmpty {
                guard let rowUnit = WeightUnit(parsing: text) else { return invalid("unknown unit '\(text)'") }
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
        case .noReading: return Parsed(row: .noReading(line: line))
        case .invalid(let reason): return invalid(reason)
        case .kilograms(let value): kilograms = value
        }
        if let twin, twin.column < fields.count, case .kilograms(let other) = cells.weight(fields[twin.column], unit: twin.unit ?? unit),
            abs(other - kilograms) > Self.twinToleranceKilograms
        {
            return invalid(
                "'\(fields[weightColumn].trimmed)' in \(twin.names.weight) and '\(fields[twin.column].trimmed)' in \(twin.names.twin) are not one weight: "
                    + ParsedImport.twoWeightsQuestion)
        }
        var dateText = fields[dateColumn]
        if let timeColumn, timeColumn < fields.count, !fields[timeColumn].trimmed.isEmpty {
            dateText = dateText.trimmed + " " + fields[timeColumn].trimmed
        }
        // Samsung Health: `UTC+0300` is the offset the time is written at; its
        // 2019 layout's `-14400000` (milliseconds) is the device's offset for a time written in UTC.
        var deviceOffsetSeconds: Int?
        if let offsetColumn, offsetColumn < fields.count {
            let offset = fields[offsetColumn].trimmed.uppercased()
            if let milliseconds = Int(offset) {
                guard milliseconds % 60_000 == 0, abs(milliseconds / 1000) <= Timestamp.maximumOffsetSeconds else {
                    return invalid("'\(offset)' is not a UTC offset in milliseconds")
                }
                deviceOffsetSeconds = milliseconds / 1000
                dateText = dateText.trimmed + "Z"
            } else {
                dateText = dateText.trimmed + " " + (offset.hasPrefix("UTC") ? String(offset.dropFirst(3)) : offset)
            }
        }
        var fatPercent: Double?
        if let fatColumn, fatColumn < fields.count {
            switch cells.fatPercent(fields[fatColumn]) {
            case .success(let value): fatPercent = value
            case .failure(let failure): return invalid(failure.reason)
            }
        } else if let fatMassColumn, fatMassColumn < fields.count {
            switch cells.weight(fields[fatMassColumn], unit: fatMassUnit ?? unit) {
            case .kilograms(let mass):
                let percent = WeightInput.fatPercent(computed: mass / kilograms * 100)
                guard WeightInput.isValid(fatPercent: percent) else {
                    return invalid("a fat mass of '\(fields[fatMassColumn].trimmed)' is not a part of the weight")
                }
                fatPercent = percent
            case .noReading: break
            case .invalid(let reason): return invalid("fat mass: " + reason)
            }
        }
        switch cells.timestamp(dateText) {
        case .failure(let failure):
            return invalid(failure.reason)
        case .success(let read):
            let timestamp = deviceOffsetSeconds.map { Timestamp(epochSeconds: read.epochSeconds, utcOffsetSeconds: $0) } ?? read
            let note = noteColumn.flatMap { $0 < fields.count ? fields[$0] : nil }
            var parsed = Parsed(row: .entry(WeightEntry(recordID: ids.next(), timestamp: timestamp, kilograms: kilograms, note: note, fatPercent: fatPercent), line: line))
            parsed.weightHasFraction = Self.hasFraction(fields[weightColumn].utf8)
            if weightColumn + 1 < fields.count {
                parsed.nextIsNumber = Self.isNumber(fields[weightColumn + 1].utf8)
                if Self.decimalCommaPair(fields[weightColumn].utf8, fields[weightColumn + 1].utf8) { parsed.decimalComma = (fields[weightColumn], fields[weightColumn + 1]) }
            }
            if assumed && !fields[weightColumn].contains(where: \.isLetter) {
                parsed.readInFallback = true
                if let bmiColumn, bmiColumn < fields.count, let bmi = ImportCells.plainDecimal(fields[bmiColumn].trimmed), UnitEvidence.plausibleBMI(bmi) { parsed.bmi = bmi }
            }
            return parsed
        }
    }

    /// `2026-11-02,80,2` under `date,weight`: more fields than the header,
    /// and when the weight and the field after it are both digits, likely a
    /// decimal comma.
    static func extraFieldsReason(_ fields: [String], expected: Int, weightColumn: Int) -> String {
        var reason = "\(fields.count) fields where the header has \(expected)"
        let digits = { (text: String) in !text.trimmed.isEmpty && text.trimmed.allSatisfy { $0.isASCII && $0.isNumber } }
        if weightColumn + 1 < fields.count, digits(fields[weightColumn]), digits(fields[weightColumn + 1]) {
            reason += ": " + decimalCommaHint
        }
        return reason
    }

    /// Reads `records` (the header already taken off) into a whole import.
    func parsed(_ records: some Sequence<CSVReader.Row>, format: ImportFormat, cells: ImportCells, readAsWindows1252: Bool = false) -> ParsedImport {
        let (rows, evidence) = rows(records, cells: cells)
        var parsed = ParsedImport(format: format, rows: rows, unitEvidence: evidence, readAsWindows1252: readAsWindows1252)
        parsed.namedUnit = namedUnit
        return parsed
    }

    /// Where this layout's file names its units.
    var namedUnit: NamedUnit? {
        if let headerUnit { return .header(headerUnit) }
        if unitColumn != nil { return .eachRow }
        return formatUnit.map(NamedUnit.format)
    }
}

extension ImportRow {
    var line: Int {
        switch self {
        case .entry(_, let line), .noReading(let line), .invalid(let line, _): line
        }
    }
}
