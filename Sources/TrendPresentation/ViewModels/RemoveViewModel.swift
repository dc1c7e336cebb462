import Observation
import TrendCore

/// The remove screen: records of any kind deleted by id, all in one write.
@MainActor
@Observable
public final class RemoveViewModel {
    private let app: AppModel

    public var ids: [String] = []
    public private(set) var removed: [AnyRecord] = []
    /// The ids as the store had them before: unique among its records.
    private var shortIDs = ShortIDs()

    public init(app: AppModel) {
        self.app = app
    }

    public var unit: WeightUnit { app.settingsFeature.unit }

    public func remove() async throws {
        try await app.loadSettings()
        try await app.loadWeights()
        shortIDs = ShortIDs(app.recordLogFeature.store)
        removed = try await app.recordLogFeature.remove(matching: ids)
    }

    public var document: RemovedDocument {
        let entries = removed.map { RecordDocument($0, unit: unit) }
        return ids.count == 1 && entries.count == 1 ? .one(entries[0]) : .several(entries)
    }

    var text: String { removed.map { "Removed " + EntryRendering.summary($0, unit: unit, ids: shortIDs) + "\n" }.joined() }
}
