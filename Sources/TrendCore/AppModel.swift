/// Creates and owns the one instance of each Feature for a process, all
/// sharing one store through the repository.
@MainActor
public final class AppModel {
    public let recordLogFeature: RecordLogFeature
    public let weightLogFeature: WeightLogFeature
    public let intakeFeature: IntakeFeature
    public let measurementFeature: MeasurementFeature
    public let markFeature: MarkFeature
    public let goalFeature: GoalFeature
    public let historyFeature: HistoryFeature
    public let syncFeature: SyncFeature
    public let importFeature: ImportFeature
    public let exportFeature: ExportFeature
    public let settingsFeature: SettingsFeature
    public let progressFeature: ProgressFeature
    public let trendFeature: TrendFeature
    public let statisticsFeature: StatisticsFeature
    public let clock: AppClock
    /// Nil for models built on given repositories (tests).
    public let dataDirectory: DataDirectory?

    /// Production: the JSON files in `dataDirectory`. `replacementGuard`
    /// hears of every file replacement (a command line's signal handling);
    /// `command` is what the undo journal calls this session's changes
    /// (`import w.csv`).
    public convenience init(
        dataDirectory: DataDirectory, clock: AppClock = .system, command: String = "change", limits: WaitLimits = .standard,
        replacementGuard: any FileReplacementGuard = NoFileReplacementGuard()
    ) {
        let weights = JSONFileRecordRepository(
            path: dataDirectory.weightsPath, settingsPath: dataDirectory.settingsPath, clock: clock, command: command,
            lockWaitSeconds: limits.lockSeconds, replacementGuard: replacementGuard)
        self.init(
            store: weights, history: weights, copies: weights, exports: weights,
            settings: JSONFileSettingsRepository(path: dataDirectory.settingsPath, lockWaitSeconds: limits.lockSeconds, replacementGuard: replacementGuard),
            clock: clock, dataDirectory: dataDirectory)
    }

    /// Each capability on the part of the storage it uses.
    public init(
        store: any StoreRepository, history: any HistoryRepository, copies: any CopiesRepository, exports: any ExportRepository,
        settings: any SettingsRepository, clock: AppClock, dataDirectory: DataDirectory? = nil
    ) {
        self.clock = clock
        self.dataDirectory = dataDirectory
        recordLogFeature = RecordLogFeature(repository: store)
        weightLogFeature = WeightLogFeature(records: recordLogFeature, repository: store, clock: clock)
        settingsFeature = SettingsFeature(repository: settings)
        intakeFeature = IntakeFeature(records: recordLogFeature, repository: store, clock: clock)
        measurementFeature = MeasurementFeature(records: recordLogFeature, repository: store, clock: clock)
        markFeature = MarkFeature(records: recordLogFeature, repository: store, clock: clock)
        goalFeature = GoalFeature(records: recordLogFeature, settings: settingsFeature, repository: store, clock: clock)
        historyFeature = HistoryFeature(records: recordLogFeature, repository: history)
        syncFeature = SyncFeature(records: recordLogFeature, store: store, copies: copies)
        importFeature = ImportFeature(records: recordLogFeature, settings: settingsFeature, repository: store, clock: clock)
        exportFeature = ExportFeature(records: recordLogFeature, settings: settingsFeature, repository: exports)
        progressFeature = ProgressFeature(records: recordLogFeature, settings: settingsFeature, clock: clock)
        trendFeature = TrendFeature(records: recordLogFeature, settings: settingsFeature, clock: clock)
        statisticsFeature = StatisticsFeature(records: recordLogFeature, settings: settingsFeature, clock: clock)
    }

    /// The program to tell about the changes written (SPEC §14): under the
    /// user's configuration folder, run only when no one else could have written it.
    public func postChangeHook(environment: [String: String], noHooksFlag: Bool) -> HookFinding {
        PostChangeHook.find(environment: environment, noHooksFlag: noHooksFlag)
    }
}

extension AppModel {
    /// Loads the settings. A damaged settings file is an error for every
    /// screen that needs them, `--unit` or not: the method it names decides
    /// the numbers, and it must never change them silently.
    public func loadSettings() async throws {
        await settingsFeature.refresh()
        if let error = settingsFeature.loadError { throw error }
    }

    /// Loads the weigh-ins, and looks for the conflict copies beside them.
    public func loadWeights() async throws {
        await recordLogFeature.refresh()
        syncFeature.refreshConflictCopies()
        if let error = recordLogFeature.loadError { throw error }
    }
}
