/// Creates and owns the one instance of each Feature for a process.
@MainActor
public final class AppModel {
    public let weightLogFeature: WeightLogFeature
    public let settingsFeature: SettingsFeature
    public let progressFeature: ProgressFeature
    public let clock: AppClock
    /// Nil for models built on given repositories (tests).
    public let dataDirectory: DataDirectory?

    /// Production: the JSON files in `dataDirectory`.
    public convenience init(dataDirectory: DataDirectory, clock: AppClock = .system) {
        self.init(
            weightRepository: JSONFileWeightRepository(path: dataDirectory.weightsPath),
            settingsRepository: JSONFileSettingsRepository(path: dataDirectory.settingsPath),
            clock: clock, dataDirectory: dataDirectory)
    }

    public init(
        weightRepository: any WeightRepository, settingsRepository: any SettingsRepository, clock: AppClock,
        dataDirectory: DataDirectory? = nil
    ) {
        self.clock = clock
        self.dataDirectory = dataDirectory
        weightLogFeature = WeightLogFeature(repository: weightRepository, clock: clock)
        settingsFeature = SettingsFeature(repository: settingsRepository)
        progressFeature = ProgressFeature(weightLog: weightLogFeature, settings: settingsFeature, clock: clock)
    }
}
