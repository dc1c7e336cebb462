import TrendCore

/// How one kind of record is shown and edited: declared once per kind
/// (`WeighInPresentation`, `IntakePresentation`, …) and registered in
/// `RecordPresentations.all`. The screens that show or change a record of
/// any kind (`rm`, `edit`, `merge`, completions, `info`) find its
/// declaration here, so they never name a kind.
public protocol RecordPresentation {
    associatedtype Record: StoredRecord
    associatedtype Document: Encodable & Sendable

    /// `80.5 kg`, `650 kcal`, `waist 84.5 cm`: what one holds, in a few words.
    static func what(_ record: Record, unit: WeightUnit) -> String
    /// `80 kg`: what a completion candidate is, in fewer characters still.
    static func compact(_ record: Record, unit: WeightUnit) -> String
    /// `2026-11-29 07:30`: when it was, as a listing gives it.
    static func when(_ record: Record) -> String
    /// `80.5 kg, 22.4% fat on 2026-11-29 07:30 (a1b2c3d4): after run`.
    static func summary(_ record: Record, unit: WeightUnit, ids: ShortIDs) -> String
    /// The record as its JSON document (SPEC §4, §15, §16).
    static func document(_ record: Record, unit: WeightUnit) -> Document
    /// `info`'s count of this kind, in JSON (`intakeCount`).
    static var countKey: String { get }
    /// What `info` adds after the count (the names measured), if anything.
    static func detail(_ records: [Record]) -> String?
    /// What `edit` may change on a record of this kind, beside its date and note.
    static var editable: Set<EditField> { get }
    /// Changes the record `edit.id` names, which is of this kind.
    @MainActor static func edit(_ edit: EditViewModel, app: AppModel) async throws -> Record
}

extension RecordPresentation {
    /// The kind it shows.
    public static var kind: RecordKind { Record.kind }

    public static func compact(_ record: Record, unit: WeightUnit) -> String { what(record, unit: unit) }

    public static func when(_ record: Record) -> String { EntryRendering.localDateTime(record.timestamp) }

    public static func summary(_ record: Record, unit: WeightUnit, ids: ShortIDs) -> String {
        var text = what(record, unit: unit) + " on \(when(record)) (\(ids.text(of: record)))"
        if let note = record.note { text += ": " + note.terminalSafe }
        return text
    }

    public static func detail(_ records: [Record]) -> String? { nil }
}

/// What `edit` can change (SPEC §4, §15, §16, §21): each kind takes its
/// own; the date and the note apply to every kind.
public enum EditField: String, CaseIterable, Sendable {
    case weight, fat, kilocalories, value, name, date, note
}

/// The declarations, one line a kind, in the store's order of kinds.
public enum RecordPresentations {
    public static var all: [any RecordPresentation.Type] { [WeighInPresentation.self, IntakePresentation.self, MeasurementPresentation.self, MarkPresentation.self] }

    /// The declaration of `record`'s kind.
    static func of(_ kind: RecordKind) -> any RecordPresentation.Type {
        all.first { $0.kind == kind }!
    }

    public static func what(_ record: AnyRecord, unit: WeightUnit) -> String {
        func what<P: RecordPresentation>(_: P.Type) -> String { P.what(record.as(P.Record.self)!, unit: unit) }
        return what(of(record.kind))
    }

    public static func compact(_ record: AnyRecord, unit: WeightUnit) -> String {
        func compact<P: RecordPresentation>(_: P.Type) -> String { P.compact(record.as(P.Record.self)!, unit: unit) }
        return compact(of(record.kind))
    }

    public static func when(_ record: AnyRecord) -> String {
        func when<P: RecordPresentation>(_: P.Type) -> String { P.when(record.as(P.Record.self)!) }
        return when(of(record.kind))
    }

    public static func summary(_ record: AnyRecord, unit: WeightUnit, ids: ShortIDs = ShortIDs()) -> String {
        func summary<P: RecordPresentation>(_: P.Type) -> String { P.summary(record.as(P.Record.self)!, unit: unit, ids: ids) }
        return summary(of(record.kind))
    }

    public static func document(_ record: AnyRecord, unit: WeightUnit) -> any Encodable & Sendable {
        func document<P: RecordPresentation>(_: P.Type) -> any Encodable & Sendable { P.document(record.as(P.Record.self)!, unit: unit) }
        return document(of(record.kind))
    }
}
