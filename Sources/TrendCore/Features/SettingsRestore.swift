/// The settings a backup carried, and what restoring them did.
public struct SettingsRestore: Equatable, Sendable {
    public let backup: Settings
    public let outcome: SettingsFeature.RestoreOutcome
}
