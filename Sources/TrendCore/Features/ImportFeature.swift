import Observation

/// The import capability: reads another app's file (off the main actor: a
/// 300 MB Apple Health export must not freeze a window) with the units
/// the settings give, and applies it through the weight log in one write.
@MainActor
@Observable
public final class ImportFeature {
    @ObservationIgnored private let records: RecordLogFeature
    @ObservationIgnored private let settings: SettingsFeature
    @ObservationIgnored private let repository: any StoreRepository
    @ObservationIgnored private let clock: AppClock

    public private(set) var isImporting = false
    /// What the last import did.
    public private(set) var lastSummary: ImportSummary?
    public private(set) var importError: (any Error)?

    public init(records: RecordLogFeature, settings: SettingsFeature, repository: any StoreRepository, clock: AppClock) {
        self.records = records
        self.settings = settings
        self.repository = repository
        self.clock = clock
    }

    /// What the user asked to import, and how.
    public struct Request: Equatable, Sendable {
        public var input: ImportInput
        /// Nil: recognised from the file.
        public var format: ImportFormat?
        public var numericDateOrder: NumericDateOrder?
        public var dryRun: Bool
        public var skipInvalid: Bool
        /// A table's date and weight columns, 1-based, where its cells leave a choice (SPEC §18).
        public var dateColumn: Int?
        public var weightColumn: Int?
        /// Days that already hold intake take the file's (SPEC §15).
        public var replaceIntake = false
        /// Weigh-ins far from the stored trend are taken all the same (SPEC §18).
        public var force = false
        /// Rows that match a removed record are taken back, and the memory forgotten (SPEC §18).
        public var restoreRemoved = false

        public init(
            input: ImportInput, format: ImportFormat? = nil, numericDateOrder: NumericDateOrder? = nil, dryRun: Bool = false,
            skipInvalid: Bool = false, dateColumn: Int? = nil, weightColumn: Int? = nil
        ) {
            self.input = input
            self.format = format
            self.numericDateOrder = numericDateOrder
            self.dryRun = dryRun
            self.skipInvalid = skipInvalid
            self.dateColumn = dateColumn
            self.weightColumn = weightColumn
        }
    }

    /// Reads and applies an import. Rows that cannot be read stop it
    /// (`ImportError.invalidRows`, listing them), nothing written, unless
    /// `skipInvalid`; a file without a single weigh-in is an error too.
    /// `progress` is told how far the reading has come, from the thread reading (SPEC §6).
    @discardableResult
    public func importFile(_ request: Request, progress: WorkProgress.Reporter? = nil) async throws -> ImportSummary {
        isImporting = true
        defer { isImporting = false }
        do {
            let summary = try await perform(request, progress: progress)
            lastSummary = summary
            importError = nil
            return summary
        } catch {
            importError = error
            throw error
        }
    }

    private func perform(_ request: Request, progress: WorkProgress.Reporter?) async throws -> ImportSummary {
        let importSettings = ImportSettings(
            clock: clock, explicitUnit: settings.sessionUnit, configuredUnit: settings.savedUnit, numericDateOrder: request.numericDateOrder,
            dateColumn: request.dateColumn, weightColumn: request.weightColumn)
        var parsed = try await Task.detached {
            try FileImporter.read(request.input, format: request.format, settings: importSettings, progress: progress)
        }.value
        let path = request.input.shownPath
        // A file that names no unit: what it shows decides, then the configured unit (SPEC §6).
        var unitDecision: UnitInference.Decision?
        if let evidence = parsed.unitEvidence {
            if !records.hasLoaded { await records.refresh() }
            let history = records.store.entries.isEmpty ? nil : TypoGuard.trendKilograms(of: records.store.entries)
            let weights = parsed.assumedWeights
            guard let decision = UnitInference.decide(
                evidence, weightsRead: weights, fileName: request.input.fileName, historyTrendKilograms: history,
                explicitUnit: settings.sessionUnit, configured: settings.savedUnit)
            else {
                let sorted = weights.sorted()
                throw ImportError.unitUnknown(path: path, median: evidence.readIn.value(fromKilograms: sorted[(sorted.count - 1) / 2]))
            }
            parsed = parsed.reading(assumedWeightsIn: decision.unit)
            unitDecision = decision
        }
        let problems = parsed.invalidRows
        if !problems.isEmpty && !request.skipInvalid { throw ImportError.invalidRows(path: path, problems: problems) }
        var entries = parsed.entries
        let body = parsed.body
        let tableReading = parsed.tableReading
        // The rows are no longer needed, only what they counted: a million of them are worth freeing.
        parsed = parsed.counted
        // In the store's order once, here: the typo check and the merge then need no sorted copy.
        entries.putInStoreOrder()
        if entries.isEmpty && parsed.goalKilograms == nil && body.isEmpty {
            // Every row failed: --skip-invalid has nothing left to import.
            if !problems.isEmpty { throw ImportError.everyRowInvalid(path: path, count: problems.count) }
            let nothing = ImportError.noWeighIns(path: path, rows: parsed.noReadingCount, otherRecords: parsed.otherRecordCount)
            // Nothing to import is an answer, not a failure (SPEC §11), except where --skip-invalid asked for an import that happens.
            if request.skipInvalid { throw nothing }
            return ImportSummary(
                path: path, format: parsed.format, added: 0, updated: 0, duplicates: 0, noReading: parsed.noReadingCount, problems: [], goalSet: false,
                dryRun: request.dryRun, readAsWindows1252: parsed.readAsWindows1252, loneBodyFatReadings: parsed.loneBodyFatReadings,
                unitAssumption: nil, namedUnit: nil, settingsRestore: nil, nothingFound: nothing.description, possibleTypos: [], body: nil)
        }
        // Weigh-ins far from the imported series' own trend: imported, and listed (SPEC §6).
        let outliers = await Task.detached {
            TypoGuard.outliers(in: entries)
        }.value
        var batch = ImportBatch(
            entries: entries, goalKilograms: parsed.goalKilograms, goalPlan: parsed.goalPlan, idsDecide: parsed.format == TrendJSONFormat.format || parsed.format == RecordTableFormat.format,
            watched: Set(outliers.map(\.entry.id)))
        batch.others = body.records
        batch.replaceIntake = request.replaceIntake
        // Another app's row near a stored weigh-in is that weigh-in; trend's own records are matched by id (SPEC §18).
        batch.matchesNearby = parsed.format != TrendJSONFormat.format
        batch.checksHistory = !request.force
        batch.restoreRemoved = request.restoreRemoved
        let outcome: ImportBatch.Outcome
        do {
            outcome = try await apply(batch, dryRun: request.dryRun)
        } catch let shared as ImportBatch.SharedID {
            throw ImportError.wrongFormat(path: path, format: parsed.format, reason: shared.description)
        } catch let far as HistoryCheck.Finding {
            throw ImportError.farFromHistory(
                path: path, median: far.medianKilograms, trend: far.trendKilograms, sharedDays: far.sharedDays, atStart: far.atStart, unit: settings.unit)
        }
        // A backup's settings come back where none are set (SPEC §6).
        var restore: SettingsRestore?
        if let backup = parsed.settings, !request.dryRun {
            restore = SettingsRestore(backup: backup, outcome: try await settings.restore(from: backup))
        }
        let assumption = unitDecision.map { decision in
            UnitAssumption(unit: decision.unit, reason: decision.reason, alternatives: UnitAssumption.alternatives(to: decision.unit))
        }
        var summary = ImportSummary(
            path: path, format: parsed.format, added: outcome.added, updated: outcome.updated, duplicates: outcome.duplicates, noReading: parsed.noReadingCount,
            problems: problems, goalSet: outcome.goalSet, dryRun: request.dryRun, readAsWindows1252: parsed.readAsWindows1252,
            loneBodyFatReadings: parsed.loneBodyFatReadings,
            unitAssumption: outcome.added + outcome.updated + outcome.duplicates > 0 ? assumption : nil,
            namedUnit: outcome.added + outcome.updated + outcome.duplicates > 0 && assumption == nil ? parsed.namedUnit ?? .eachRow : nil,
            settingsRestore: restore, nothingFound: nil,
            possibleTypos: outliers.filter { outcome.watchedAdded.contains($0.entry.id) },
            body: body.isEmpty && body.invalid.isEmpty ? nil : BodyImport(
                kinds: RecordStore.kinds.compactMap { kind in outcome.others[kind.kind].map { (kind.kind, $0) } }, incompleteIntakeDays: body.incompleteDays,
                readWeighIns: !entries.isEmpty || parsed.noReadingCount > 0, intakeDaysKept: outcome.intakeDaysKept, intakeDaysReplaced: outcome.intakeDaysReplaced,
                assumedLength: body.measurements.isEmpty ? nil : body.assumedLength))
        summary.tableReading = tableReading
        summary.nearbyMatches = outcome.nearbyMatches
        summary.removedSkipped = outcome.removedSkipped
        summary.removedRestored = outcome.removedRestored
        summary.body?.possibleTapeTypos = TapeGuard.outliers(in: body.measurements).filter { outcome.addedOtherIDs.contains($0.entry.id) }
        return summary
    }
}

extension ImportFeature {
    /// Adds imported entries in one write, skipping what is stored already
    /// (`ImportBatch.merge`, decided under the lock); a dry run merges into a
    /// copy of what is loaded.
    fileprivate func apply(_ batch: ImportBatch, dryRun: Bool) async throws -> ImportBatch.Outcome {
        if dryRun {
            var copy = try await records.loaded()
            return try batch.merge(into: &copy)
        }
        return try await records.apply { [repository] in try await repository.modify { try batch.merge(into: &$0) } }
    }
}

/// What an import did, or (dry run) would do (SPEC §6).
public struct ImportSummary: Equatable, Sendable {
    public let path: String
    public let format: ImportFormat
    public let added: Int
    /// Weigh-ins already stored that the file gave their body fat.
    public let updated: Int
    public let duplicates: Int
    public let noReading: Int
    /// The rows that could not be read (skipped with `--skip-invalid`).
    public let problems: [ImportProblem]
    public let goalSet: Bool
    public let dryRun: Bool
    /// The file is not UTF-8: its text was read as Windows-1252.
    public let readAsWindows1252: Bool
    /// Body-fat readings without a weigh-in of the same source within 2 minutes: not stored.
    public let loneBodyFatReadings: Int
    /// Set when the file names no unit and the weights were read in one it did not name.
    public let unitAssumption: UnitAssumption?
    /// Otherwise, where the file named its units (nil when nothing was read).
    public let namedUnit: NamedUnit?
    /// A backup's settings, and which were restored or kept.
    public let settingsRestore: SettingsRestore?
    /// The file held no weigh-in at all: what it held instead ("found no weigh-ins in FILE: …").
    public let nothingFound: String?
    /// Added weigh-ins far from the imported series' trend there: kept, and named.
    public let possibleTypos: [TypoGuard.Outlier]
    /// What the file's intake and measurements did; nil when it held none.
    public var body: BodyImport?
    /// How a table no layout named was read (SPEC §18): `read as a table: …`.
    public var tableReading: String?
    /// Rows that were a stored weigh-in seen within 30 minutes (counted among the duplicates and the updated).
    public var nearbyMatches = 0
    /// Rows that match a record removed earlier: skipped, or taken back with `restoreRemoved` (SPEC §18).
    public var removedSkipped = 0
    public var removedRestored = 0

    public var invalid: Int { problems.count }
}

/// What importing a file's intake and measurements did (SPEC §15, §16).
public struct BodyImport: Equatable, Sendable {
    /// Each kind the file held besides weigh-ins, in the store's order: added and duplicates.
    public let kinds: [(kind: RecordKind, counts: ImportBatch.Outcome.OtherCounts)]
    /// Days with intake the file marks as not completed (Cronometer): imported, and named.
    public let incompleteIntakeDays: Int
    /// The file held weigh-ins (or rows for them) too.
    public let readWeighIns: Bool
    /// Days already logged whose intake in the file was left out, or replaced (SPEC §15).
    public let intakeDaysKept: [CalendarDay]
    public let intakeDaysReplaced: [CalendarDay]
    /// The unit lengths were read in because the file names none.
    public let assumedLength: LengthUnit?
    /// Measurements far from their neighbours of the same name: imported, and listed (SPEC §16).
    public var possibleTapeTypos: [TapeGuard.Outlier] = []

    public static func == (a: BodyImport, b: BodyImport) -> Bool {
        a.kinds.map(\.kind) == b.kinds.map(\.kind) && a.kinds.map(\.counts) == b.kinds.map(\.counts) && a.incompleteIntakeDays == b.incompleteIntakeDays
            && a.readWeighIns == b.readWeighIns && a.intakeDaysKept == b.intakeDaysKept && a.intakeDaysReplaced == b.intakeDaysReplaced
            && a.assumedLength == b.assumedLength && a.possibleTapeTypos == b.possibleTapeTypos
    }
}

/// The settings a backup carried, and what restoring them did.
public struct SettingsRestore: Equatable, Sendable {
    public let backup: Settings
    public let outcome: SettingsFeature.RestoreOutcome
}

/// The unit weights were read in when the file names none, why, and what
/// else they might have been.
public struct UnitAssumption: Equatable, Sendable {
    public let unit: WeightUnit
    public let reason: UnitReason
    /// The units the file's weights might be in instead: what to suggest.
    public let alternatives: [WeightUnit]

    /// Scales and apps write kilograms or pounds; stones are a way of
    /// showing pounds, never how a file stores them.
    static func alternatives(to unit: WeightUnit) -> [WeightUnit] {
        switch unit {
        case .kilograms: [.pounds]
        case .pounds: [.kilograms]
        case .stones: [.pounds, .kilograms]
        }
    }
}

extension ImportProblem {
    /// The row failed only for want of a day-first or month-first order.
    public var asksForDateOrder: Bool { reason.hasSuffix(ParsedImport.dateOrderQuestion) }
    /// Whether the row's two weight columns disagree, so one must be chosen.
    public var asksForWeightColumn: Bool { reason.hasSuffix(ParsedImport.twoWeightsQuestion) }
}
