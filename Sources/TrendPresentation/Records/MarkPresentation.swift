import TrendCore

/// A day mark as every screen shows it: its name and its day.
public enum MarkPresentation: RecordPresentation {
    public static func what(_ mark: DayMark, unit: WeightUnit) -> String {
        mark.name.text
    }

    /// `2026-11-02`: a mark has a day, no time.
    public static func when(_ mark: DayMark) -> String { mark.day.description }

    public static func document(_ mark: DayMark, unit: WeightUnit) -> MarkDocument { MarkDocument(mark) }

    public static let countKey = "markCount"

    /// The names marked, as `info` lists them after the count.
    public static func detail(_ marks: [DayMark]) -> String? {
        let names = Set(marks.map(\.name)).sorted()
        return names.isEmpty ? nil : names.map(\.text).joined(separator: ", ")
    }

    public static let editable: Set<EditField> = [.name]

    /// A new date gives the mark that date's day.
    @MainActor public static func edit(_ edit: EditViewModel, app: AppModel) async throws -> DayMark {
        let name = try edit.name.map { try app.markFeature.name(parsing: $0) }
        return try await app.markFeature.update(matching: edit.id, name: name, day: try edit.timestamp(app: app)?.day, note: edit.note)
    }
}

/// A mark in JSON (SPEC §21): `{"id", "day", "name", "note"}`.
public struct MarkDocument: Encodable, Sendable {
    public let id: String
    public let day: String
    public let name: String
    public let note: String?

    public init(_ mark: DayMark) {
        id = mark.idText
        day = mark.day.description
        name = mark.name.text
        note = mark.note
    }
}
