import TrendCore

/// The edit screen (SPEC §4): one weigh-in changed by id.
@MainActor
public final class EditViewModel {
    private let app: AppModel

    public var id = ""
    public var weight: String?
    public var date: String?
    public var note: WeightLogFeature.NoteChange = .keep
    public var fat: String?
    public var clearFat = false
    public var force = false

    public private(set) var entry: WeightEntry?

    public init(app: AppModel) {
        self.app = app
    }

    public var unit: WeightUnit { app.settingsFeature.unit }

    public func edit() async throws {
        try await app.loadSettings()
        let kilograms = try weight.map { try WeightInput.kilograms(parsing: $0, defaultUnit: unit) }
        let timestamp = try date.map { try app.clock.dateInput.timestamp(parsing: $0) }
        let fatChange: WeightLogFeature.FatChange = clearFat ? .clear : try fat.map { .set(try WeightInput.fatPercent(parsing: $0)) } ?? .keep
        // Resolved and changed in one locked read and write.
        entry = try await app.weightLogFeature.update(
            matching: id, kilograms: kilograms, timestamp: timestamp, note: note, fat: fatChange, check: force ? .skipped : .typedIn(unit))
    }

    public var document: EntryDocument? { entry.map { EntryDocument($0, unit: unit) } }
    var text: String { entry.map { "Updated " + EntryRendering.summary($0, unit: unit) + "\n" } ?? "" }
}

public enum EditFormat: String, OutputFormat {
    case text, json

    public var renderer: any Renderer<EditViewModel> {
        switch self {
        case .text: TextRenderer<EditViewModel> { $0.text }
        case .json: JSONRenderer<EditViewModel> { $0.document }
        }
    }
}

/// The remove screen: weigh-ins deleted by id, all in one write.
@MainActor
public final class RemoveViewModel {
    private let app: AppModel

    public var ids: [String] = []
    public private(set) var removed: [WeightEntry] = []

    public init(app: AppModel) {
        self.app = app
    }

    public var unit: WeightUnit { app.settingsFeature.unit }

    public func remove() async throws {
        try await app.loadSettings()
        removed = try await app.weightLogFeature.remove(matching: ids)
    }

    public var document: RemovedDocument {
        let entries = removed.map { EntryDocument($0, unit: unit) }
        return ids.count == 1 && entries.count == 1 ? .one(entries[0]) : .several(entries)
    }

    var text: String { removed.map { "Removed " + EntryRendering.summary($0, unit: unit) + "\n" }.joined() }
}

public enum RemoveFormat: String, OutputFormat {
    case text, json

    public var renderer: any Renderer<RemoveViewModel> {
        switch self {
        case .text: TextRenderer<RemoveViewModel> { $0.text }
        case .json: JSONRenderer<RemoveViewModel> { $0.document }
        }
    }
}

/// The last screen (SPEC §4): the latest weigh-in, and whether it is older
/// than a cron reminder allows.
@MainActor
public final class LastViewModel {
    private let app: AppModel

    /// With one, `isTooOld` answers the reminder.
    public var maxAge: ElapsedTime?

    public init(app: AppModel) {
        self.app = app
    }

    public func load() async throws {
        try await app.loadSettings()
        try await app.loadWeights()
    }

    public var unit: WeightUnit { app.settingsFeature.unit }
    public var latest: WeightEntry? { app.weightLogFeature.latestEntry }
    public var document: EntryDocument? { latest.map { EntryDocument($0, unit: unit) } }
    var text: String { latest.map { EntryRendering.summary($0, unit: unit) + "\n" } ?? "" }

    /// The latest weigh-in is strictly older than `maxAge` (SPEC §4).
    public var isTooOld: Bool {
        guard let maxAge else { return false }
        return app.weightLogFeature.isLatestEntry(olderThanSeconds: maxAge.seconds)
    }

    /// `The latest weigh-in is 2 d 3 h old, more than 20h.`
    public var tooOldMessage: String? {
        guard isTooOld, let maxAge, let age = app.weightLogFeature.latestEntryAgeSeconds else { return nil }
        return "The latest weigh-in is \(ElapsedTime.describe(seconds: age)) old, more than \(maxAge.text)."
    }
}

public enum LastFormat: String, OutputFormat {
    case text, json

    public var renderer: any Renderer<LastViewModel> {
        switch self {
        case .text: TextRenderer<LastViewModel> { $0.text }
        case .json: JSONRenderer<LastViewModel> { $0.document }
        }
    }
}
