import Observation

/// The authoritative owner of the user's preferences: the unit and the trend method.
@MainActor
@Observable
public final class SettingsFeature {
    @ObservationIgnored private let repository: any SettingsRepository
    @ObservationIgnored private let refreshes = SharedRefresh()
    @ObservationIgnored private let saves = EditQueue()

    /// The unit saved in settings.
    public private(set) var savedUnit: WeightUnit = .kilograms
    /// A unit chosen for this session only (`--unit`), never saved.
    public private(set) var sessionUnit: WeightUnit?
    /// The trend method saved in settings.
    public private(set) var savedMethod: TrendMethod = .default
    /// A method chosen for this session only (`--method`), never saved.
    public private(set) var sessionMethod: TrendMethod?
    /// For BMI; nil until given.
    public private(set) var heightCentimetres: Double?
    public private(set) var hasLoaded = false
    public private(set) var isLoading = false
    public private(set) var isSaving = false
    public private(set) var loadError: (any Error)?
    public private(set) var saveError: (any Error)?

    public init(repository: any SettingsRepository) {
        self.repository = repository
    }

    /// The unit weights are shown and typed in.
    public var unit: WeightUnit { sessionUnit ?? savedUnit }

    /// What an export's weights are in: exact kilograms, unless a unit was
    /// chosen for this run (then converted and rounded, SPEC §6).
    public var exportUnit: WeightUnit { sessionUnit ?? .kilograms }

    /// The method the trend is computed with.
    public var method: TrendMethod { sessionMethod ?? savedMethod }

    public func startLoading() {
        _ = sharedRefreshTask()
    }

    public func refresh() async {
        await sharedRefreshTask().value
    }

    private func sharedRefreshTask() -> Task<Void, Never> {
        // Loading from the moment it is asked for, not when the task first runs.
        isLoading = true
        return refreshes.task { [repository] in
            defer { self.isLoading = false }
            do {
                self.accept(try await repository.load())
                self.loadError = nil
            } catch {
                self.loadError = error
            }
        }
    }

    /// Saves the unit.
    public func setUnit(_ unit: WeightUnit) async throws {
        try await save { [repository] in try await repository.setUnit(unit) }
    }

    /// Saves the height (nil clears it).
    public func setHeight(centimetres: Double?) async throws {
        if let centimetres, !HeightInput.validCentimetres.contains(centimetres) {
            throw HeightInput.Problem.outOfRange(input: DecimalText.shortest(centimetres) + " cm")
        }
        try await save { [repository] in try await repository.setHeight(centimetres) }
    }

    /// Saves the trend method (the default is stored as none).
    public func setMethod(_ method: TrendMethod) async throws {
        try await save { [repository] in try await repository.setMethod(method) }
    }

    /// Saves run one after another in the order they were asked for, and
    /// what is published is what each left on disk, in that order.
    private func save(_ operation: @escaping @Sendable () async throws -> Settings) async throws {
        isSaving = true
        defer { isSaving = saves.pending > 0 }
        do {
            accept(try await saves.run(operation))
            saveError = nil
        } catch {
            saveError = error
            throw error
        }
    }

    private func accept(_ settings: Settings) {
        savedUnit = settings.unit
        savedMethod = settings.method ?? .default
        heightCentimetres = settings.heightCentimetres
        hasLoaded = true
    }

    /// Uses `method` for this session without saving it.
    public func useMethodForSession(_ method: TrendMethod?) {
        sessionMethod = method
    }

    /// Uses `unit` for this session without saving it.
    public func useForSession(_ unit: WeightUnit?) {
        sessionUnit = unit
    }
}
