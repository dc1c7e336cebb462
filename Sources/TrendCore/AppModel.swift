/// Creates and owns the one instance of each Feature for a process.
@MainActor
public final class AppModel {
    public let weightLogFeature: WeightLogFeature
    public let settingsFeature: SettingsFeature
    public let progressFeature: ProgressFeature
    public let importFeature: ImportFeature
    public let clock: AppClock
    /// Nil for models built on given repositories (tests).
    public let dataDirectory: DataDirectory?

    /// Production: the JSON files in `dataDirectory`. `replacementGuard`
    /// hears of every file replacement (a command line's signal handling);
    /// `command` is what the undo journal calls this session's changes
    /// (`import w.csv`).
    public convenience init(
        dataDirectory: DataDirectory, clock: AppClock = .system, command: String = "change",
        replacementGuard: any FileReplacementGuard = NoFileReplacementGuard()
    ) {
        self.init(
            weightRepository: JSONFileWeightRepository(
                path: dataDirectory.weightsPath, settingsPath: dataDirectory.settingsPath, clock: clock, command: command,
                replacementGuard: replacementGuard),
            settingsRepository: JSONFileSettingsRepository(path: dataDirectory.settingsPath, replacementGuard: replacementGuard),
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
        importFeature = ImportFeature(weightLog: weightLogFeature, settings: settingsFeature, clock: clock)
    }
}
