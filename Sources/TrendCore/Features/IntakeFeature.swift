import Observation

/// Food energy eaten (SPEC §15): logging it, changing it, and the days it
/// adds up to. Kept in the one store with the weigh-ins, so every change
/// waits in the weight log's queue and is journalled like any other.
@MainActor
@Observable
public final class IntakeFeature {
    @ObservationIgnored private let records: RecordLogFeature
    @ObservationIgnored private let repository: any StoreRepository
    @ObservationIgnored private let clock: AppClock

    public init(records: RecordLogFeature, repository: any StoreRepository, clock: AppClock) {
        self.records = records
        self.repository = repository
        self.clock = clock
    }

    /// Every intake entry, in the one order.
    public var entries: [IntakeEntry] { records.store.intake }

    /// What logging did.
    public struct LogOutcome: Equatable, Sendable {
        /// The new entry, or the one it repeats.
        public let entry: IntakeEntry
        /// The same amount was logged within two minutes: nothing was added.
        public let isRepeat: Bool
    }

    /// Logs food energy. Unless `force`: more than a day's food at once is
    /// refused as a likely kJ value, and the same amount again within two
    /// minutes is not added twice (a repeated command, a retried job).
    @discardableResult
    public func log(kilocalories: Double, at timestamp: Timestamp, note: String? = nil, force: Bool = false) async throws -> LogOutcome {
        try validate(kilocalories: kilocalories, force: force)
        try clock.check(timestamp)
        let entry = IntakeEntry(timestamp: timestamp, kilocalories: kilocalories, note: note)
        return try await records.apply { [repository] in
            try await repository.modify { store in
                if !force, let existing = store.intake.last(where: {
                    abs($0.timestamp.epochSeconds - timestamp.epochSeconds) <= TypoGuard.repeatSeconds && abs($0.kilocalories - kilocalories) < IntakeEntry.sameAmountKilocalories
                }) {
                    return LogOutcome(entry: existing, isRepeat: true)
                }
                store.insert(entry)
                return LogOutcome(entry: entry, isRepeat: false)
            }
        }
    }

    /// Changes the intake entry `text` names (full id or unique prefix),
    /// resolved against what is stored when the change is made.
    @discardableResult
    public func update(
        matching text: String, kilocalories: Double? = nil, timestamp: Timestamp? = nil, note: NoteChange = .keep, force: Bool = false
    ) async throws -> IntakeEntry {
        if let kilocalories { try validate(kilocalories: kilocalories, force: force) }
        if let timestamp { try clock.check(timestamp) }
        return try await records.apply { [repository] in
            try await repository.modify { store in
                guard var entry = try store.record(matching: text).as(IntakeEntry.self) else { throw LogError.entryNotFound(id: text) }
                if let kilocalories { entry.kilocalories = kilocalories }
                if let timestamp { entry.timestamp = timestamp }
                entry.note = note.applied(to: entry.note)
                store.replace(entry)
                return entry
            }
        }
    }

    private func validate(kilocalories: Double, force: Bool) throws(LogError) {
        guard IntakeEntry.isValid(kilocalories: kilocalories) else { throw .intakeOutOfRange(kilocalories: kilocalories) }
        if !force && kilocalories > EnergyInput.unlikelyKilocalories { throw .unlikelyIntake(kilocalories: kilocalories) }
    }
}
