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
