import TrendCore

/// An intake entry as every screen shows it.
public enum IntakePresentation: RecordPresentation {
    public static func what(_ entry: IntakeEntry, unit: WeightUnit) -> String {
        EntryRendering.kilocalories(entry.kilocalories)
    }

    public static func document(_ entry: IntakeEntry, unit: WeightUnit) -> IntakeEntryDocument { IntakeEntryDocument(entry) }

    public static let countKey = "intakeCount"
    public static let editable: Set<EditField> = [.kilocalories]

    @MainActor public static func edit(_ edit: EditViewModel, app: AppModel) async throws -> IntakeEntry {
        let amount = try edit.kilocalories.map { try EnergyInput.kilocalories(parsing: $0) }
        return try await app.intakeFeature.update(matching: edit.id, kilocalories: amount, timestamp: try edit.timestamp(app: app), note: edit.note, force: edit.force)
    }
}
