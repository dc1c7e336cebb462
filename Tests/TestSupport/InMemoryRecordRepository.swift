import Foundation
import TrendCore

/// All of the weights file in memory, as the CFA seeds' test repository
/// is: the store, an undo journal of whole stores (SPEC §9), other copies
/// by path, and the exports written. For ViewModel tests of the screens
/// that need more than the store.
public actor InMemoryRecordRepository: RecordRepository {
    public private(set) var store: RecordStore
    /// The store before each change kept, oldest first, and the command that made it.
    private var versions: [(before: RecordStore, after: RecordStore, step: JournalStep)] = []
    /// How many of `versions` the store reflects now.
    private var position = 0
    private var copies: [String: RecordStore]
    public private(set) var exports: [String: [UInt8]] = [:]
    private let clock: AppClock
    private let command: String

    public init(store: RecordStore = RecordStore(), copies: [String: RecordStore] = [:], clock: AppClock, command: String = "change") {
        self.store = store
        self.copies = copies
        self.clock = clock
        self.command = command
    }

    public func load() async throws -> RecordStore { store }

    public func modify<Value: Sendable>(
        retiring: [String], _ change: @escaping @Sendable (inout RecordStore) throws -> Value
    ) async throws -> (store: RecordStore, outcome: Value, change: StoreChange?) {
        var changed = store
        let outcome = try change(&changed)
        guard changed != store else { return (store, outcome, nil) }
        let written = StoreChange(from: store, to: changed)
        versions = Array(versions.prefix(position))
        versions.append((store, changed, JournalStep(at: clock.now, command: JournalCommand.name ?? command, summary: written.summary)))
        position = versions.count
        store = changed
        for path in retiring { copies[path] = nil }
        return (store, outcome, written)
    }

    public func undo() async throws -> (store: RecordStore, outcome: JournalMove, change: StoreChange) {
        guard position > 0 else { throw StorageError.nothingToUndo(path: "weights.json") }
        position -= 1
        return move(to: versions[position].before, step: versions[position].step, .undo)
    }

    public func redo() async throws -> (store: RecordStore, outcome: JournalMove, change: StoreChange) {
        guard position < versions.count else { throw StorageError.nothingToRedo(path: "weights.json") }
        position += 1
        return move(to: versions[position - 1].after, step: versions[position - 1].step, .redo)
    }

    private func move(to version: RecordStore, step: JournalStep, _ direction: JournalMove.Direction) -> (RecordStore, JournalMove, StoreChange) {
        let change = StoreChange(from: store, to: version)
        store = version
        return (store, JournalMove(direction: direction, step: step, effect: change.summary, restoredFiles: [], keptFiles: []), change)
    }

    public func journal() async throws -> ChangeJournal {
        ChangeJournal(steps: versions.map(\.step), position: position)
    }

    public func readCopy(at path: String, emptyIsEmpty: Bool, progress: WorkProgress.Reporter?) async throws -> RecordStore {
        guard let copy = copies[path] else { throw StorageError.missingInput(path: path) }
        return copy
    }

    public func writeCopy(_ store: RecordStore, to path: String) async throws { copies[path] = store }
    public nonisolated func isStore(_ path: String) -> Bool { path == "weights.json" }
    public nonisolated func conflictCopies() -> [String] { [] }
    public func writeExport(_ bytes: [UInt8], to path: String) async throws { exports[path] = bytes }
}

extension TestAppModelFactory {
    /// An `AppModel` whose store, journal, copies and exports are all `repository`.
    public static func make(weights repository: InMemoryRecordRepository, settings: Settings = Settings(), nowEpochSeconds: Int64 = now) -> AppModel {
        AppModel(
            store: repository, history: repository, copies: repository, exports: repository,
            settings: InMemorySettingsRepository(settings: settings), clock: .fixed(epochSeconds: nowEpochSeconds, timeZone: FixedOffsetTimeZone(offsetSeconds: 0)))
    }
}
