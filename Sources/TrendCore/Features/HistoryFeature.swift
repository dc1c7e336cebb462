import Observation

/// Undo and redo (SPEC §9): the journal of the last changes, and moves
/// through it. A move is a change to the store like any other, so it waits
/// in the weight log's queue and its result is what the weight log shows.
@MainActor
@Observable
public final class HistoryFeature {
    @ObservationIgnored private let records: RecordLogFeature
    @ObservationIgnored private let repository: any HistoryRepository

    /// The journal as last read (`journal()`).
    public private(set) var journal = ChangeJournal.empty

    public init(records: RecordLogFeature, repository: any HistoryRepository) {
        self.records = records
        self.repository = repository
    }

    /// Reverts the latest change not yet undone and says what that did.
    @discardableResult
    public func undo() async throws -> JournalMove {
        try await records.apply { [repository] in
            let move = try await repository.undo()
            return (move.store, move.outcome, move.change)
        }
    }

    /// Re-applies the earliest change undone.
    @discardableResult
    public func redo() async throws -> JournalMove {
        try await records.apply { [repository] in
            let move = try await repository.redo()
            return (move.store, move.outcome, move.change)
        }
    }

    /// Runs `change` with the journal naming the change it makes `name`, as
    /// the command that would have made it (`log 79.4`): a screen left open
    /// makes many changes in one process, and `undo --list` should read the
    /// same whichever face made them.
    @discardableResult
    public func naming<Value>(_ name: String, _ change: () async throws -> Value) async throws -> Value {
        try await JournalCommand.$name.withValue(name) { try await change() }
    }

    /// Reads the journalled changes, for `undo --list`.
    @discardableResult
    public func refreshJournal() async throws -> ChangeJournal {
        journal = try await repository.journal()
        return journal
    }
}
