import Observation

/// The authoritative owner of the user's preferences: the unit and the trend method.
@MainActor
@Observable
public final class SettingsFeature {
    @ObservationIgnored private let repository: any SettingsRepository
    @ObservationIgnored private let refreshes = SharedRefresh()
    @ObservationIgnored private let saves = EditQueue()

    /// What settings.json holds, as loaded or last saved: one value, not four.
    public private(set) var saved = Settings()
    /// Choices for this session only (`--unit`, `--method`), never saved.
    public private(set) var session = SessionChoices()
    public private(set) var hasLoaded = false
    public private(set) var isLoading = false
    public private(set) var isSaving = false
    public private(set) var loadError: (any Error)?
    public private(set) var saveError: (any Error)?

    /// What `--unit` and `--method` chose for this run.
    public struct SessionChoices: Equatable, Sendable {
        public var unit: WeightUnit?
        public var method: TrendMethod?
    }

    /// The unit saved in settings.
    public var savedUnit: WeightUnit { saved.unit }
    /// A unit chosen for this session only (`--unit`), never saved.
    public var sessionUnit: WeightUnit? { session.unit }
    /// The trend method saved in settings.
    public var savedMethod: TrendMethod { saved.method ?? .default }
    /// For BMI; nil until given.
    public var heightCentimetres: Double? { saved.heightCentimetres }
    /// For the formulas that need it (SPEC §16); nil until given.
    public var sex: Sex? { saved.sex }

    public init(repository: any SettingsRepository) {
        self.repository = repository
    }

    /// The unit weights are shown and typed in.
    public var unit: WeightUnit { session.unit ?? saved.unit }

    /// What an export's weights are in: exact kilograms, unless a unit was
    /// chosen for this run (then converted and rounded, SPEC §6).
    public var exportUnit: WeightUnit { session.unit ?? .kilograms }

    /// The method the trend is computed with.
    public var method: TrendMethod { session.method ?? saved.method ?? .default }

    public func startLoading() {
        isLoading = true
        refreshes.start(load)
    }

    public func refresh() async {
        isLoading = true
        await refreshes.run(load)
    }

    /// Loading from the moment it is asked for (`isLoading` is set by the
    /// caller), not from when the run starts.
    private func load() async {
        await SharedRefresh.load({ try await repository.load() }, into: accept) { error in
            loadError = error
            isLoading = false
        }
    }

    /// Saves the unit.
    public func setUnit(_ unit: WeightUnit) async throws {
        try await save { [repository] in try await repository.modify { $0.unit = unit } }
    }

    /// Saves the height (nil clears it).
    public func setHeight(centimetres: Double?) async throws {
        if let centimetres, !HeightInput.validCentimetres.contains(centimetres) {
            throw HeightInput.Problem.outOfRange(input: DecimalText.shortest(centimetres) + " cm")
        }
        try await save { [repository] in try await repository.modify { $0.heightCentimetres = centimetres } }
    }

    /// Saves the trend method (the default is stored as none).
    public func setMethod(_ method: TrendMethod) async throws {
        // The default is stored as none, so a file without a choice stays version 1.
        try await save { [repository] in try await repository.modify { $0.method = method == .default ? nil : method } }
    }

    /// Saves the sex (nil clears it).
    public func setSex(_ sex: Sex?) async throws {
        try await save { [repository] in try await repository.modify { $0.sex = sex } }
    }

    /// A setting a backup can bring back.
    public enum Setting: String, Equatable, Sendable {
        case unit, method, height, sex
    }

    /// What restoring settings from a backup did: what it set, and what it
    /// left as it was because the backup says otherwise.
    public struct RestoreOutcome: Equatable, Sendable {
        public var restored: [Setting] = []
        public var kept: [Setting] = []
    }

    /// Restores the settings of a backup (a JSON export, SPEC §6) where
    /// none are set: all of them into a data directory without settings,
    /// else each one not set here; one set here to something else is kept.
    /// Decided under the lock, against what is stored then.
    @discardableResult
    public func restore(from backup: Settings) async throws -> RestoreOutcome {
        var outcome = RestoreOutcome()
        try await save { [repository] in
            try await repository.modify { current -> RestoreOutcome in
                var outcome = RestoreOutcome()
                let fresh = current.isUnsaved
                func take<Value: Equatable>(_ path: WritableKeyPath<Settings, Value?>, _ setting: Setting) {
                    guard let theirs = backup[keyPath: path] else { return }
                    if current[keyPath: path] == nil || fresh {
                        if current[keyPath: path] != theirs { outcome.restored.append(setting) }
                        current[keyPath: path] = theirs
                    } else if current[keyPath: path] != theirs {
                        outcome.kept.append(setting)
                    }
                }
                if fresh {
                    if current.unit != backup.unit { outcome.restored.append(.unit) }
                    current.unit = backup.unit
                } else if current.unit != backup.unit {
                    outcome.kept.append(.unit)
                }
                take(\.method, .method)
                take(\.heightCentimetres, .height)
                take(\.sex, .sex)
                return outcome
            }
        } outcome: { outcome = $0 }
        return outcome
    }

    /// Saves run one after another in the order they were asked for, and
    /// what is published is what each left on disk, in that order.
    private func save(_ operation: () async throws -> Settings) async throws {
        try await save({ (try await operation(), ()) }, outcome: { _ in })
    }

    private func save<Value: Sendable>(
        _ operation: () async throws -> (settings: Settings, outcome: Value), outcome: (Value) -> Void
    ) async throws {
        isSaving = true
        defer { isSaving = saves.pending > 0 }
        do {
            let (settings, value) = try await saves.run(operation)
            accept(settings)
            outcome(value)
            saveError = nil
        } catch {
            saveError = error
            throw error
        }
    }

    private func accept(_ settings: Settings) {
        saved = settings
        hasLoaded = true
    }

    /// Uses `method` for this session without saving it.
    public func useMethodForSession(_ method: TrendMethod?) {
        session.method = method
    }

    /// Uses `unit` for this session without saving it.
    public func useForSession(_ unit: WeightUnit?) {
        session.unit = unit
    }
}
