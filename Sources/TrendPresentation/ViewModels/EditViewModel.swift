import Observation
import TrendCore

/// The edit screen (SPEC §4, §15, §16): one record changed by id: a
/// weigh-in, an intake entry or a measurement, each with what applies to it.
@MainActor
@Observable
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
    public var note: RecordLogFeature.NoteChange = .keep
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
        let kind = try app.recordLogFeature.store.record(matching: id).kind
        let timestamp = try date.map { try app.clock.dateInput.timestamp(parsing: $0) }
        func refuse(_ option: String, _ given: Bool) throws {
            if given { throw LogError.editDoesNotApply(option: option, kind: kind) }
        }
        switch kind {
        case .weighIn:
            try refuse("--kcal", kilocalories != nil)
            try refuse("--value", value != nil)
            let kilograms = try weight.map { try WeightInput.kilograms(parsing: $0, defaultUnit: unit) }
            let fatChange: RecordLogFeature.FatChange = clearFat ? .clear : try fat.map { .set(try WeightInput.fatPercent(parsing: $0)) } ?? .keep
            edited = .weighIn(try await app.recordLogFeature.update(
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
            edited = .measurement(
                try await app.measurementFeature.update(
                    matching: id, centimetres: length, timestamp: timestamp, note: note, check: force ? .skipped : .shownIn(LengthUnit(weightUnit: unit))))
        }
    }

    public var document: RecordDocument? { edited.map { RecordDocument($0, unit: unit) } }
    var text: String { edited.map { "Updated " + EntryRendering.summary($0, unit: unit) + "\n" } ?? "" }
}
