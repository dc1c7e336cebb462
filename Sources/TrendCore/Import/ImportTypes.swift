#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How numeric dates like `03/04/2024` are read: never guessed.
public enum NumericDateOrder: String, CaseIterable, Sendable {
    case dayFirst = "dmy"
    case monthFirst = "mdy"
}

/// What an importer needs to know besides the bytes.
public struct ImportSettings: Sendable {
    public var clock: AppClock
    /// `--unit` for this run: wins over a format's own default unit, loses
    /// to a unit the file names (in the cell, a unit column or the header).
    public var explicitUnit: WeightUnit?
    /// The configured unit: what weights are read in when nothing else says.
    public var configuredUnit: WeightUnit
    public var numericDateOrder: NumericDateOrder?
    /// `--date-column N`, `--weight-column N` (1-based): the columns of a
    /// table read by content, where its cells leave a choice (SPEC §18).
    public var dateColumn: Int?
    public var weightColumn: Int?

    public init(
        clock: AppClock, explicitUnit: WeightUnit? = nil, configuredUnit: WeightUnit, numericDateOrder: NumericDateOrder? = nil, dateColumn: Int? = nil,
        weightColumn: Int? = nil
    ) {
        self.clock = clock
        self.explicitUnit = explicitUnit
        self.configuredUnit = configuredUnit
        self.numericDateOrder = numericDateOrder
        self.dateColumn = dateColumn
        self.weightColumn = weightColumn
    }

    /// Columns named on the command line: the table is read by content.
    public var choosesColumns: Bool { dateColumn != nil || weightColumn != nil }

    /// The unit of a weight whose file names none and has no default.
    public var fallbackUnit: WeightUnit { explicitUnit ?? configuredUnit }
}

/// Where a file names the unit of its weights (SPEC §6).
public enum NamedUnit: Equatable, Sendable {
    /// The header, for every row (`Weight (lb)`, Libra's `#Units:`).
    case header(WeightUnit)
    /// Each row or record names its own (a unit column, Apple Health's `unit`).
    case eachRow
    /// The app always writes this unit (Zepp, Samsung Health, trend's own export).
    case format(WeightUnit)
}

/// One row of an import file, read.
package enum ImportRow: Equatable, Sendable {
    case entry(WeightEntry, line: Int)
    /// An empty or zero weight: a placeholder, not a measurement.
    case noReading(line: Int)
    case invalid(line: Int, reason: String)
}

/// A whole import file, read but not yet applied.
package struct ParsedImport: Equatable, Sendable {
    package let format: ImportFormat
    package private(set) var rows: [ImportRow]
    /// From the JSON export: set when the data directory has no goal.
    package let goalKilograms: Double?
    package let goalPlan: GoalPlan?
    /// The rows whose weights were read in the fallback unit because the
    /// file names none, with what decides their unit (SPEC §6); nil when
    /// the file named its units.
    package private(set) var unitEvidence: UnitEvidence?
    /// The intake and body measurements the file holds (SPEC §15, §16).
    package var body = BodyRecords()

    /// The unit weights were read in because the file names none.
    package var assumedUnit: WeightUnit? { unitEvidence?.readIn }
    /// Where the file named the units of the weights it names (the
    /// summary always says which unit, and why: SPEC §6); nil when it
    /// named none, or each weight names its own.
    package var namedUnit: NamedUnit?
    /// How a table no layout named was read (SPEC §18).
    package var tableReading: String?
    /// The weight column's header, as the file names it: what a refusal names.
    package var weightColumnName: String?
    /// The file is trend's own CSV export: its weigh-ins are the store's, as they were logged.
    package var isTrendsOwnExport = false
    /// The settings a JSON export carries (restored where none are set).
    package var settings: Settings?
    /// Records of other kinds the file holds (Apple Health: steps, heart rate…).
    package let otherRecordCount: Int
    /// Rows are entries of a JSON array, named "entry N", not lines.
    package let locatesByEntry: Bool
    /// The file is not UTF-8 and was read as Windows-1252 (the summary says so).
    package var readAsWindows1252: Bool
    /// Body-fat readings with no weigh-in to join them to: counted, not stored.
    package let loneBodyFatReadings: Int

    package init(
        format: ImportFormat, rows: [ImportRow], goalKilograms: Double? = nil, goalPlan: GoalPlan? = nil, unitEvidence: UnitEvidence? = nil, otherRecordCount: Int = 0,
        locatesByEntry: Bool = false, readAsWindows1252: Bool = false, loneBodyFatReadings: Int = 0
    ) {
        self.format = format
        self.rows = rows
        self.goalKilograms = goalKilograms
        self.goalPlan = goalPlan
        self.unitEvidence = unitEvidence.flatMap { $0.rowIndices.isEmpty ? nil : $0 }
        self.otherRecordCount = otherRecordCount
        self.locatesByEntry = locatesByEntry
        self.readAsWindows1252 = readAsWindows1252
        self.loneBodyFatReadings = loneBodyFatReadings
    }

    /// The same import with the weights that were read in the fallback unit read in `unit` instead.
    package func reading(assumedWeightsIn unit: WeightUnit) -> ParsedImport {
        guard let evidence = unitEvidence, unit != evidence.readIn else { return self }
        let factor = unit.kilogramsPerUnit / evidence.readIn.kilogramsPerUnit
        var rows = rows
        for index in evidence.rowIndices {
            guard case .entry(let entry, let line) = rows[index] else { continue }
            let kilograms = entry.kilograms * factor
            rows[index] = WeightInput.isValid(kilograms: kilograms)
                ? .entry(WeightEntry(id: entry.id, timestamp: entry.timestamp, kilograms: kilograms, note: entry.note, fatPercent: entry.fatPercent), line: line)
                : .invalid(line: line, reason: "\(DecimalText.shortest(entry.kilograms / evidence.readIn.kilogramsPerUnit)) \(unit.rawValue) is not a weight")
        }
        var evidenceInUnit = UnitEvidence(readIn: unit)
        evidenceInUnit.rowIndices = evidence.rowIndices
        evidenceInUnit.bmi = evidence.bmi.map { UnitEvidence.Pair(kilograms: $0.kilograms * factor, bmi: $0.bmi) }
        var read = self
        read.rows = rows
        read.unitEvidence = evidenceInUnit
        return read
    }

    /// The same without its rows, keeping what they counted (the no-reading
    /// rows; the invalid rows are taken before).
    package var counted: ParsedImport {
        var copy = self
        copy.countedNoReadings = noReadingCount
        copy.rows = []
        copy.unitEvidence = nil
        copy.body.drop()
        return copy
    }

    /// The weights read in the fallback unit, in kilograms as read.
    package var assumedWeights: [Double] {
        (unitEvidence?.rowIndices ?? []).compactMap { if case .entry(let entry, _) = rows[$0] { entry.kilograms } else { nil } }
    }

    package var entries: [WeightEntry] {
        var entries: [WeightEntry] = []
        entries.reserveCapacity(rows.count)
        for case .entry(let entry, _) in rows { entries.append(entry) }
        return entries
    }

    private var countedNoReadings: Int?

    package var noReadingCount: Int {
        countedNoReadings ?? rows.count { if case .noReading = $0 { true } else { false } }
    }

    /// How a row with a numeric date that reads both ways ends its reason.
    static let dateOrderQuestion = "day first or month first?"
    /// Ends a row's reason when its two weight columns disagree.
    static let twoWeightsQuestion = "which of the two weight columns?"

    /// True when rows failed only for want of the date order: the front
    /// end says how to give it.
    package var needsDateOrder: Bool {
        invalidRows.contains { $0.reason.hasSuffix(Self.dateOrderQuestion) }
    }

    package var invalidRows: [ImportProblem] {
        rows.compactMap { if case .invalid(let line, let reason) = $0 { ImportProblem(line: line, reason: reason, isEntryNumber: locatesByEntry) } else { nil } }
            + body.invalid.map { ImportProblem(line: $0.line, reason: $0.reason, isEntryNumber: locatesByEntry) }
    }
}

/// The records of an import file of every kind but weigh-ins (intake,
/// measurements, …: SPEC §15, §16), read but not yet applied. Weigh-ins
/// are rows, for the unit and typo rules they alone have.
package struct BodyRecords: Equatable, Sendable {
    /// The records, each kind in store order.
    package private(set) var records = RecordStore()
    package var invalid: [(line: Int, reason: String)] = []
    /// Days of intake a file marks as not completed (Cronometer): named in the summary, never dropped.
    package var incompleteDays = 0
    /// The unit lengths were read in because the file names none (the configured one's).
    package var assumedLength: LengthUnit?

    package init() {}

    /// Adds a record read from the file.
    package mutating func add<Record: StoredRecord>(_ record: Record) {
        records.insert(record)
    }

    package var intake: [IntakeEntry] { records.intake }
    package var measurements: [MeasurementEntry] { records.measurements }

    package var isEmpty: Bool { records.allRecordIDs.isEmpty }

    /// Lets the records go, keeping nothing: what they counted is in the import's outcome.
    mutating func drop() {
        records = RecordStore()
    }

    mutating func absorb(_ other: BodyRecords) {
        for record in other.records.allRecords { records.insert(record) }
        invalid += other.invalid
        incompleteDays += other.incompleteDays
        assumedLength = assumedLength ?? other.assumedLength
    }

    package static func == (a: BodyRecords, b: BodyRecords) -> Bool {
        a.records == b.records && a.invalid.map(\.line) == b.invalid.map(\.line)
            && a.invalid.map(\.reason) == b.invalid.map(\.reason) && a.incompleteDays == b.incompleteDays
    }
}

/// A row that cannot be read: where, and why.
public struct ImportProblem: Equatable, Sendable {
    /// The line, or for a JSON array the entry's number.
    public let line: Int
    public let reason: String
    public let isEntryNumber: Bool

    /// `FILE:12` or, for JSON, `FILE: entry 12`: as compilers name places.
    public func location(in path: String) -> String {
        isEntryNumber ? "\(path): entry \(line)" : "\(path):\(line)"
    }
}

/// Why a whole import file was refused.
public enum ImportError: Error, Equatable, Sendable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case unrecognized(path: String)
    /// Text that says it is an encoding and is not (a UTF-16 byte-order mark, then an odd byte count).
    case badEncoding(path: String, reason: String)
    case wrongFormat(path: String, format: ImportFormat, reason: String)
    /// Rows that cannot be read, and no `--skip-invalid`: nothing was written.
    case invalidRows(path: String, problems: [ImportProblem])
    /// Even skipping what cannot be read, nothing is left.
    case everyRowInvalid(path: String, count: Int)
    /// Not one weigh-in in the file: the wrong file, or the wrong export.
    case noWeighIns(path: String, rows: Int, otherRecords: Int)
    /// The file holds nothing trend keeps, for a reason worth saying (an exercise log).
    case nothingToImport(path: String, reason: String)
    /// A table read by content where two columns hold `what` alike (SPEC §18): never a guess.
    case ambiguousColumns(path: String, what: String, column: TableColumn, candidates: [String])
    /// A table read by content where no column holds `what`.
    case noColumn(path: String, what: String, column: TableColumn, columns: [String])
    /// A column chosen by number that the table does not have.
    case columnOutOfRange(path: String, column: TableColumn, given: Int, width: Int)
    /// The file names no unit, nothing in it tells, and in the configured
    /// unit its weights (median in that unit) are more than a person weighs.
    case unitUnknown(path: String, median: Double)
    /// The table is not a body's log (SPEC §18): `what` it looks like, and the headers that show it.
    case notABodysLog(path: String, what: String, columns: [String])
    /// The weights spread within a day as no one body's do (SPEC §18).
    case notOneBody(path: String, column: String?, days: Int, wideDays: Int, example: String)
    /// A JSON file with several arrays of records holding a body weight and a date: which one is a guess.
    case severalArrays(path: String, names: [String])
    /// The weigh-ins sit far from the stored trend (SPEC §18): a unit or a
    /// column mixed up, or another person; `sharedDays` 0 compares with an
    /// end of the history, `atStart` saying which.
    case farFromHistory(path: String, median: Double, trend: Double, sharedDays: Int, atStart: Bool, unit: WeightUnit)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            "cannot read \(path): \(reason)"
        case .unrecognized(let path):
            "\(path): not a format trend can import; supported: " + ImportFormat.all.map(\.displayName).joined(separator: ", ") + "."
        case .badEncoding(let path, let reason):
            "\(path): \(reason)"
        case .wrongFormat(let path, let format, let reason):
            "\(path) is not a\("AEIOU".contains(format.displayName.first ?? "x") ? "n" : "") \(format.displayName) file: \(reason)"
        case .everyRowInvalid(let path, let count):
            "none of the \(count) row\(count == 1 ? "" : "s") of \(path) can be read; nothing was imported"
        case .noWeighIns(let path, let rows, let others):
            "found no weigh-ins in \(path): "
                + (others > 0 ? "it holds \(others) record\(others == 1 ? "" : "s") of other kinds"
                    : rows > 0 ? "its \(rows) row\(rows == 1 ? " has" : "s have") no reading" : "it holds no rows")
        case .nothingToImport(let path, let reason):
            "found nothing to import in \(path): \(reason)"
        case .ambiguousColumns(let path, let what, _, let candidates):
            "\(path): \(candidates.count) columns hold \(what) alike (\(candidates.joined(separator: ", "))): choose one"
        case .noColumn(let path, let what, _, let columns):
            "\(path): no column holds \(what)" + (columns.isEmpty ? "" : " (" + columns.joined(separator: "; ") + ")") + ": name one"
        case .columnOutOfRange(let path, let column, let given, let width):
            "\(path): the table has \(width) columns, so no \(column.rawValue) column \(given)"
        case .unitUnknown(let path, let median):
            "\(path) names no unit and its weights (median \(DecimalText.shortest((median * 10).rounded() / 10))) look like pounds"
        case .invalidRows(let path, let problems):
            "\(problems.count) row\(problems.count == 1 ? "" : "s") of \(path) cannot be read; nothing was imported."
        case .notABodysLog(let path, let what, let columns):
            "\(path) looks like \(what) (\(columns.joined(separator: ", "))): no body weight in it; nothing was imported"
        case .notOneBody(let path, let column, let days, let wideDays, let example):
            "the weights " + (column.map { "in \($0) of " } ?? "of ") + "\(path) do not move as one body's: on \(wideDays) of the \(days) days with several "
                + "readings they spread wider than 5 % of the day's median (\(example)), as a workout's sets or several people's weights do; nothing was imported"
        case .severalArrays(let path, let names):
            "\(path) holds \(names.count) arrays of records with a body weight and a date (\(names.joined(separator: ", "))): "
                + "which one is yours is a guess; save the one to import in a file of its own"
        case .farFromHistory(let path, let median, let trend, let sharedDays, let atStart, let unit):
            "the weigh-ins of \(path) sit at \(unit.format(kilograms: median)) (their median), \(Int((abs(median - trend) / trend * 100).rounded())) % "
                + "\(median < trend ? "below" : "above") your trend of \(unit.format(kilograms: trend)) "
                + (sharedDays > 0 ? "over the \(sharedDays) day\(sharedDays == 1 ? "" : "s") both hold" : "at the \(atStart ? "start" : "end") of your history")
                + ": a unit or a column mixed up, or another person's weights? nothing was imported"
        }
    }
}

/// Which column of a table read by content a person may choose by number (SPEC §18).
public enum TableColumn: String, Sendable {
    case date, weight
}

/// Foundation's error reporting (and a GUI's alert) shows the same message.
extension ImportError: LocalizedError {
    public var errorDescription: String? { description }
}
