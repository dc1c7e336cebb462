import Observation
import TrendCore

/// The edit screen (SPEC §4, §15, §16): one record changed by id, of any
/// kind, with what applies to that kind (its declaration's `editable`
/// fields, and the date and note of every record).
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
    /// For a mark: its name.
    public var name: String?
    /// For any.
    public var date: String?
    public var note: NoteChange = .keep
    public var force = false

    public private(set) var edited: AnyRecord?

    public init(app: AppModel) {
        self.app = app
    }

    public var unit: WeightUnit { app.settingsFeature.unit }

    /// A field given that the record's kind does not have (a kilocalorie
    /// figure for a weigh-in): nothing is changed.
    public struct FieldDoesNotApply: Error, Equatable, Sendable, CustomStringConvertible {
        public let field: EditField
        public let kind: RecordKind
        public var description: String { "\(field.rawValue) does not apply to \(kind.withArticle)" }
    }

    /// What was given, beside the date and the note.
    public var fieldsGiven: [EditField] {
        var fields: [EditField] = []
        if weight != nil { fields.append(.weight) }
        if fat != nil || clearFat { fields.append(.fat) }
        if kilocalories != nil { fields.append(.kilocalories) }
        if value != nil { fields.append(.value) }
        if name != nil { fields.append(.name) }
        return fields
    }

    public func edit() async throws {
        try await app.loadSettings()
        try await app.loadWeights()
        // Which kind the id names decides what may change; the change itself resolves it again under the lock.
        let kind = try app.recordLogFeature.store.record(matching: id).kind
        let presentation = RecordPresentations.of(kind)
        if let field = fieldsGiven.first(where: { !presentation.editable.contains($0) }) {
            throw FieldDoesNotApply(field: field, kind: kind)
        }
        func edit<P: RecordPresentation>(_: P.Type) async throws -> AnyRecord { AnyRecord(try await P.edit(self, app: app)) }
        edited = try await edit(presentation)
    }

    /// The new date, when one was given.
    func timestamp(app: AppModel) throws -> Timestamp? {
        try date.map { try app.clock.dateInput.timestamp(parsing: $0) }
    }

    public var document: RecordDocument? { edited.map { RecordDocument($0, unit: unit) } }
    var text: String { edited.map { "Updated " + EntryRendering.summary($0, unit: unit) + "\n" } ?? "" }
}
