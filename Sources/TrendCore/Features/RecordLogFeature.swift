#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Observation

/// The authoritative owner of the weigh-ins, and of the store they live in
/// with the goal: the loaded `weights.json`, every change written to it, and
/// the queue every change waits in. The goal, history, sync and import
/// capabilities decide their own changes and apply them here (`apply`), so
/// there is one store, one queue and one list of changes.
///
/// Reads share one in-flight refresh; edits are queued and run one after
/// another in the order they were asked for, so no edit is ever dropped.
/// After an edit the entries are what the repository holds then, which
/// includes changes other processes made meanwhile.
@MainActor
@Observable
public final class RecordLogFeature {
    @ObservationIgnored private let repository: any StoreRepository
    @ObservationIgnored private let clock: AppClock
    @ObservationIgnored private let refreshes = SharedRefresh()
    @ObservationIgnored private let edits = EditQueue()
    /// The stored version last read, taken before reading it: a change made
    /// while it was read shows as a change at the next look.
    @ObservationIgnored private var loadedIdentity: StoreIdentity?

    /// The loaded data as one value: the weigh-ins, the goal, its plan,
    /// the intake, the measurements and the file's version.
    public private(set) var store = RecordStore()
    public private(set) var hasLoaded = false
    public private(set) var isLoading = false
    public private(set) var isSaving = false
    public private(set) var loadError: (any Error)?
    public private(set) var saveError: (any Error)?
    /// Every change written, oldest first: what a front end tells a
    /// post-change hook about (SPEC §14), whichever capability made it.
    public private(set) var changes: [StoreChange] = []

    public var entries: [WeightEntry] { store.entries }
    /// The file's format version; a newer one is read but never written.
    public var version: Int { store.version }

    public init(repository: any StoreRepository, clock: AppClock) {
        self.repository = repository
        self.clock = clock
    }

    /// Launch entry point: starts loading and returns.
    public func startLoading() {
        isLoading = true
        refreshes.start(load)
    }

    /// Every caller awaits the one load in flight.
    public func refresh() async {
        isLoading = true
        await refreshes.run(load)
    }

    /// The store as loaded, or the load's error.
    func loaded() async throws -> RecordStore {
        await refresh()
        if let loadError { throw loadError }
        return store
    }

    /// Loading from the moment it is asked for (`isLoading` is set by the
    /// caller), not from when the run starts.
    private func load() async {
        loadedIdentity = await repository.identity()
        await SharedRefresh.load({ try await repository.load() }, into: accept) { error in
            loadError = error
            isLoading = false
        }
    }

    /// Reads the store again when it changed since it was last read (a
    /// weigh-in from another shell, cron, a sync): what a screen left open
    /// calls now and then. True when it read it.
    public func refreshIfChangedElsewhere() async -> Bool {
        guard hasLoaded || loadError != nil, let now = await repository.identity(), now != loadedIdentity else { return false }
        await refresh()
        return true
    }

    /// The most recent weigh-in by instant.
    public var latestEntry: WeightEntry? { entries.last }

    /// Elapsed seconds since the latest weigh-in; nil without one.
    public var latestEntryAgeSeconds: Int64? {
        latestEntry.map { clock.nowEpochSeconds - $0.timestamp.epochSeconds }
    }

    /// True when the latest weigh-in is strictly older than `seconds` of
    /// elapsed time (or there is none): what a cron reminder asks.
    public func isLatestEntry(olderThanSeconds seconds: Int64) -> Bool {
        guard let age = latestEntryAgeSeconds else { return true }
        return age > seconds
    }

    // MARK: Edits

    /// Whether a typed weight is checked against the trend as a likely typo.
    public enum TypoCheck: Equatable, Sendable {
        /// Checked (`TypoGuard`), the weight having been typed in this unit.
        case typedIn(WeightUnit)
        /// Taken as given (`--force`).
        case skipped
    }

    /// What logging a weigh-in did.
    public struct LogOutcome: Equatable, Sendable {
        /// The new weigh-in, or the one it repeats.
        public let entry: WeightEntry
        /// The same weight was logged within two minutes: nothing was added.
        public let isRepeat: Bool
        /// The first weigh-in, and heavy in kilograms: perhaps the unit is pounds.
        public let mayBePounds: Bool
    }

    /// Logs a weigh-in. Decided under the lock, against what is stored
    /// then: a weight far from the trend (or, first, no person's weight) is
    /// refused as a likely typo, and the same weight again within two
    /// minutes is not added twice, unless the check is skipped.
    @discardableResult
    public func log(
        kilograms: Double, at timestamp: Timestamp, note: String? = nil, fatPercent: Double? = nil, check: TypoCheck
    ) async throws -> LogOutcome {
        try validate(kilograms: kilograms)
        try validate(timestamp: timestamp)
        if let fatPercent { try validate(fatPercent: fatPercent) }
        let entry = WeightEntry(timestamp: timestamp, kilograms: kilograms, note: note, fatPercent: fatPercent)
        return try await apply { [repository] in
            try await repository.modify { store in
                if case .typedIn(let unit) = check {
                    if let existing = TypoGuard.repeated(kilograms, at: timestamp, in: store.entries) {
                        return LogOutcome(entry: existing, isRepeat: true, mayBePounds: false)
                    }
                    try TypoGuard.check(kilograms, typedIn: unit, against: store.entries)
                }
                let first = store.entries.isEmpty
                store.insert(entry)
                let unit: WeightUnit = if case .typedIn(let unit) = check { unit } else { .kilograms }
                return LogOutcome(entry: entry, isRepeat: false, mayBePounds: first && TypoGuard.firstWeighInMayBePounds(kilograms, unit: unit))
            }
        }
    }

    /// What an edit does to the note.
    public enum NoteChange: Equatable, Sendable {
        case keep
        case set(String)
        case clear
    }

    /// What an edit does to the body fat.
    public enum FatChange: Equatable, Sendable {
        case keep
        case set(Double)
        case clear
    }

    /// Changes the entry `text` names (full id or unique prefix), resolved
    /// against what is stored when the change is made: one locked read and
    /// write, nothing loaded first. Nil arguments keep what is there.
    @discardableResult
    public func update(
        matching text: String, kilograms: Double? = nil, timestamp: Timestamp? = nil, note: NoteChange = .keep,
        fat: FatChange = .keep, check: TypoCheck = .skipped
    ) async throws -> WeightEntry {
        _ = try EntryID.prefix(parsing: text)
        if let kilograms { try validate(kilograms: kilograms) }
        if case .set(let value) = fat { try validate(fatPercent: value) }
        if let timestamp { try validate(timestamp: timestamp) }
        return try await apply { [repository] in
            try await repository.modify { store in
                var entry = try EntryID.entry(matching: text, in: store.entries)
                if let kilograms, case .typedIn(let unit) = check {
                    try TypoGuard.check(kilograms, typedIn: unit, against: store.entries.filter { $0.id != entry.id })
                }
                if let kilograms { entry.kilograms = kilograms }
                if let timestamp { entry.timestamp = timestamp }
                switch note {
                case .keep: break
                case .set(let text): entry.note = text.isEmpty ? nil : text
                case .clear: entry.note = nil
                }
                switch fat {
                case .keep: break
                case .set(let value): entry.fatPercent = value
                case .clear: entry.fatPercent = nil
                }
                store.replace(entry)
                return entry
            }
        }
    }

    /// Deletes the records `texts` name (weigh-ins, intake entries or
    /// measurements: ids are unique across them), in one write; when any is
    /// unknown or ambiguous, nothing is deleted and every such id is named.
    @discardableResult
    public func remove(matching texts: [String]) async throws -> [AnyRecord] {
        for text in texts { _ = try EntryID.prefix(parsing: text) }
        return try await apply { [repository] in
            try await repository.modify { store in
                var found: [AnyRecord] = []
                var errors: [LogError] = []
                for text in texts {
                    do throws(LogError) {
                        let record = try store.record(matching: text)
                        if !found.contains(where: { $0.id == record.id }) { found.append(record) }
                    } catch {
                        errors.append(error)
                    }
                }
                guard errors.isEmpty else { throw LogError.unresolvedIDs(errors) }
                for record in found { store.remove(record) }
                return found
            }
        }
    }

    // MARK: The one path of every change

    /// Runs `operation` after every edit admitted before it (whichever
    /// capability asked), publishes the store it returns, and records a
    /// failure without touching the data.
    @discardableResult
    func apply<Value: Sendable>(
        _ operation: () async throws -> (store: RecordStore, outcome: Value, change: StoreChange?)
    ) async throws -> Value {
        isSaving = true
        defer { isSaving = edits.pending > 0 }
        do {
            let (store, outcome, change) = try await edits.run(operation)
            accept(store)
            if var change {
                change.command = JournalCommand.name
                changes.append(change)
            }
            saveError = nil
            return outcome
        } catch {
            saveError = error
            throw error
        }
    }

    private func accept(_ store: RecordStore) {
        var published = store
        published.edits = nil
        self.store = published
        hasLoaded = true
    }

    // MARK: Validation

    private func validate(kilograms: Double) throws(LogError) {
        guard WeightInput.isValid(kilograms: kilograms) else {
            throw .weightOutOfRange(kilograms: kilograms)
        }
    }

    private func validate(fatPercent: Double) throws(LogError) {
        guard WeightInput.isValid(fatPercent: fatPercent) else { throw .fatOutOfRange(percent: fatPercent) }
    }

    private func validate(timestamp: Timestamp) throws(LogError) {
        guard timestamp.storable == timestamp else { throw .dateNotStorable(timestamp: timestamp) }
        guard clock.accepts(timestamp) else {
            throw .dateInFuture(timestamp: timestamp)
        }
    }
}
