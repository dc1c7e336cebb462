#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The weights file as each capability sees it. Every change is
/// record-level: it is applied to what is stored at that moment, so two
/// processes never overwrite each other's edits, and it returns the store as
/// it is after the change. Each Feature is given the part it uses; the
/// JSON-file repository is all of them.
public protocol StoreRepository: Sendable {
    func load() async throws -> RecordStore
    /// Applies `change` to what is stored at this moment, in the same locked
    /// write; when `change` throws, nothing is written, and when it changes
    /// nothing, nothing is written and no undo step is taken. `retiring`:
    /// files (merged copies) taken away once the change is in place, kept in
    /// the undo journal so that undoing the change brings them back.
    /// `change` in the result: what was written (nil when nothing was).
    func modify<Value: Sendable>(
        retiring: [String], _ change: @escaping @Sendable (inout RecordStore) throws -> Value
    ) async throws -> (store: RecordStore, outcome: Value, change: StoreChange?)
    /// What tells one stored version from the next without reading it: a
    /// screen left open checks it to show changes made elsewhere. Nil when
    /// the storage cannot tell (the screen then never reloads on its own).
    func identity() async -> StoreIdentity?
}

/// A stored version's identity: every change replaces the file, so the
/// file's device, inode, size and modification time differ after one.
public struct StoreIdentity: Hashable, Sendable {
    public let parts: [Int64]

    public init(_ parts: [Int64]) { self.parts = parts }
}

extension StoreRepository {
    public func identity() async -> StoreIdentity? { nil }

    public func modify<Value: Sendable>(
        _ change: @escaping @Sendable (inout RecordStore) throws -> Value
    ) async throws -> (store: RecordStore, outcome: Value, change: StoreChange?) {
        try await modify(retiring: [], change)
    }
}

/// The undo journal (SPEC §9).
public protocol HistoryRepository: Sendable {
    /// Reverts the latest change not yet undone.
    func undo() async throws -> (store: RecordStore, outcome: JournalMove, change: StoreChange)
    /// Re-applies the earliest change undone.
    func redo() async throws -> (store: RecordStore, outcome: JournalMove, change: StoreChange)
    /// The journalled changes and where the store stands among them.
    func journal() async throws -> ChangeJournal
}

/// Other copies of the weights file: a sync tool's conflict copies, a
/// second device's file, git's three sides (SPEC §9).
public protocol CopiesRepository: Sendable {
    /// Another weights file or a JSON export; an empty file is an empty
    /// store when `emptyIsEmpty` (git's base when both sides added the file).
    /// `progress` is told how far the reading has come.
    func readCopy(at path: String, emptyIsEmpty: Bool, progress: WorkProgress.Reporter?) async throws -> RecordStore
    /// Writes a weights file that is not the store (the git driver's result), atomically.
    func writeCopy(_ store: RecordStore, to path: String) async throws
    /// Whether `path` is the store itself (any name for the same file).
    func isStore(_ path: String) -> Bool
    /// The copies sync tools left beside the store.
    func conflictCopies() -> [String]
}

/// Files written from the store (`export --output`).
public protocol ExportRepository: Sendable {
    /// Writes atomically; never over the data files, never through a symlink.
    func writeExport(_ bytes: [UInt8], to path: String) async throws
}

/// Everything the weights file is: the store, its journal, its copies and
/// its exports, one file and one lock (SPEC §1).
public protocol RecordRepository: StoreRepository, HistoryRepository, CopiesRepository, ExportRepository {}

/// Storage for the user's settings; like the weights, changed record-level.
public protocol SettingsRepository: Sendable {
    func load() async throws -> Settings
    /// Applies `change` to what is stored at this moment, in one locked
    /// write, and returns the settings written and what `change` decided.
    func modify<Value: Sendable>(_ change: @escaping @Sendable (inout Settings) -> Value) async throws -> (settings: Settings, outcome: Value)
}

extension SettingsRepository {
    public func modify(_ change: @escaping @Sendable (inout Settings) -> Void) async throws -> Settings {
        try await modify(change).settings
    }
}

extension CopiesRepository {
    public func readCopy(at path: String, emptyIsEmpty: Bool) async throws -> RecordStore {
        try await readCopy(at: path, emptyIsEmpty: emptyIsEmpty, progress: nil)
    }
}
