import TrendCore

/// A tape measurement as every screen shows it, in the length unit that
/// goes with the weight unit.
public enum MeasurementPresentation: RecordPresentation {
    public static func what(_ entry: MeasurementEntry, unit: WeightUnit) -> String {
        "\(entry.name) " + LengthUnit(weightUnit: unit).format(centimetres: entry.centimetres)
    }

    public static func document(_ entry: MeasurementEntry, unit: WeightUnit) -> MeasurementDocument {
        MeasurementDocument(entry, unit: LengthUnit(weightUnit: unit))
    }

    public static let countKey = "measurementCount"

    /// The names measured, as `info` lists them after the count.
    public static func detail(_ entries: [MeasurementEntry]) -> String? {
        let names = Set(entries.map(\.name)).sorted()
        return names.isEmpty ? nil : names.map(\.text).joined(separator: ", ")
    }

    public static let editable: Set<EditField> = [.value]

    @MainActor public static func edit(_ edit: EditViewModel, app: AppModel) async throws -> MeasurementEntry {
        let lengthUnit = LengthUnit(weightUnit: app.settingsFeature.unit)
        let length = try edit.value.map { try LengthInput.centimetres(parsing: $0, defaultUnit: lengthUnit) }
        return try await app.measurementFeature.update(
            matching: edit.id, centimetres: length, timestamp: try edit.timestamp(app: app), note: edit.note, check: edit.force ? .skipped : .shownIn(lengthUnit))
    }
}
