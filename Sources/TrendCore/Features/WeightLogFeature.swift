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
    @ObservationIgnored private let refreshes = SharedRefresh()
    @ObservationIgnored private let edits = EditQueue()

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
        // Loading from the moment it is asked for, not when the task first runs.
        isLoading = true
        return refreshes.task { [repository] in
            defer { self.isLoading = false }
            do {
                self.accept(try await repository.load())
                self.loadError = nil
            } catch {
                self.loadError = error
            }
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

    /// Adds imported entries in one write, skipping what is stored already
    /// (`ImportBatch.merge`, decided under the lock); a dry run merges into a
    /// copy of what is loaded.
    public func importBatch(_ batch: ImportBatch, dryRun: Bool) async throws -> ImportBatch.Outcome {
        if dryRun {
            await refresh()
            if let loadError { throw loadError }
            var copy = store
            return batch.merge(into: &copy)
        }
        return try await performEdit { [repository] in try await repository.importBatch(batch) }
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
        isSaving = true
        defer { isSaving = edits.pending > 0 }
        do {
            let (store, outcome) = try await edits.run(operation)
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
