#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Food energy eaten (SPEC §15): kilocalories at full precision (a value
/// typed in kJ is stored as its kilocalories), when, and a note.
public struct IntakeEntry: StoredRecord, Hashable {
    public static let kind = RecordKind(name: "intake entry", pluralName: "intake entries", groupName: "intake", hookName: "intake")
    public static var slot: RecordStore.Slot<IntakeEntry> { RecordStore.Slot(\.intake) }

    public let recordID: RecordID
    public var timestamp: Timestamp
    public var kilocalories: Double
    public var note: String?

    public init(id: UUID = WeightEntry.newID(), timestamp: Timestamp, kilocalories: Double, note: String? = nil) {
        self.init(recordID: RecordID(id), timestamp: timestamp, kilocalories: kilocalories, note: note)
    }

    public init(recordID: RecordID, timestamp: Timestamp, kilocalories: Double, note: String? = nil) {
        self.recordID = recordID
        self.timestamp = timestamp
        self.kilocalories = kilocalories
        self.note = (note?.isEmpty ?? true) ? nil : note
    }

    /// What one entry may hold: more than nothing, at most 20,000 kcal
    /// (also the most a day's total may be, when a file gives days).
    public static let validKilocalories: ClosedRange<Double> = Double.leastNonzeroMagnitude...20_000
    /// `more than 0 and at most 20,000 kcal`.
    public static let validRangeText = "more than 0 and at most \(mostText)"
    /// `20,000 kcal`.
    public static let mostText = "\(DecimalText.grouped(validKilocalories.upperBound)) kcal"

    public static func isValid(kilocalories: Double) -> Bool {
        kilocalories.isFinite && validKilocalories.contains(kilocalories)
    }

    /// A day's intake comes from one source (SPEC §15).
    public static let oneSourcePerDay = true

    /// Version 3 added intake and measurements (SPEC §1).
    public static func versionNeeded(for records: [IntakeEntry]) -> Int { records.isEmpty ? 1 : 3 }

    /// Two amounts this close are one (SPEC §15): a kJ value converted and
    /// written back to whole kilocalories differs by less.
    public static let sameAmountKilocalories = 0.5

    /// The same minute and the same amount (SPEC §15).
    public func repeats(_ other: IntakeEntry) -> Bool {
        minute == other.minute && abs(kilocalories - other.kilocalories) < Self.sameAmountKilocalories
    }

    public var removalValue: (value: Double?, name: String?) { (kilocalories, nil) }

    public static func recalled(minute: Timestamp, value: Double?, name: String?) -> IntakeEntry? {
        value.map { IntakeEntry(timestamp: minute, kilocalories: $0) }
    }

    /// kJ per kcal (the thermochemical calorie).
    public static let kilojoulesPerKilocalorie = 4.184
}

extension RecordKind {
    public static var intake: RecordKind { IntakeEntry.kind }
}
