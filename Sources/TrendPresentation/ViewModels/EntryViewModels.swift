import TrendCore

/// The edit screen (SPEC §4, §15, §16): one record changed by id: a
/// weigh-in, an intake entry or a measurement, each with what applies to it.
@MainActor
public final class EditViewModel {
    private let app: AppModel

    public var id = ""
    /// For a weigh-in.
    public var weight: String?
    public var fat: String?
    public var clearFat = false
    /// For an intake entry.
    public var kilocalories: String?
    /// For a measurement: its length.
    public var value: String?
    /// For any.
    public var date: String?
    public var note: WeightLogFeature.NoteChange = .keep
    public var force = false

    public private(set) var edited: AnyRecord?

    public init(app: AppModel) {
        self.app = app
    }

    public var unit: WeightUnit { app.settingsFeature.unit }

    public func edit() async throws {
        try await app.loadSettings()
        try await app.loadWeights()
        // Which kind the id names decides what may change; the change itself resolves it again under the lock.
        let kind = try app.weightLogFeature.store.record(matching: id).kind
        let timestamp = try date.map { try app.clock.dateInput.timestamp(parsing: $0) }
        func refuse(_ option: String, _ given: Bool) throws {
            if given { throw WeightLogError.editDoesNotApply(option: option, kind: kind) }
        }
        switch kind {
        case .weighIn:
            try refuse("--kcal", kilocalories != nil)
            try refuse("--value", value != nil)
            let kilograms = try weight.map { try WeightInput.kilograms(parsing: $0, defaultUnit: unit) }
            let fatChange: WeightLogFeature.FatChange = clearFat ? .clear : try fat.map { .set(try WeightInput.fatPercent(parsing: $0)) } ?? .keep
            edited = .weighIn(try await app.weightLogFeature.update(
                matching: id, kilograms: kilograms, timestamp: timestamp, note: note, fat: fatChange, check: force ? .skipped : .typedIn(unit)))
        case .intake:
            try refuse("--weight", weight != nil)
            try refuse("--fat", fat != nil || clearFat)
            try refuse("--value", value != nil)
            let amount = try kilocalories.map { try EnergyInput.kilocalories(parsing: $0) }
            edited = .intake(try await app.intakeFeature.update(matching: id, kilocalories: amount, timestamp: timestamp, note: note, force: force))
        case .measurement:
            try refuse("--weight", weight != nil)
            try refuse("--fat", fat != nil || clearFat)
            try refuse("--kcal", kilocalories != nil)
            let length = try value.map { try LengthInput.centimetres(parsing: $0, defaultUnit: LengthUnit(weightUnit: unit)) }
            edited = .measurement(try await app.measurementFeature.update(matching: id, centimetres: length, timestamp: timestamp, note: note))
        }
    }

    public var document: RecordDocument? { edited.map { RecordDocument($0, unit: unit) } }
    var text: String { edited.map { "Updated " + EntryRendering.summary($0, unit: unit) + "\n" } ?? "" }
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

/// The remove screen: records of any kind deleted by id, all in one write.
@MainActor
public final class RemoveViewModel {
    private let app: AppModel

    public var ids: [String] = []
    public private(set) var removed: [AnyRecord] = []

    public init(app: AppModel) {
        self.app = app
    }

    public var unit: WeightUnit { app.settingsFeature.unit }

    public func remove() async throws {
        try await app.loadSettings()
        removed = try await app.weightLogFeature.remove(matching: ids)
    }

    public var document: RemovedDocument {
        let entries = removed.map { RecordDocument($0, unit: unit) }
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
