#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Observation

/// The authoritative owner of the weigh-ins and the goal.
///
/// Reads share one in-flight refresh; edits are queued and run one after
/// another in the order they were asked for, so no edit is ever dropped.
/// After an edit the entries are what the repository holds then, which
/// includes changes other processes made meanwhile.
@MainActor
@Observable
public final class WeightLogFeature {
    @ObservationIgnored private let repository: any WeightRepository
    @ObservationIgnored private let clock: AppClock
    @ObservationIgnored private var refreshTask: Task<Void, Never>?
    @ObservationIgnored private var editTail: Task<Void, Never>?
    @ObservationIgnored private var admittedEdits = 0

    public private(set) var entries: [WeightEntry] = []
    public private(set) var goalKilograms: Double?
    /// The file's format version; a newer one is read but never written.
    public private(set) var version = WeightStore.currentVersion
    public private(set) var hasLoaded = false
    public private(set) var isLoading = false
    public private(set) var isSaving = false
    public private(set) var loadError: (any Error)?
    public private(set) var saveError: (any Error)?

    public init(repository: any WeightRepository, clock: AppClock) {
        self.repository = repository
        self.clock = clock
    }

    /// Launch entry point: starts loading and returns.
    public func startLoading() {
        _ = sharedRefreshTask()
    }

    /// Every caller awaits the one load in flight.
    public func refresh() async {
        await sharedRefreshTask().value
    }

    private func sharedRefreshTask() -> Task<Void, Never> {
        if let refreshTask { return refreshTask }
        let task = Task { [repository] in
            await self.performRefresh(using: repository)
        }
        refreshTask = task
        // Loading from the moment it is asked for, not when the task first runs.
        isLoading = true
        return task
    }

    private func performRefresh(using repository: any WeightRepository) async {
        defer { refreshTask = nil }
        isLoading = true
        defer { isLoading = false }
        do {
            accept(try await repository.load())
            loadError = nil
        } catch {
            loadError = error
        }
    }

    /// The loaded data as one value: what `export` writes.
    public var store: WeightStore {
        WeightStore(entries: entries, goalKilograms: goalKilograms, version: version)
    }

    /// The most recent weigh-in by instant.
    public var latestEntry: WeightEntry? { entries.last }

    /// True when the latest weigh-in is strictly older than `seconds` of
    /// elapsed time (or there is none): what a cron reminder asks.
    public func isLatestEntry(olderThanSeconds seconds: Int64) -> Bool {
        guard let latest = latestEntry else { return true }
        return clock.nowEpochSeconds - latest.timestamp.epochSeconds > seconds
    }

    // MARK: Edits

    /// Logs a weigh-in. With `typedIn`, a weight far from the trend at that
    /// moment is refused as a likely typo (`TypoGuard`); nil logs it anyway.
    @discardableResult
    public func add(kilograms: Double, at timestamp: Timestamp, note: String? = nil, typedIn unit: WeightUnit? = nil) async throws -> WeightEntry {
        try validate(kilograms: kilograms)
        try validate(timestamp: timestamp)
        let entry = WeightEntry(timestamp: timestamp, kilograms: kilograms, note: note)
        try await performEdit { [repository] in
            try await repository.modify { store in
                // Decided under the lock, against what is stored then.
                if let unit { try TypoGuard.check(kilograms, typedIn: unit, trendKilograms: TypoGuard.trendKilograms(of: store.entries)) }
                store.insert(entry)
            }.store
        }
        return entry
    }

    /// What an edit does to the note.
    public enum NoteChange: Equatable, Sendable {
        case keep
        case set(String)
        case clear
    }

    /// Changes one entry; nil arguments keep what is there.
    @discardableResult
    public func update(
        id: UUID, kilograms: Double? = nil, timestamp: Timestamp? = nil, note: NoteChange = .keep
    ) async throws -> WeightEntry {
        try await update(matching: id.uuidString.lowercased(), kilograms: kilograms, timestamp: timestamp, note: note)
    }

    /// Changes the entry `text` names (full id or unique prefix), resolved
    /// against what is stored when the change is made: one locked read and
    /// write, nothing loaded first. Every edit of an entry takes this path.
    @discardableResult
    public func update(
        matching text: String, kilograms: Double? = nil, timestamp: Timestamp? = nil, note: NoteChange = .keep,
        typedIn unit: WeightUnit? = nil
    ) async throws -> WeightEntry {
        _ = try EntryID.prefix(parsing: text)
        if let kilograms { try validate(kilograms: kilograms) }
        if let timestamp { try validate(timestamp: timestamp) }
        return try await performEdit { [repository] in
            try await repository.modify { store in
                var entry = try EntryID.entry(matching: text, in: store.entries)
                if let kilograms, let unit {
                    let others = store.entries.filter { $0.id != entry.id }
                    try TypoGuard.check(kilograms, typedIn: unit, trendKilograms: TypoGuard.trendKilograms(of: others))
                }
                if let kilograms { entry.kilograms = kilograms }
                if let timestamp { entry.timestamp = timestamp }
                switch note {
                case .keep: break
                case .set(let text): entry.note = text.isEmpty ? nil : text
                case .clear: entry.note = nil
                }
                store.replace(entry)
                return entry
            }
        }
    }

    /// Deletes the entry `text` names, resolved as `update(matching:)` does.
    @discardableResult
    public func remove(matching text: String) async throws -> WeightEntry {
        _ = try EntryID.prefix(parsing: text)
        return try await performEdit { [repository] in
            try await repository.modify { store in
                let entry = try EntryID.entry(matching: text, in: store.entries)
                store.remove(id: entry.id)
                return entry
            }
        }
    }

    @discardableResult
    public func remove(id: UUID) async throws -> WeightEntry {
        try await remove(matching: id.uuidString.lowercased())
    }

    public func setGoal(kilograms: Double) async throws {
        guard WeightInput.isValid(kilograms: kilograms) else {
            throw WeightLogError.goalOutOfRange(kilograms: kilograms)
        }
        try await performEdit { [repository] in try await repository.setGoal(kilograms) }
    }

    /// Merges other copies into the store by id, all in one write (SPEC §9);
    /// a dry run merges into a copy of what is loaded.
    public func merge(_ others: [WeightStore], prefer: WeightMerge.Preference, dryRun: Bool) async throws -> [WeightMerge.Outcome] {
        if dryRun {
            await refresh()
            if let loadError { throw loadError }
            var copy = store
            return others.map { WeightMerge.merge($0, into: &copy, prefer: prefer) }
        }
        return try await performEdit { [repository] in
            try await repository.modify { store in others.map { WeightMerge.merge($0, into: &store, prefer: prefer) } }
        }
    }

    /// Reverts the last change (or, called again, redoes it) and says what
    /// that did, as seen from the version before it.
    @discardableResult
    public func undo() async throws -> ChangeSummary {
        try await performEdit { [repository] in try await repository.undo() }
    }

    public func clearGoal() async throws {
        try await performEdit { [repository] in try await repository.setGoal(nil) }
    }

    /// What an import did, or (dry run) would do.
    public struct ImportSummary: Equatable, Sendable {
        public let format: ImportFormat
        public let added: Int
        public let duplicates: Int
        public let noReading: Int
        public let invalid: Int
        public let goalSet: Bool
        public let dryRun: Bool
        /// The unit weights were read in because the file names none.
        public let assumedUnit: WeightUnit?
    }

    /// Applies a read import file in one write. With rows that cannot be read
    /// nothing is written unless `skipInvalid`; a dry run merges into a copy.
    public func importEntries(_ parsed: ParsedImport, path: String, dryRun: Bool, skipInvalid: Bool) async throws -> ImportSummary {
        let invalid = parsed.invalidRows.count
        if invalid > 0 && !skipInvalid { throw ImportError.invalidRows(path: path, count: invalid) }
        // Every row failed: --skip-invalid has nothing left to import; or there was nothing to read.
        if parsed.entries.isEmpty && parsed.goalKilograms == nil {
            if invalid > 0 { throw ImportError.everyRowInvalid(path: path, count: invalid) }
            throw ImportError.noWeighIns(path: path, rows: parsed.noReadingCount, otherRecords: parsed.otherRecordCount)
        }
        let batch = ImportBatch(entries: parsed.entries, goalKilograms: parsed.goalKilograms, idsDecide: parsed.format == .json)
        let outcome: ImportBatch.Outcome
        if dryRun {
            await refresh()
            if let loadError { throw loadError }
            var copy = store
            outcome = batch.merge(into: &copy)
        } else {
            outcome = try await performEdit { [repository] in try await repository.importBatch(batch) }
        }
        return ImportSummary(
            format: parsed.format, added: outcome.added, duplicates: outcome.duplicates, noReading: parsed.noReadingCount,
            invalid: invalid, goalSet: outcome.goalSet, dryRun: dryRun, assumedUnit: parsed.assumedUnit)
    }

    /// Finds an entry by its full id or a unique prefix of at least 4 hex
    /// digits, among the loaded entries.
    public func entry(matching text: String) throws(WeightLogError) -> WeightEntry {
        try EntryID.entry(matching: text, in: entries)
    }

    // MARK: Internals

    private func validate(kilograms: Double) throws(WeightLogError) {
        guard WeightInput.isValid(kilograms: kilograms) else {
            throw .weightOutOfRange(kilograms: kilograms)
        }
    }

    private func validate(timestamp: Timestamp) throws(WeightLogError) {
        guard timestamp.storable == timestamp else { throw .dateNotStorable(timestamp: timestamp) }
        guard clock.accepts(timestamp) else {
            throw .dateInFuture(timestamp: timestamp)
        }
    }

    private func accept(_ store: WeightStore) {
        entries = store.entries
        goalKilograms = store.goalKilograms
        version = store.version
        hasLoaded = true
    }

    /// Runs `operation` after every edit admitted before it, publishes the
    /// store it returns, and records a failure without touching the data.
    @discardableResult
    private func performEdit<Value: Sendable>(
        _ operation: @escaping @Sendable () async throws -> (store: WeightStore, outcome: Value)
    ) async throws -> Value {
        admittedEdits += 1
        let ticket = admittedEdits
        let previous = editTail
        let work = Task { () async throws -> (store: WeightStore, outcome: Value) in
            await previous?.value
            return try await operation()
        }
        editTail = Task { _ = await work.result }
        isSaving = true
        defer { if admittedEdits == ticket { editTail = nil } }
        defer { if admittedEdits == ticket { isSaving = false } }
        do {
            let (store, outcome) = try await work.value
            accept(store)
            saveError = nil
            return outcome
        } catch {
            saveError = error
            throw error
        }
    }

    private func performEdit(_ operation: @escaping @Sendable () async throws -> WeightStore) async throws {
        try await performEdit { () async throws -> (store: WeightStore, outcome: Bool) in (try await operation(), true) }
    }
}
