import Observation

/// Undo and redo (SPEC §9): the journal of the last changes, and moves
/// through it. A move is a change to the store like any other, so it waits
/// in the weight log's queue and its result is what the weight log shows.
@MainActor
@Observable
public final class HistoryFeature {
    @ObservationIgnored private let weightLog: WeightLogFeature
    @ObservationIgnored private let repository: any HistoryRepository

    /// The journal as last read (`journal()`).
    public private(set) var journal = ChangeJournal.empty

    public init(weightLog: WeightLogFeature, repository: any HistoryRepository) {
        self.weightLog = weightLog
        self.repository = repository
    }

    /// Reverts the latest change not yet undone and says what that did.
    @discardableResult
    public func undo() async throws -> JournalMove {
        try await weightLog.apply { [repository] in
            let move = try await repository.undo()
            return (move.store, move.outcome, move.change)
        }
    }

    /// Re-applies the earliest change undone.
    @discardableResult
    public func redo() async throws -> JournalMove {
        try await weightLog.apply { [repository] in
            let move = try await repository.redo()
            return (move.store, move.outcome, move.change)
        }
    }

    /// Reads the journalled changes, for `undo --list`.
    @discardableResult
    public func refreshJournal() async throws -> ChangeJournal {
        journal = try await repository.journal()
        return journal
    }
}
