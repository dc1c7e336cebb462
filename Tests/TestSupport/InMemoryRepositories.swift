import Foundation
import Synchronization
import TrendCore

/// The store in memory, for feature tests: counts calls, can be told to
/// fail, can hold its changes at their start (`gate`), and can be slowed so
/// overlapping calls really overlap. What a Feature test needs of storage;
/// the journal, copies and exports are tested on the real files.
public actor InMemoryStoreRepository: StoreRepository {
    public enum TestError: Error, Equatable, CustomStringConvertible {
        case loadFailed
        case saveFailed

        public var description: String { self == .loadFailed ? "the test repository could not load" : "the test repository could not save" }
    }

    public private(set) var store: RecordStore
    public private(set) var loadCallCount = 0
    public private(set) var saveCallCount = 0
    /// The ids of added entries in the order the changes adding them arrived.
    public private(set) var insertOrder: [UUID] = []
    private var loadError: TestError?
    private var saveError: TestError?
    /// Turns a load gives to other tasks before it answers, so that calls really overlap.
    private let delayTurns: Int

    public init(store: RecordStore = RecordStore(), loadError: TestError? = nil, saveError: TestError? = nil, delayTurns: Int = 0) {
        self.store = store
        self.loadError = loadError
        self.saveError = saveError
        self.delayTurns = delayTurns
    }

    public func failLoads(_ error: TestError?) { loadError = error }

    /// A change made by someone else: what a screen left open should notice.
    public func replaceElsewhere(with store: RecordStore) {
        self.store = store
        writes += 1
    }

    /// Every write, as a file's replacement would be seen.
    private var writes = 0

    public func identity() async -> StoreIdentity? { StoreIdentity([Int64(writes)]) }
    public func failSaves(_ error: TestError?) { saveError = error }

    public func load() async throws -> RecordStore {
        loadCallCount += 1
        for _ in 0..<delayTurns { await Task.yield() }
        if let loadError { throw loadError }
        return store
    }

    /// Held changes wait at their start until released, in arrival order:
    /// so a test can see whether a second change starts while the first runs.
    nonisolated public let gate = ChangeGate()

    public func modify<Value: Sendable>(
        retiring: [String], _ change: @escaping @Sendable (inout RecordStore) throws -> Value
    ) async throws -> (store: RecordStore, outcome: Value, change: StoreChange?) {
        saveCallCount += 1
        await gate.enter()
        defer { gate.leave() }
        if let saveError { throw saveError }
        var copy = store
        let outcome = try change(&copy)
        guard copy != store else { return (store, outcome, nil) }
        let before = Set(store.entries.map(\.id))
        insertOrder += copy.entries.map(\.id).filter { !before.contains($0) }
        let written = StoreChange(from: store, to: copy)
        store = copy
        writes += 1
        return (store, outcome, written)
    }
}

/// No journal, no copies, no exports: for tests of the other capabilities.
public struct UnusedRepository: HistoryRepository, CopiesRepository, ExportRepository {
    public struct Unused: Error {}

    public init() {}

    public func undo() async throws -> (store: RecordStore, outcome: JournalMove, change: StoreChange) { throw Unused() }
    public func redo() async throws -> (store: RecordStore, outcome: JournalMove, change: StoreChange) { throw Unused() }
    public func journal() async throws -> ChangeJournal { .empty }
    public func readCopy(at path: String, emptyIsEmpty: Bool, progress: WorkProgress.Reporter?) async throws -> RecordStore { throw StorageError.missingInput(path: path) }
    public func writeCopy(_ store: RecordStore, to path: String) async throws { throw Unused() }
    public func isStore(_ path: String) -> Bool { false }
    public func conflictCopies() -> [String] { [] }
    public func writeExport(_ bytes: [UInt8], to path: String) async throws { throw Unused() }
}

public actor InMemorySettingsRepository: SettingsRepository {
    public private(set) var settings: Settings
    private let loadError: InMemoryStoreRepository.TestError?

    public init(settings: Settings = Settings(), loadError: InMemoryStoreRepository.TestError? = nil) {
        self.settings = settings
        self.loadError = loadError
    }

    public func load() async throws -> Settings {
        if let loadError { throw loadError }
        return settings
    }

    nonisolated public let gate = ChangeGate()

    public func modify<Value: Sendable>(_ change: @escaping @Sendable (inout Settings) -> Value) async throws -> (settings: Settings, outcome: Value) {
        await gate.enter()
        defer { gate.leave() }
        let outcome = change(&settings)
        settings.version = settings.versionNeeded
        return (settings, outcome)
    }
}

/// Lets a test hold a repository's changes at their start and release them
/// one at a time, and records how many had finished when each started: a
/// Feature that queues its edits never starts one while another runs.
///
/// A release is never lost: one that comes before its change has started
/// waiting is kept as a permit for it (the gate once dropped such a release,
/// and the suite hung waiting for a change that would never go on). Waits
/// are bounded by turns given to other tasks, never by a clock, so a moved
/// clock (`faketime`) cannot stretch them.
public final class ChangeGate: Sendable {
    private struct State {
        var holding = false
        var waiting: [CheckedContinuation<Void, Never>] = []
        var permits = 0
        var started = 0
        var finished = 0
        var finishedWhenStarted: [Int] = []
    }
    private let state = Mutex(State())

    public init() {}

    /// From now on each change waits for `release()`.
    public func hold() { state.withLock { $0.holding = true } }

    /// Lets the longest-waiting change go on, or the next one to arrive.
    public func release() {
        let next = state.withLock { s -> CheckedContinuation<Void, Never>? in
            if s.waiting.isEmpty {
                s.permits += 1
                return nil
            }
            return s.waiting.removeFirst()
        }
        next?.resume()
    }

    public var started: Int { state.withLock { $0.started } }
    public var finishedWhenStarted: [Int] { state.withLock { $0.finishedWhenStarted } }

    /// True once `count` changes have started; false when that many turns
    /// given to other tasks went by first. A small `turns` checks that
    /// something has *not* happened while everything runnable ran.
    public func waitUntilStarted(_ count: Int, turns: Int = 5_000_000) async -> Bool {
        for _ in 0..<turns {
            if started >= count { return true }
            await Task.yield()
        }
        return started >= count
    }

    func enter() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            // Counted, checked and queued in one step: a release can come at any moment.
            let goOn = state.withLock { s -> Bool in
                s.started += 1
                s.finishedWhenStarted.append(s.finished)
                guard s.holding else { return true }
                if s.permits > 0 {
                    s.permits -= 1
                    return true
                }
                s.waiting.append(continuation)
                return false
            }
            if goOn { continuation.resume() }
        }
    }

    func leave() { state.withLock { $0.finished += 1 } }
}

/// An `AppModel` on in-memory repositories with a stopped clock.
@MainActor
public enum TestAppModelFactory {
    /// 2026-11-30 08:00 UTC.
    public nonisolated static let now: Int64 = 1_796_025_600

    public static func make(
        repository: any StoreRepository = InMemoryStoreRepository(), unit: WeightUnit = .kilograms,
        nowEpochSeconds: Int64 = now, timeZone: any LocalTimeZone = FixedOffsetTimeZone(offsetSeconds: 0)
    ) -> AppModel {
        AppModel(
            store: repository, history: UnusedRepository(), copies: UnusedRepository(), exports: UnusedRepository(),
            settings: InMemorySettingsRepository(settings: Settings(unit: unit)), clock: .fixed(epochSeconds: nowEpochSeconds, timeZone: timeZone))
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

/// A report worker that holds every job until the test releases it, in
/// any order: so a test can make an earlier preparation finish last.
@MainActor
public final class HeldReportWorker: ReportWorker {
    private var held: [Int: CheckedContinuation<Void, Never>] = [:]
    public private(set) var started = 0
    public private(set) var finished = 0

    public init() {}

    public func perform<Result: Sendable>(entryCount: Int, _ work: @escaping @Sendable () -> Result) async -> Result {
        started += 1
        let job = started
        await withCheckedContinuation { held[job] = $0 }
        defer { finished += 1 }
        return work()
    }

    /// Waits until `count` jobs have ended, and their callers have had the
    /// turns to take what they returned (bounded by turns, not a clock).
    public func waitUntilFinished(_ count: Int) async -> Bool {
        for _ in 0..<5_000_000 where finished < count { await Task.yield() }
        for _ in 0..<100 { await Task.yield() }
        return finished >= count
    }

    /// Lets job `number` (1 for the first started) run.
    public func release(_ number: Int) {
        held.removeValue(forKey: number)?.resume()
    }

    /// Waits until `count` jobs have started and are held (bounded by turns, not a clock).
    public func waitUntilHolding(_ count: Int) async -> Bool {
        for _ in 0..<5_000_000 where held.count < count { await Task.yield() }
        return held.count >= count
    }
}

extension WeightLogFeature {
    /// Logs a weigh-in as given, unchecked: what a test's fixture needs.
    @discardableResult
    public func add(kilograms: Double, at timestamp: Timestamp, note: String? = nil) async throws -> WeightEntry {
        try await log(kilograms: kilograms, at: timestamp, note: note, check: .skipped).entry
    }
}

extension Timestamp {
    /// The same local time `days` later.
    public func adding(days: Int) -> Timestamp {
        Timestamp(epochSeconds: epochSeconds + Int64(days) * 86_400, utcOffsetSeconds: utcOffsetSeconds)
    }
}
