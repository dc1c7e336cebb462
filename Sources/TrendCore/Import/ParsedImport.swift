#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
