#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Food energy eaten (SPEC §15): kilocalories at full precision (a value
/// typed in kJ is stored as its kilocalories), when, and a note.
public struct IntakeEntry: StoredRecord, Hashable {
    public static let kind = RecordKind.intake

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

    /// What one entry may hold: more than nothing, at most 20,000 kcal.
    public static let validKilocalories: ClosedRange<Double> = Double.leastNonzeroMagnitude...20_000
    public static let validRangeText = "more than 0 and at most 20,000 kcal"

    public static func isValid(kilocalories: Double) -> Bool {
        kilocalories.isFinite && kilocalories > 0 && kilocalories <= 20_000
    }

    /// kJ per kcal (the thermochemical calorie).
    public static let kilojoulesPerKilocalorie = 4.184
}
