#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `weights.json` in the data directory.
public struct JSONFileWeightRepository: WeightRepository {
    /// Nil when there is no data directory: reads find nothing, writes fail.
    let file: DurableFile?

    public init(path: String?, replacementGuard: any FileReplacementGuard = NoFileReplacementGuard()) {
        file = path.map { DurableFile(path: $0, keepsPrevious: true, replacementGuard: replacementGuard) }
    }

    init(file: DurableFile) {
        self.file = file
    }

    public func load() async throws -> WeightStore {
        guard let file else { return WeightStore() }
        return try await file.withContents { contents in
            try await WeightsDocument.decode(contents, path: file.path)
        } ?? WeightStore()
    }

    public func modify<Value: Sendable>(
        _ change: @escaping @Sendable (inout WeightStore) throws -> Value
    ) async throws -> (store: WeightStore, outcome: Value) {
        var outcome: Value?
        let store = try await self.change { outcome = try change(&$0) }
        return (store, outcome!)
    }

    public func undo() async throws -> (store: WeightStore, outcome: ChangeSummary) {
        guard let file else { throw StorageError.noDataDirectory }
        return try await file.swapWithPrevious { current, previous in
            let now = try await WeightsDocument.decode(current, path: file.path)
            let before = try await WeightsDocument.decode(previous, path: file.path)
            guard now.version <= WeightStore.currentVersion, before.version <= WeightStore.currentVersion else {
                throw DataFileError.newerVersion(path: file.path, version: max(now.version, before.version))
            }
            return (before, ChangeSummary(from: now, to: before))
        }
    }

    /// The one path every change takes: decode what is on disk under the lock,
    /// refuse a newer version, apply, encode.
    private func change(_ apply: (inout WeightStore) throws -> Void) async throws -> WeightStore {
        guard let file else { throw StorageError.noDataDirectory }
        return try await file.update { (current: MappedContents?) async throws -> (contents: DurableFile.FileContents, result: WeightStore) in
            var store = WeightStore()
            if let current { store = try await WeightsDocument.decode(current, path: file.path) }
            guard store.version <= WeightStore.currentVersion else {
                throw DataFileError.newerVersion(path: file.path, version: store.version)
            }
            try apply(&store)
            let final = store
            return (DurableFile.FileContents.streamed { writer in WeightsDocument.encode(final, into: &writer) }, store)
        }
    }
}

/// `settings.json` in the data directory.
public struct JSONFileSettingsRepository: SettingsRepository {
    let file: DurableFile?

    public init(path: String?, replacementGuard: any FileReplacementGuard = NoFileReplacementGuard()) {
        file = path.map { DurableFile(path: $0, replacementGuard: replacementGuard) }
    }

    public func load() async throws -> Settings {
        guard let file, let bytes = try file.read() else { return Settings() }
        return try SettingsDocument.decode(bytes, path: file.path)
    }

    public func modify(_ change: @escaping @Sendable (inout Settings) -> Void) async throws -> Settings {
        guard let file else { throw StorageError.noDataDirectory }
        return try await file.update { (current: MappedContents?) async throws -> (bytes: [UInt8], result: Settings) in
            var settings = try current.map { contents throws(DataFileError) in try SettingsDocument.decode(Array(contents.bytes), path: file.path) } ?? Settings()
            guard settings.version <= Settings.currentVersion else {
                throw DataFileError.newerVersion(path: file.path, version: settings.version)
            }
            change(&settings)
            settings.version = settings.versionNeeded
            return (SettingsDocument.encode(settings), settings)
        }
    }
}
