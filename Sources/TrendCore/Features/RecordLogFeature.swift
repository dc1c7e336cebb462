#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Observation

/// The authoritative owner of the store: the loaded `weights.json` with
/// its records of every kind and the goal, every change written to it,
/// the queue every change waits in, and the removal of records of any
/// kind. The capabilities of each kind (weigh-ins, intake, measurements)
/// and the goal, history, sync and import capabilities decide their own
/// changes and apply them here (`apply`), so there is one store, one queue
/// and one list of changes.
///
/// Reads share one in-flight refresh; edits are queued and run one after
/// another in the order they were asked for, so no edit is ever dropped.
/// After an edit the entries are what the repository holds then, which
/// includes changes other processes made meanwhile.
@MainActor
@Observable
public final class RecordLogFeature {
    @ObservationIgnored private let repository: any StoreRepository
    @ObservationIgnored private let refreshes = SharedRefresh()
    @ObservationIgnored private let edits = EditQueue()
    /// The stored version last read, taken before reading it: a change made
    /// while it was read shows as a change at the next look.
    @ObservationIgnored private var loadedIdentity: StoreIdentity?

    /// The loaded data as one value: the records of every kind, the goal,
    /// its plan and the file's version.
    public private(set) var store = RecordStore()
    public private(set) var hasLoaded = false
    public private(set) var isLoading = false
    public private(set) var isSaving = false
    public private(set) var loadError: (any Error)?
    public private(set) var saveError: (any Error)?
    /// Every change written, oldest first: what a front end tells a
    /// post-change hook about (SPEC §14), whichever capability made it.
    public private(set) var changes: [StoreChange] = []

    /// The file's format version; a newer one is read but never written.
    public var version: Int { store.version }

    public init(repository: any StoreRepository) {
        self.repository = repository
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

    /// Deletes the records `texts` name (of any kind: ids are unique across
    /// kinds), in one write; when any is unknown or ambiguous, nothing is
    /// deleted and every such id is named.
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
                // What rm takes out stays out of later imports (SPEC §18): each is remembered.
                for record in found { store.removeAndRemember(id: record.id) }
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
}
