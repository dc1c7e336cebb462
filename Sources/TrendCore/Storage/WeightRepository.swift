#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Storage for the weight log. Every change is record-level: it is applied to
/// what is stored at that moment, so two processes never overwrite each
/// other's edits, and it returns the store as it is after the change.
///
/// A repository provides `load` and `modify`; the named operations below have
/// one definition, in the extension, so every repository applies the same rules.
public protocol WeightRepository: Sendable {
    func load() async throws -> WeightStore
    /// Applies `change` to what is stored at this moment, in the same locked
    /// write; when `change` throws, nothing is written.
    func modify<Value: Sendable>(
        _ change: @escaping @Sendable (inout WeightStore) throws -> Value
    ) async throws -> (store: WeightStore, outcome: Value)
    /// Puts back the version the last change replaced, keeping the current
    /// one so a second undo redoes it (SPEC §9).
    func undo() async throws -> (store: WeightStore, outcome: ChangeSummary)
}

extension WeightRepository {
    public func insert(_ entry: WeightEntry) async throws -> WeightStore {
        try await modify { $0.insert(entry) }.store
    }

    /// An import in one write, all or none; duplicates of what is stored at
    /// that moment are skipped (`ImportBatch.merge`).
    public func importBatch(_ batch: ImportBatch) async throws -> (store: WeightStore, outcome: ImportBatch.Outcome) {
        try await modify { batch.merge(into: &$0) }
    }

    /// Replaces the entry with the same id; throws `WeightLogError.entryNotFound`.
    public func update(_ entry: WeightEntry) async throws -> WeightStore {
        try await modify { store in
            guard store.replace(entry) else { throw WeightLogError.entryNotFound(id: entry.idText) }
        }.store
    }

    /// Throws `WeightLogError.entryNotFound`.
    public func delete(id: UUID) async throws -> WeightStore {
        try await modify { store in
            guard store.remove(id: id) != nil else { throw WeightLogError.entryNotFound(id: id.uuidString.lowercased()) }
        }.store
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
}
