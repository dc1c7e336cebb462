#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Observation

/// The authoritative owner of the weigh-ins and the goal.
///
/// Reads share one in-flight refresh; edits are queued and run one after
/// another in the order they were asked for, so no edit is ever dropped.
/// After an edit the entries are what the repository holds then, which
/// includes changes other processes made meanwhile.
@MainActor
@Observable
public final class WeightLogFeature {
    @ObservationIgnored private let repository: any WeightRepository
    @ObservationIgnored private let clock: AppClock
    @ObservationIgnored private let refreshes = SharedRefresh()
    @ObservationIgnored private let edits = EditQueue()

    /// The loaded data as one value (what `export` writes): the weigh-ins,
    /// the goal, its plan and the file's version, which change together.
    /// One observed value, not four (see `FeatureActivity`).
    public private(set) var store = WeightStore()
    public private(set) var activity = FeatureActivity()

    public var entries: [WeightEntry] { store.entries }
    public var goalKilograms: Double? { store.goalKilograms }
    /// How the goal is to be reached, when a plan was set (SPEC §13).
    public var goalPlan: GoalPlan? { store.goalPlan }
    /// The file's format version; a newer one is read but never written.
    public var version: Int { store.version }
    public var hasLoaded: Bool { activity.hasLoaded }
    public var isLoading: Bool { activity.isLoading }
    public var isSaving: Bool { activity.isSaving }
    public var loadError: (any Error)? { activity.loadError }
    public var saveError: (any Error)? { activity.saveError }
    /// Copies of the weigh-ins a sync tool left beside the store (SPEC §9):
    /// their entries are lost unless merged.
    public private(set) var conflictCopies: [String] = []
    /// Every change this feature wrote, oldest first: what a front end
    /// tells a post-change hook about (SPEC §14).
    public private(set) var changes: [WeightChange] = []

    public init(repository: any WeightRepository, clock: AppClock) {
        self.repository = repository
        self.clock = clock
    }

    /// Launch entry point: starts loading and returns.
    public func startLoading() {
        _ = sharedRefreshTask()
    }

    /// Every caller awaits the one load in flight.
    public func refresh() async {
        await sharedRefreshTask().value
    }

    private func sharedRefreshTask() -> Task<Void, Never> {
        // Loading from the moment it is asked for, not when the task first runs.
        activity.isLoading = true
        return refreshes.task { [repository] in
            defer { self.activity.isLoading = false }
            do {
                self.accept(try await repository.load())
                self.activity.loadError = nil
            } catch {
                self.activity.loadError = error
                self.conflictCopies = repository.conflictCopies()
            }
        }
    }

    /// The most recent weigh-in by instant.
    public var latestEntry: WeightEntry? { entries.last }

    /// True when the latest weigh-in is strictly older than `seconds` of
    /// elapsed time (or there is none): what a cron reminder asks.
    public func isLatestEntry(olderThanSeconds seconds: Int64) -> Bool {
        guard let age = latestEntryAgeSeconds else { return true }
        return age > seconds
    }

    /// Elapsed seconds since the latest weigh-in; nil without one.
    public var latestEntryAgeSeconds: Int64? {
        latestEntry.map { clock.nowEpochSeconds - $0.timestamp.epochSeconds }
    }

    /// The weigh-ins whose short id starts with `prefix` (case ignored),
    /// newest last: what a shell offers after `trend edit `. A prefix that
    /// is not hex matches nothing.
    public func completionCandidates(prefix: String) -> [WeightEntry] {
        let typed = prefix.lowercased()
        guard typed.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) || $0 == 45 }) else { return [] }
        return entries.filter { $0.idText.hasPrefix(typed) }
    }

    // MARK: Edits

    /// Whether a typed weight is checked against the trend as a likely typo.
    public enum TypoCheck: Equatable, Sendable {
        /// Checked (`TypoGuard`), the weight having been typed in this unit.
        case typedIn(WeightUnit)
        /// Taken as given (`--force`).
        case skipped
    }

    /// What logging a weigh-in did.
    public struct LogOutcome: Equatable, Sendable {
        /// The new weigh-in, or the one it repeats.
        public let entry: WeightEntry
        /// The same weight was logged within two minutes: nothing was added.
        public let isRepeat: Bool
        /// The first weigh-in, and heavy in kilograms: perhaps the unit is pounds.
        public let mayBePounds: Bool
    }

    /// Logs a weigh-in. Decided under the lock, against what is stored
    /// then: a weight far from the trend (or, first, no person's weight) is
    /// refused as a likely typo, and the same weight again within two
    /// minutes is not added twice, unless the check is skipped.
    @discardableResult
    public func log(
        kilograms: Double, at timestamp: Timestamp, note: String? = nil, fatPercent: Double? = nil, check: TypoCheck
    ) async throws -> LogOutcome {
        try validate(kilograms: kilograms)
        try validate(timestamp: timestamp)
        if let fatPercent { try validate(fatPercent: fatPercent) }
        let entry = WeightEntry(timestamp: timestamp, kilograms: kilograms, note: note, fatPercent: fatPercent)
        return try await performEdit { [repository] in
            try await repository.modify { store in
                if case .typedIn(let unit) = check {
                    if let existing = TypoGuard.repeated(kilograms, at: timestamp, in: store.entries) {
                        return LogOutcome(entry: existing, isRepeat: true, mayBePounds: false)
                    }
                    try TypoGuard.check(kilograms, typedIn: unit, against: store.entries)
                }
                let first = store.entries.isEmpty
                store.insert(entry)
                let unit: WeightUnit = if case .typedIn(let unit) = check { unit } else { .kilograms }
                return LogOutcome(entry: entry, isRepeat: false, mayBePounds: first && TypoGuard.firstWeighInMayBePounds(kilograms, unit: unit))
            }
        }
    }

    /// Logs a weigh-in as given, unchecked: for callers that have their own data.
    @discardableResult
    public func add(kilograms: Double, at timestamp: Timestamp, note: String? = nil) async throws -> WeightEntry {
        try await log(kilograms: kilograms, at: timestamp, note: note, check: .skipped).entry
    }

    /// What an edit does to the note.
    public enum NoteChange: Equatable, Sendable {
        case keep
        case set(String)
        case clear
    }

    /// What an edit does to the body fat.
    public enum FatChange: Equatable, Sendable {
        case keep
        case set(Double)
        case clear
    }

    /// Changes one entry; nil arguments keep what is there.
    @discardableResult
    public func update(
        id: UUID, kilograms: Double? = nil, timestamp: Timestamp? = nil, note: NoteChange = .keep
    ) async throws -> WeightEntry {
        try await update(matching: id.uuidString.lowercased(), kilograms: kilograms, timestamp: timestamp, note: note)
    }

    /// Changes the entry `text` names (full id or unique prefix), resolved
    /// against what is stored when the change is made: one locked read and
    /// write, nothing loaded first. Every edit of an entry takes this path.
    @discardableResult
    public func update(
        matching text: String, kilograms: Double? = nil, timestamp: Timestamp? = nil, note: NoteChange = .keep,
        fat: FatChange = .keep, check: TypoCheck = .skipped
    ) async throws -> WeightEntry {
        _ = try EntryID.prefix(parsing: text)
        if let kilograms { try validate(kilograms: kilograms) }
        if case .set(let value) = fat { try validate(fatPercent: value) }
        if let timestamp { try validate(timestamp: timestamp) }
        return try await performEdit { [repository] in
            try await repository.modify { store in
                var entry = try EntryID.entry(matching: text, in: store.entries)
                if let kilograms, case .typedIn(let unit) = check {
                    try TypoGuard.check(kilograms, typedIn: unit, against: store.entries.filter { $0.id != entry.id })
                }
                if let kilograms { entry.kilograms = kilograms }
                if let timestamp { entry.timestamp = timestamp }
                switch note {
                case .keep: break
                case .set(let text): entry.note = text.isEmpty ? nil : text
                case .clear: entry.note = nil
                }
                switch fat {
                case .keep: break
                case .set(let value): entry.fatPercent = value
                case .clear: entry.fatPercent = nil
                }
                store.replace(entry)
                return entry
            }
        }
    }

    /// Deletes the entry `text` names, resolved as `update(matching:)` does.
    @discardableResult
    public func remove(matching text: String) async throws -> WeightEntry {
        do {
            return try await remove(matching: [text])[0]
        } catch WeightLogError.unresolvedIDs(let errors) where errors.count == 1 {
            throw errors[0]
        }
    }

    /// Deletes the entries `texts` name, in one write; when any is unknown
    /// or ambiguous, nothing is deleted and every such id is named.
    @discardableResult
    public func remove(matching texts: [String]) async throws -> [WeightEntry] {
        for text in texts { _ = try EntryID.prefix(parsing: text) }
        return try await performEdit { [repository] in
            try await repository.modify { store in
                var found: [WeightEntry] = []
                var errors: [WeightLogError] = []
                for text in texts {
                    do throws(WeightLogError) {
                        let entry = try EntryID.entry(matching: text, in: store.entries)
                        if !found.contains(where: { $0.id == entry.id }) { found.append(entry) }
                    } catch {
                        errors.append(error)
                    }
                }
                guard errors.isEmpty else { throw WeightLogError.unresolvedIDs(errors) }
                for entry in found { store.remove(id: entry.id) }
                return found
            }
        }
    }

    @discardableResult
    public func remove(id: UUID) async throws -> WeightEntry {
        try await remove(matching: id.uuidString.lowercased())
    }

    /// How the goal is to be reached, as asked (SPEC §13): by a date, or at
    /// a weekly rate whose direction the goal gives.
    public enum PlanRequest: Equatable, Sendable {
        case by(CalendarDay)
        /// Kilograms a week, unsigned.
        case weeklyRate(kilograms: Double)
    }

    /// Sets the goal, with a plan that starts today from today's trend, or
    /// without one (which clears a plan set before).
    public func setGoal(kilograms: Double, plan request: PlanRequest? = nil) async throws {
        guard WeightInput.isValid(kilograms: kilograms) else {
            throw WeightLogError.goalOutOfRange(kilograms: kilograms)
        }
        let today = clock.today
        if case .by(let day)? = request {
            guard day > today else { throw WeightLogError.planDateNotInFuture(day: day) }
            guard GoalPlan.endsInTime(start: today, by: day) else { throw WeightLogError.planTooLong(day: day) }
        }
        if case .weeklyRate(let rate)? = request, !(rate >= GoalPlan.minimumWeeklyKilograms * (1 - 1e-12) && rate <= GoalPlan.maximumWeeklyKilograms) {
            throw WeightLogError.planRateOutOfRange(kilograms: rate)
        }
        try await performEdit { [repository] in
            try await repository.modify { store in
                var plan: GoalPlan?
                switch request {
                case nil: plan = nil
                case .by(let day)?: plan = GoalPlan(start: today, pace: .by(day))
                case .weeklyRate(let rate)?:
                    // The direction comes from the goal: down to a goal below the trend, up to one above.
                    guard let trend = TypoGuard.trendKilograms(of: store.entries) else { throw WeightLogError.planWithoutWeighIns }
                    let days = abs(kilograms - trend) / rate * 7
                    guard days <= Double(GoalPlan.longestDays) else {
                        throw WeightLogError.planTooLong(day: today.adding(days: Int(min(days, Double(GoalPlan.longestStoredDays)).rounded(.up))))
                    }
                    plan = GoalPlan(start: today, pace: .weeklyRate(kilograms: kilograms < trend ? -rate : rate))
                }
                store.setGoal(kilograms, plan: plan)
            }
        }
    }

    /// What merging one copy did, or why it was left alone.
    public struct MergeReport: Equatable, Sendable {
        public let path: String
        /// Nil when the file was skipped: it is the store itself.
        public let outcome: WeightMerge.Outcome?

        public var isStore: Bool { outcome == nil }
    }

    /// Merges other copies of the weigh-ins into the store by id, all in one
    /// write (SPEC §9); a dry run merges into a copy of what is loaded. A
    /// path that is the store itself (`weights*.json` matches it too) is
    /// skipped, never merged and never deleted. With `deleteMerged` the
    /// copies go once their entries are in place, into the undo journal: an
    /// undo of the merge brings them back.
    public func merge(
        copies paths: [String], prefer: WeightMerge.Preference, dryRun: Bool, deleteMerged: Bool
    ) async throws -> [MergeReport] {
        var copies: [(path: String, store: WeightStore?)] = []
        for path in paths {
            if repository.isStore(path) {
                copies.append((path, nil))
            } else {
                copies.append((path, try await repository.readCopy(at: path, emptyIsEmpty: false)))
            }
        }
        let others = copies.compactMap(\.store)
        guard !others.isEmpty else {
            if let first = copies.first { throw StorageError.inputIsStore(path: first.path) }
            return []
        }
        func reports(_ outcomes: [WeightMerge.Outcome]) -> [MergeReport] {
            var remaining = outcomes[...]
            return copies.map { copy in
                guard copy.store != nil else { return MergeReport(path: copy.path, outcome: nil) }
                return MergeReport(path: copy.path, outcome: remaining.popFirst())
            }
        }
        if dryRun {
            await refresh()
            if let loadError { throw loadError }
            var copy = store
            return reports(others.map { WeightMerge.merge($0, into: &copy, prefer: prefer) })
        }
        let retiring = deleteMerged ? copies.filter { $0.store != nil }.map { PathName.absolute($0.path, in: FileManager.default.currentDirectoryPath) } : []
        let outcomes = try await performEdit { [repository] in
            try await repository.modify(retiring: retiring) { store in others.map { WeightMerge.merge($0, into: &store, prefer: prefer) } }
        }
        return reports(outcomes)
    }

    /// Git's three-way merge of `weights.json` (SPEC §9): the result is
    /// written to `ours`. An empty base (both branches added the file) is an
    /// empty store; a side written by a newer trend is refused, never copied.
    public func mergeThreeWay(base: String, ours: String, theirs: String) async throws -> WeightMerge.ThreeWay {
        let baseStore = try await repository.readCopy(at: base, emptyIsEmpty: true)
        let ourStore = try await repository.readCopy(at: ours, emptyIsEmpty: true)
        let theirStore = try await repository.readCopy(at: theirs, emptyIsEmpty: true)
        for (path, store) in [(base, baseStore), (ours, ourStore), (theirs, theirStore)] where store.version > WeightStore.currentVersion {
            throw DataFileError.newerVersion(path: path, version: store.version)
        }
        let merged = WeightMerge.merge(base: baseStore, ours: ourStore, theirs: theirStore)
        try await repository.writeCopy(merged.store, to: ours)
        return merged
    }

    /// Reverts the latest change not yet undone and says what that did.
    @discardableResult
    public func undo() async throws -> JournalMove {
        try await performEdit { [repository] in
            let move = try await repository.undo()
            return (move.store, move.outcome, move.change)
        }
    }

    /// Re-applies the earliest change undone.
    @discardableResult
    public func redo() async throws -> JournalMove {
        try await performEdit { [repository] in
            let move = try await repository.redo()
            return (move.store, move.outcome, move.change)
        }
    }

    /// The program to tell about `changes` (SPEC §14): under the user's
    /// configuration folder, run only when no one else could have written it.
    public func postChangeHook(environment: [String: String], noHooksFlag: Bool) -> HookFinding {
        PostChangeHook.find(environment: environment, noHooksFlag: noHooksFlag)
    }

    /// The journalled changes, for `undo --list`.
    public func journal() async throws -> ChangeJournal {
        try await repository.journal()
    }

    /// What `export` writes (SPEC §6): the CSV, exact kilograms unless a
    /// unit is given (then rounded to 0.01), with each day's trend as a last
    /// column when a method is given; or the `weights.json` document.
    public enum ExportFormat: String, CaseIterable, Sendable {
        case csv, json
    }

    /// The loaded weigh-ins as an export, written by `write` a piece at a
    /// time, so a long history is never held twice.
    public func export(_ format: ExportFormat, unit: WeightUnit, method: TrendMethod?, write: @escaping ([UInt8]) -> Void) {
        switch format {
        case .json: ExportDocument.json(store, write: write)
        case .csv: ExportDocument.csv(store, unit: unit, trendMethod: method, write: write)
        }
    }

    /// The loaded weigh-ins exported to `path`, atomically, never over one of
    /// the data files or through a symlink.
    public func export(_ format: ExportFormat, unit: WeightUnit, method: TrendMethod?, toPath path: String) async throws {
        let bytes = format == .json ? ExportDocument.json(store) : ExportDocument.csv(store, unit: unit, trendMethod: method)
        try await repository.writeExport(bytes, to: PathName.absolute(path, in: FileManager.default.currentDirectoryPath))
    }

    public func clearGoal() async throws {
        try await performEdit { [repository] in try await repository.modify { $0.setGoal(nil, plan: nil) } }
    }

    /// Adds imported entries in one write, skipping what is stored already
    /// (`ImportBatch.merge`, decided under the lock); a dry run merges into a
    /// copy of what is loaded.
    public func importBatch(_ batch: ImportBatch, dryRun: Bool) async throws -> ImportBatch.Outcome {
        if dryRun {
            await refresh()
            if let loadError { throw loadError }
            var copy = store
            return batch.merge(into: &copy)
        }
        return try await performEdit { [repository] in try await repository.importBatch(batch) }
    }

    /// Finds an entry by its full id or a unique prefix of at least 4 hex
    /// digits, among the loaded entries.
    public func entry(matching text: String) throws(WeightLogError) -> WeightEntry {
        try EntryID.entry(matching: text, in: entries)
    }

    // MARK: Internals

    private func validate(kilograms: Double) throws(WeightLogError) {
        guard WeightInput.isValid(kilograms: kilograms) else {
            throw .weightOutOfRange(kilograms: kilograms)
        }
    }

    private func validate(fatPercent: Double) throws(WeightLogError) {
        guard WeightInput.isValid(fatPercent: fatPercent) else { throw .fatOutOfRange(percent: fatPercent) }
    }

    private func validate(timestamp: Timestamp) throws(WeightLogError) {
        guard timestamp.storable == timestamp else { throw .dateNotStorable(timestamp: timestamp) }
        guard clock.accepts(timestamp) else {
            throw .dateInFuture(timestamp: timestamp)
        }
    }

    private func accept(_ store: WeightStore) {
        conflictCopies = repository.conflictCopies()
        var published = store
        published.edits = nil
        self.store = published
        activity.hasLoaded = true
    }

    /// Runs `operation` after every edit admitted before it, publishes the
    /// store it returns, and records a failure without touching the data.
    @discardableResult
    private func performEdit<Value: Sendable>(
        _ operation: @escaping @Sendable () async throws -> (store: WeightStore, outcome: Value, change: WeightChange?)
    ) async throws -> Value {
        activity.isSaving = true
        defer { activity.isSaving = edits.pending > 0 }
        do {
            let (store, outcome, change) = try await edits.run(operation)
            accept(store)
            if let change { changes.append(change) }
            activity.saveError = nil
            return outcome
        } catch {
            activity.saveError = error
            throw error
        }
    }
}
