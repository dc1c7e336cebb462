import TrendCore

/// An intake entry in JSON (SPEC §15): `{"id", "date", "kilocalories", "note"}`,
/// the kilocalories exact as stored.
public struct IntakeEntryDocument: Encodable, Sendable {
    public let id: String
    public let date: String
    public let kilocalories: Double
    public let note: String?

    public init(_ entry: IntakeEntry) {
        id = entry.idText
        date = entry.timestamp.iso8601
        kilocalories = entry.kilocalories
        note = entry.note
    }
}

/// A measurement in JSON (SPEC §16): `{"id", "date", "name", "value",
/// "unit", "centimetres", "note"}`, the rounded length in the display
/// length unit beside the exact stored centimetres.
public struct MeasurementDocument: Encodable, Sendable {
    public let id: String
    public let date: String
    public let name: String
    public let value: Double
    public let unit: String
    public let centimetres: Double
    public let note: String?

    public init(_ entry: MeasurementEntry, unit: LengthUnit) {
        id = entry.idText
        date = entry.timestamp.iso8601
        name = entry.name.text
        value = unit.roundedValue(fromCentimetres: entry.centimetres)
        self.unit = unit.rawValue
        centimetres = entry.centimetres
        note = entry.note
    }
}

/// A record of any kind, as its kind's own document
/// (`RecordPresentation.document`).
public struct RecordDocument: Encodable, Sendable {
    let document: any Encodable & Sendable

    public init(_ record: AnyRecord, unit: WeightUnit) {
        document = RecordPresentations.document(record, unit: unit)
    }

    public func encode(to encoder: any Encoder) throws {
        try document.encode(to: encoder)
    }
}
