import TrendCore

/// A weigh-in in JSON (SPEC §4, §12): `{"id", "date", "weight", "unit",
/// "kilograms", "note", "fatPercent"}`, the exact stored kilograms beside the
/// rounded weight in the display unit.
public struct EntryDocument: Encodable, Sendable {
    public let id: String
    public let date: String
    public let weight: Double
    public let unit: String
    public let kilograms: Double
    public let note: String?
    public let fatPercent: Double?

    public init(_ entry: WeightEntry, unit: WeightUnit) {
        id = entry.idText
        date = entry.timestamp.iso8601
        weight = unit.roundedValue(fromKilograms: entry.kilograms)
        self.unit = unit.rawValue
        kilograms = entry.kilograms
        note = entry.note
        fatPercent = entry.fatPercent
    }
}

/// `log --format json`: the weigh-in, its trend and the weekly rate, and
/// whether it was already logged (nothing added).
public struct LoggedEntryDocument: Encodable, Sendable {
    public let entry: EntryDocument
    public let trend: Double?
    public let weeklyRate: Double?
    public let alreadyLogged: Bool

    enum CodingKeys: String, CodingKey { case trend, weeklyRate, alreadyLogged }

    public func encode(to encoder: any Encoder) throws {
        try entry.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(trend, forKey: .trend)
        try container.encode(weeklyRate, forKey: .weeklyRate)
        try container.encode(alreadyLogged, forKey: .alreadyLogged)
    }
}

/// One row of `list --format json`: a weigh-in with its day's trend, or an
/// estimated day between weigh-ins (`--estimated`).
public enum ListRowDocument: Encodable, Sendable {
    case weighIn(EntryDocument, trend: Double)
    case estimated(date: String, weight: Double, unit: String, trend: Double)

    enum CodingKeys: String, CodingKey { case date, weight, unit, trend, estimated }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .weighIn(let entry, let trend):
            try entry.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(trend, forKey: .trend)
        case .estimated(let date, let weight, let unit, let trend):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(date, forKey: .date)
            try container.encode(weight, forKey: .weight)
            try container.encode(unit, forKey: .unit)
            try container.encode(trend, forKey: .trend)
            try container.encode(true, forKey: .estimated)
        }
    }
}

/// `rm --format json`: the record removed, or an array when several ids were given.
public enum RemovedDocument: Encodable, Sendable {
    case one(RecordDocument)
    case several([RecordDocument])

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .one(let entry): try entry.encode(to: encoder)
        case .several(let entries): try entries.encode(to: encoder)
        }
    }
}
