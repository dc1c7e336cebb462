#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Storage for the weight log. Every change is record-level: it is applied to
/// what is stored at that moment, so two processes never overwrite each
/// other's edits, and it returns the store as it is after the change.
///
/// A repository provides `load`, `modify`, the undo journal and the files
/// beside the store (other copies to merge, exports); the named operations
/// below have one definition, in the extension, so every repository applies
/// the same rules.
public protocol WeightRepository: Sendable {
    func load() async throws -> WeightStore
    /// Applies `change` to what is stored at this moment, in the same locked
    /// write; when `change` throws, nothing is written, and when it changes
    /// nothing, nothing is written and no undo step is taken. `retiring`:
    /// files (merged copies) taken away once the change is in place, kept in
    /// the undo journal so that undoing the change brings them back.
    /// `change` in the result: what was written (nil when nothing was).
    func modify<Value: Sendable>(
        retiring: [String], _ change: @escaping @Sendable (inout WeightStore) throws -> Value
    ) async throws -> (store: WeightStore, outcome: Value, change: WeightChange?)
    /// Reverts the latest change not yet undone (SPEC §9).
    func undo() async throws -> (store: WeightStore, outcome: JournalMove, change: WeightChange)
    /// Re-applies the earliest change undone.
    func redo() async throws -> (store: WeightStore, outcome: JournalMove, change: WeightChange)
    /// The journalled changes and where the store stands among them.
    func journal() async throws -> ChangeJournal

    /// Another weights file or a JSON export (a sync tool's copy, a git
    /// merge's side); an empty file is an empty store when `emptyIsEmpty`.
    func readCopy(at path: String, emptyIsEmpty: Bool) async throws -> WeightStore
    /// Writes a weights file that is not the store (the git driver's result), atomically.
    func writeCopy(_ store: WeightStore, to path: String) async throws
    /// Writes an export atomically; never over the data files, never through a symlink.
    func writeExport(_ bytes: [UInt8], to path: String) async throws
    /// Whether `path` is the store itself (any name for the same file).
    func isStore(_ path: String) -> Bool
    /// The copies sync tools left beside the store (SPEC §9).
    func conflictCopies() -> [String]
}

extension WeightRepository {
    public func modify<Value: Sendable>(
        _ change: @escaping @Sendable (inout WeightStore) throws -> Value
    ) async throws -> (store: WeightStore, outcome: Value, change: WeightChange?) {
        try await modify(retiring: [], change)
    }

    public func insert(_ entry: WeightEntry) async throws -> WeightStore {
        try await modify { $0.insert(entry) }.store
    }

    /// An import in one write, all or none; duplicates of what is stored at
    /// that moment are skipped (`ImportBatch.merge`).
    public func importBatch(_ batch: ImportBatch) async throws -> (store: WeightStore, outcome: ImportBatch.Outcome, change: WeightChange?) {
        try await modify { batch.merge(into: &$0) }
    }

    /// Nil clears the goal.
    public func setGoal(_ kilograms: Double?) async throws -> WeightStore {
        try await modify { $0.goalKilograms = kilograms }.store
    }
}

/// Storage for the user's settings; like the weights, changed record-level.
public protocol SettingsRepository: Sendable {
    func load() async throws -> Settings
    /// Applies `change` to what is stored at this moment, in one locked write.
    func modify(_ change: @escaping @Sendable (inout Settings) -> Void) async throws -> Settings
}

extension SettingsRepository {
    public func setUnit(_ unit: WeightUnit) async throws -> Settings {
        try await modify { $0.unit = unit }
    }

    /// The default method is stored as no method at all.
    public func setMethod(_ method: TrendMethod) async throws -> Settings {
        try await modify { $0.method = method == .default ? nil : method }
    }

    /// Nil clears the height.
    public func setHeight(_ centimetres: Double?) async throws -> Settings {
        try await modify { $0.heightCentimetres = centimetres }
    }
}
