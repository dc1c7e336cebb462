import TrendCore

/// The report's `measurements` (SPEC §16): one member per name measured,
/// `{"latest", "trend", "weeklyRate", "change", "unit"}` in the display
/// length unit to 0.01, then the derived values (camelCase keys, which no
/// measurement name can have), each null when an input is missing.
public struct MeasurementsDocument: Encodable, Sendable {
    struct Named: Encodable, Sendable {
        let latest: Double
        let trend: Double
        let weeklyRate: Double?
        let change: Double?
        let unit: String
    }

    let named: [(String, Named)]
    let waistToHeight: Double?
    let waistToHeightClass: String?
    let waistToHip: Double?
    let waistToHipIncreased: Bool?
    let navyBodyFat: Double?
    let scaleFatPercent: Double?

    public init(_ report: MeasurementsReport, unit: LengthUnit) {
        func length(_ centimetres: Double?) -> Double? { centimetres.map { unit.roundedValue(fromCentimetres: $0) } }
        named = report.summaries.map { summary in
            (summary.name.text, Named(
                latest: unit.roundedValue(fromCentimetres: summary.latest.centimetres), trend: unit.roundedValue(fromCentimetres: summary.trend),
                weeklyRate: length(summary.weeklyRate), change: length(summary.change), unit: unit.rawValue))
        }
        waistToHeight = DisplayRounding.hundredths(report.waistToHeight)
        waistToHeightClass = report.waistToHeightClass?.rawValue
        waistToHip = DisplayRounding.hundredths(report.waistToHip)
        waistToHipIncreased = report.waistToHipIncreased
        navyBodyFat = DisplayRounding.hundredths(report.navyBodyFat)
        scaleFatPercent = DisplayRounding.hundredths(report.scaleFatPercent)
    }

    struct Key: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for (name, figures) in named { try container.encode(figures, forKey: Key(stringValue: name)) }
        try container.encode(waistToHeight, forKey: Key(stringValue: "waistToHeight"))
        try container.encode(waistToHeightClass, forKey: Key(stringValue: "waistToHeightClass"))
        try container.encode(waistToHip, forKey: Key(stringValue: "waistToHip"))
        try container.encode(waistToHipIncreased, forKey: Key(stringValue: "waistToHipIncreased"))
        try container.encode(navyBodyFat, forKey: Key(stringValue: "navyBodyFat"))
        try container.encode(scaleFatPercent, forKey: Key(stringValue: "scaleFatPercent"))
    }
}
