#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Observation

/// The weight log: the weigh-ins, and what may be done with one (log it,
/// edit it), decided against what is stored and applied through the
/// record log (`RecordLogFeature.apply`), in its one queue. The weigh-ins
/// are the record log's; this keeps no copy.
@MainActor
@Observable
public final class WeightLogFeature {
    @ObservationIgnored private let records: RecordLogFeature
    @ObservationIgnored private let repository: any StoreRepository
    @ObservationIgnored private let clock: AppClock

    public init(records: RecordLogFeature, repository: any StoreRepository, clock: AppClock) {
        self.records = records
        self.repository = repository
        self.clock = clock
    }

    /// The weigh-ins, in store order.
    public var entries: [WeightEntry] { records.store.entries }

    /// The most recent weigh-in by instant.
    public var latestEntry: WeightEntry? { entries.last }

    /// Elapsed seconds since the latest weigh-in; nil without one.
    public var latestEntryAgeSeconds: Int64? {
        latestEntry.map { clock.nowEpochSeconds - $0.timestamp.epochSeconds }
    }

    /// True when the latest weigh-in is strictly older than `seconds` of
    /// elapsed time (or there is none): what a cron reminder asks.
    public func isLatestEntry(olderThanSeconds seconds: Int64) -> Bool {
        guard let age = latestEntryAgeSeconds else { return true }
        return age > seconds
    }

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
        return try await records.apply { [repository] in
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

    /// What an edit does to the body fat.
    public enum FatChange: Equatable, Sendable {
        case keep
        case set(Double)
        case clear
    }

    /// Changes the entry `text` names (full id or unique prefix), resolved
    /// against what is stored when the change is made: one locked read and
    /// write, nothing loaded first. Nil arguments keep what is there.
    @discardableResult
    public func update(
        matching text: String, kilograms: Double? = nil, timestamp: Timestamp? = nil, note: NoteChange = .keep,
        fat: FatChange = .keep, check: TypoCheck = .skipped
    ) async throws -> WeightEntry {
        _ = try EntryID.prefix(parsing: text)
        if let kilograms { try validate(kilograms: kilograms) }
        if case .set(let value) = fat { try validate(fatPercent: value) }
        if let timestamp { try validate(timestamp: timestamp) }
        return try await records.apply { [repository] in
            try await repository.modify { store in
                var entry = try EntryID.record(matching: text, in: store.entries)
                if let kilograms, case .typedIn(let unit) = check {
                    try TypoGuard.check(kilograms, typedIn: unit, against: store.entries.filter { $0.id != entry.id })
                }
                if let kilograms { entry.kilograms = kilograms }
                if let timestamp { entry.timestamp = timestamp }
                entry.note = note.applied(to: entry.note)
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

    // MARK: Validation

    private func validate(kilograms: Double) throws(LogError) {
        guard WeightInput.isValid(kilograms: kilograms) else {
            throw .weightOutOfRange(kilograms: kilograms)
        }
    }

    private func validate(fatPercent: Double) throws(LogError) {
        guard WeightInput.isValid(fatPercent: fatPercent) else { throw .fatOutOfRange(percent: fatPercent) }
    }

    private func validate(timestamp: Timestamp) throws(LogError) {
        guard timestamp.storable == timestamp else { throw .dateNotStorable(timestamp: timestamp) }
        guard clock.accepts(timestamp) else {
            throw .dateInFuture(timestamp: timestamp)
        }
    }
}
