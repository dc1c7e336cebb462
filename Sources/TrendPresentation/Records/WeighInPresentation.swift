import TrendCore

/// A weigh-in as every screen shows it.
public enum WeighInPresentation: RecordPresentation {
    public static func what(_ entry: WeightEntry, unit: WeightUnit) -> String {
        unit.format(kilograms: entry.kilograms)
    }

    public static func compact(_ entry: WeightEntry, unit: WeightUnit) -> String {
        DecimalText.shortest(unit.roundedValue(fromKilograms: entry.kilograms)) + " " + unit.rawValue
    }

    /// `80.5 kg, 22.4% fat on 2026-11-29 07:30 (a1b2c3d4): after run`.
    public static func summary(_ entry: WeightEntry, unit: WeightUnit, ids: ShortIDs) -> String {
        var text = unit.format(kilograms: entry.kilograms)
        if let fat = entry.fatPercent { text += ", " + EntryRendering.fatText(fat) + " fat" }
        text += " on \(EntryRendering.localDateTime(entry.timestamp)) (\(ids.text(of: entry)))"
        if let note = entry.note { text += ": " + note.terminalSafe }
        return text
    }

    public static func document(_ entry: WeightEntry, unit: WeightUnit) -> EntryDocument { EntryDocument(entry, unit: unit) }

    public static let countKey = "count"
    public static let editable: Set<EditField> = [.weight, .fat]

    @MainActor public static func edit(_ edit: EditViewModel, app: AppModel) async throws -> WeightEntry {
        let unit = app.settingsFeature.unit
        let kilograms = try edit.weight.map { try WeightInput.kilograms(parsing: $0, defaultUnit: unit) }
        let fat: WeightLogFeature.FatChange = edit.clearFat ? .clear : try edit.fat.map { .set(try WeightInput.fatPercent(parsing: $0)) } ?? .keep
        return try await app.weightLogFeature.update(
            matching: edit.id, kilograms: kilograms, timestamp: try edit.timestamp(app: app), note: edit.note, fat: fat,
            check: edit.force ? .skipped : .typedIn(unit))
    }
}
