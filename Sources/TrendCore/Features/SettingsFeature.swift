import Observation

/// The authoritative owner of the user's preferences: today, the unit.
@MainActor
@Observable
public final class SettingsFeature {
    @ObservationIgnored private let repository: any SettingsRepository
    @ObservationIgnored private var refreshTask: Task<Void, Never>?

    /// The unit saved in settings.
    public private(set) var savedUnit: WeightUnit = .kilograms
    /// A unit chosen for this session only (`--unit`), never saved.
    public private(set) var sessionUnit: WeightUnit?
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

    public func startLoading() {
        _ = sharedRefreshTask()
    }

    public func refresh() async {
        await sharedRefreshTask().value
    }

    private func sharedRefreshTask() -> Task<Void, Never> {
        if let refreshTask { return refreshTask }
        let task = Task { [repository] in
            await self.performRefresh(using: repository)
        }
        refreshTask = task
        // Loading from the moment it is asked for, not when the task first runs.
        isLoading = true
        return task
    }

    private func performRefresh(using repository: any SettingsRepository) async {
        defer { refreshTask = nil }
        isLoading = true
        defer { isLoading = false }
        do {
            savedUnit = try await repository.load().unit
            hasLoaded = true
            loadError = nil
        } catch {
            loadError = error
        }
    }

    /// Saves the unit.
    public func setUnit(_ unit: WeightUnit) async throws {
        isSaving = true
        defer { isSaving = false }
        do {
            savedUnit = try await repository.setUnit(unit).unit
            hasLoaded = true
            saveError = nil
        } catch {
            saveError = error
            throw error
        }
    }

    /// Uses `unit` for this session without saving it.
    public func useForSession(_ unit: WeightUnit?) {
        sessionUnit = unit
    }
}
