/// The records of an import file of every kind but weigh-ins (intake,
/// measurements, …: SPEC §15, §16), read but not yet applied. Weigh-ins
/// are rows, for the unit and typo rules they alone have.
package struct BodyRecords: Equatable, Sendable {
    /// The records, each kind in store order.
    package private(set) var records = RecordStore()
    package var invalid: [(line: Int, reason: String)] = []
    /// Days of intake a file marks as not completed (Cronometer): named in the summary, never dropped.
    package var incompleteDays = 0
    /// The unit lengths were read in because the file names none (the configured one's).
    package var assumedLength: LengthUnit?

    package init() {}

    /// Adds a record read from the file.
    package mutating func add<Record: StoredRecord>(_ record: Record) {
        records.insert(record)
    }

    package var intake: [IntakeEntry] { records.intake }
    package var measurements: [MeasurementEntry] { records.measurements }

    package var isEmpty: Bool { records.allRecordIDs.isEmpty }

    /// Lets the records go, keeping nothing: what they counted is in the import's outcome.
    mutating func drop() {
        records = RecordStore()
    }

    mutating func absorb(_ other: BodyRecords) {
        for record in other.records.allRecords { records.insert(record) }
        invalid += other.invalid
        incompleteDays += other.incompleteDays
        assumedLength = assumedLength ?? other.assumedLength
    }

    package static func == (a: BodyRecords, b: BodyRecords) -> Bool {
        a.records == b.records && a.invalid.map(\.line) == b.invalid.map(\.line)
            && a.invalid.map(\.reason) == b.invalid.map(\.reason) && a.incompleteDays == b.incompleteDays
    }
}
