import Observation

/// The tape measure (SPEC §16): measurements by name, their names (the
/// known places, and names of one's own introduced once with `--new`),
/// and changes to them. Kept in the one store with the weigh-ins.
@MainActor
@Observable
public final class MeasurementFeature {
    @ObservationIgnored private let records: RecordLogFeature
    @ObservationIgnored private let repository: any StoreRepository
    @ObservationIgnored private let clock: AppClock

    public init(records: RecordLogFeature, repository: any StoreRepository, clock: AppClock) {
        self.records = records
        self.repository = repository
        self.clock = clock
    }

    /// Every measurement, in the one order.
    public var entries: [MeasurementEntry] { records.store.measurements }

    /// The names measured so far, sorted.
    public var measuredNames: [MeasurementName] { Set(entries.map(\.name)).sorted() }

    /// What a name may be: a known place (with or without a side), or one
    /// the store holds already.
    public nonisolated static func names(measured: [MeasurementName]) -> [String] {
        var names = MeasurementName.known
        for place in MeasurementName.known where MeasurementName.sided.contains(place) { names += [place + "-left", place + "-right"] }
        return names + measured.map(\.text).filter { !names.contains($0) }
    }

    /// Whether a typed value is checked against the name's trend as a likely typo.
    public enum TapeCheck: Equatable, Sendable {
        /// Checked (`TapeGuard`), the value shown in this unit.
        case shownIn(LengthUnit)
        /// Taken as given (`--force`, an import).
        case skipped
    }

    /// Logs a measurement. A name that is neither known nor measured before
    /// must be introduced with `isNew` (`--new`); otherwise it is a likely
    /// typo, refused with the closest name.
    @discardableResult
    public func log(
        name text: String, centimetres: Double, at timestamp: Timestamp, note: String? = nil, isNew: Bool = false, check: TapeCheck = .skipped
    ) async throws -> MeasurementEntry {
        if MeasurementName.seriesNames.contains(text.lowercased()) { throw LogError.seriesNotMeasurement(name: text) }
        guard let name = MeasurementName(text.lowercased()) else {
            // The store is read for the refusal alone: a log reads it under the lock.
            let measured = Set(try await records.loaded().measurements.map(\.name)).sorted()
            throw LogError.unknownMeasurement(name: text, closest: EditDistance.closest(to: text.lowercased(), among: Self.names(measured: measured)))
        }
        guard MeasurementEntry.isValid(centimetres: centimetres) else { throw LogError.measurementOutOfRange(centimetres: centimetres) }
        try clock.check(timestamp)
        let entry = MeasurementEntry(timestamp: timestamp, name: name, centimetres: centimetres, note: note)
        return try await records.apply { [repository] in
            try await repository.modify { store in
                if !name.isKnown && !isNew && !store.measurements.contains(where: { $0.name == name }) {
                    let measured = Set(store.measurements.map(\.name)).sorted()
                    throw LogError.unknownMeasurement(name: name.text, closest: EditDistance.closest(to: name.text, among: Self.names(measured: measured)))
                }
                if case .shownIn(let unit) = check {
                    try TapeGuard.check(centimetres, name: name, on: timestamp.day, in: store.measurements, shownIn: unit)
                }
                store.insert(entry)
                return entry
            }
        }
    }

    /// Changes the measurement `text` names (full id or unique prefix).
    @discardableResult
    public func update(
        matching text: String, centimetres: Double? = nil, timestamp: Timestamp? = nil, note: NoteChange = .keep,
        check: TapeCheck = .skipped
    ) async throws -> MeasurementEntry {
        if let centimetres, !MeasurementEntry.isValid(centimetres: centimetres) { throw LogError.measurementOutOfRange(centimetres: centimetres) }
        if let timestamp { try clock.check(timestamp) }
        return try await records.apply { [repository] in
            try await repository.modify { store in
                guard var entry = try store.record(matching: text).as(MeasurementEntry.self) else { throw LogError.entryNotFound(id: text) }
                if let centimetres, case .shownIn(let unit) = check {
                    let others = store.measurements.filter { $0.id != entry.id }
                    try TapeGuard.check(centimetres, name: entry.name, on: (timestamp ?? entry.timestamp).day, in: others, shownIn: unit)
                }
                if let centimetres { entry.centimetres = centimetres }
                if let timestamp { entry.timestamp = timestamp }
                entry.note = note.applied(to: entry.note)
                store.replace(entry)
                return entry
            }
        }
    }
}
