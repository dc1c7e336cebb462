import FoundationEssentials

/// `weights.json` in the data directory.
public struct JSONFileWeightRepository: WeightRepository {
    /// Nil when there is no data directory: reads find nothing, writes fail.
    let file: DurableFile?

    public init(path: String?) {
        file = path.map { DurableFile(path: $0) }
    }

    init(file: DurableFile) {
        self.file = file
    }

    public func load() async throws -> WeightStore {
        guard let file else { return WeightStore() }
        return try file.withContents { bytes, releaser in
            try WeightsDocument.decode(bytes, path: file.path, consumed: releaser)
        } ?? WeightStore()
    }

    public func insert(_ entry: WeightEntry) async throws -> WeightStore {
        try change { $0.insert(entry) }
    }

    public func importBatch(_ batch: ImportBatch) async throws -> (store: WeightStore, outcome: ImportBatch.Outcome) {
        var outcome = ImportBatch.Outcome()
        let store = try change { outcome = batch.merge(into: &$0) }
        return (store, outcome)
    }

    public func update(_ entry: WeightEntry) async throws -> WeightStore {
        try change { store in
            guard store.replace(entry) else { throw WeightLogError.entryNotFound(id: entry.idText) }
        }
    }

    public func delete(id: UUID) async throws -> WeightStore {
        try change { store in
            guard store.remove(id: id) != nil else { throw WeightLogError.entryNotFound(id: id.uuidString.lowercased()) }
        }
    }

    public func setGoal(_ kilograms: Double?) async throws -> WeightStore {
        try change { $0.goalKilograms = kilograms }
    }

    /// The one path every change takes: decode what is on disk under the lock,
    /// refuse a newer version, apply, encode.
    private func change(_ apply: (inout WeightStore) throws -> Void) throws -> WeightStore {
        guard let file else { throw StorageError.noDataDirectory }
        return try file.update { bytes, releaser in
            var store = try bytes.map { bytes throws(StorageError) in try WeightsDocument.decode(bytes, path: file.path, consumed: releaser) } ?? WeightStore()
            guard store.version <= WeightStore.currentVersion else {
                throw StorageError.newerVersion(path: file.path, version: store.version)
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

    public init(path: String?) {
        file = path.map { DurableFile(path: $0) }
    }

    public func load() async throws -> Settings {
        guard let file, let bytes = try file.read() else { return Settings() }
        return try SettingsDocument.decode(bytes, path: file.path)
    }

    public func setUnit(_ unit: WeightUnit) async throws -> Settings {
        guard let file else { throw StorageError.noDataDirectory }
        return try file.update { bytes, _ in
            var settings = try bytes.map { bytes throws(StorageError) in try SettingsDocument.decode(Array(bytes), path: file.path) } ?? Settings()
            guard settings.version <= Settings.currentVersion else {
                throw StorageError.newerVersion(path: file.path, version: settings.version)
            }
            settings.unit = unit
            return (SettingsDocument.encode(settings), settings)
        }
    }
}
