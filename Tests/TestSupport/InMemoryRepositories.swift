import Foundation
import TrendCore

/// A weight repository in memory, for feature tests: counts calls, can be
/// told to fail, and can be slowed so overlapping calls really overlap.
public actor InMemoryWeightRepository: WeightRepository {
    public enum TestError: Error, Equatable, CustomStringConvertible {
        case loadFailed
        case saveFailed

        public var description: String { self == .loadFailed ? "the test repository could not load" : "the test repository could not save" }
    }

    public private(set) var store: WeightStore
    public private(set) var loadCallCount = 0
    public private(set) var saveCallCount = 0
    /// The ids of added entries in the order the changes adding them arrived.
    public private(set) var insertOrder: [UUID] = []
    private var loadError: TestError?
    private var saveError: TestError?
    private let delayNanoseconds: UInt64

    public init(store: WeightStore = WeightStore(), loadError: TestError? = nil, saveError: TestError? = nil, delayNanoseconds: UInt64 = 0) {
        self.store = store
        self.loadError = loadError
        self.saveError = saveError
        self.delayNanoseconds = delayNanoseconds
    }

    public func failLoads(_ error: TestError?) { loadError = error }
    public func failSaves(_ error: TestError?) { saveError = error }

    public func load() async throws -> WeightStore {
        loadCallCount += 1
        if delayNanoseconds > 0 { try? await Task.sleep(nanoseconds: delayNanoseconds) }
        if let loadError { throw loadError }
        return store
    }

    private func change(_ apply: (inout WeightStore) throws -> Void) async throws -> WeightStore {
        saveCallCount += 1
        if let saveError { throw saveError }
        var copy = store
        try apply(&copy)
        let before = Set(store.entries.map(\.id))
        insertOrder += copy.entries.map(\.id).filter { !before.contains($0) }
        previous = store
        store = copy
        return store
    }

    private var previous: WeightStore?

    public func undo() async throws -> (store: WeightStore, outcome: ChangeSummary) {
        guard let before = previous else { throw StorageError.nothingToUndo(path: "memory") }
        let summary = ChangeSummary(from: store, to: before)
        previous = store
        store = before
        return (before, summary)
    }

    public func modify<Value: Sendable>(
        _ change: @escaping @Sendable (inout WeightStore) throws -> Value
    ) async throws -> (store: WeightStore, outcome: Value) {
        var outcome: Value?
        let store = try await self.change { outcome = try change(&$0) }
        return (store, outcome!)
    }
}

public actor InMemorySettingsRepository: SettingsRepository {
    public private(set) var settings: Settings
    private let loadError: InMemoryWeightRepository.TestError?

    public init(settings: Settings = Settings(), loadError: InMemoryWeightRepository.TestError? = nil) {
        self.settings = settings
        self.loadError = loadError
    }

    public func load() async throws -> Settings {
        if let loadError { throw loadError }
        return settings
    }

    public func modify(_ change: @escaping @Sendable (inout Settings) -> Void) async throws -> Settings {
        change(&settings)
        return settings
    }
}

/// An `AppModel` on in-memory repositories with a stopped clock.
@MainActor
public enum TestAppModelFactory {
    /// 2026-11-30 08:00 UTC.
    public nonisolated static let now: Int64 = 1_796_025_600

    public static func make(
        repository: any WeightRepository = InMemoryWeightRepository(), unit: WeightUnit = .kilograms,
        nowEpochSeconds: Int64 = now, timeZone: any LocalTimeZone = FixedOffsetTimeZone(offsetSeconds: 0)
    ) -> AppModel {
        AppModel(
            weightRepository: repository, settingsRepository: InMemorySettingsRepository(settings: Settings(unit: unit)),
            clock: .fixed(epochSeconds: nowEpochSeconds, timeZone: timeZone))
    }
}

extension Timestamp {
    /// `2026-11-29 07:30` at a fixed offset, for fixtures.
    public static func local(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 12, _ minute: Int = 0, offsetHours: Double = 0) -> Timestamp {
        let calendarDay = CalendarDay(year: year, month: month, day: day)!
        let offset = Int(offsetHours * 3600)
        let local = Int64(calendarDay.dayNumber) * 86_400 + Int64(hour * 3600 + minute * 60)
        return Timestamp(epochSeconds: local - Int64(offset), utcOffsetSeconds: offset)
    }
}
