#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A body measurement taken with a tape (SPEC §16): which one, its length
/// in centimetres at full precision (a value typed in inches is stored as
/// its centimetres), when, and a note.
public struct MeasurementEntry: StoredRecord, Hashable {
    public static let kind = RecordKind(name: "measurement", pluralName: "measurements", groupName: "measurements", hookName: "measurements")
    public static var slot: RecordStore.Slot<MeasurementEntry> { RecordStore.Slot(\.measurements) }

    public let recordID: RecordID
    public var timestamp: Timestamp
    public var name: MeasurementName
    public var centimetres: Double
    public var note: String?

    public init(id: UUID = WeightEntry.newID(), timestamp: Timestamp, name: MeasurementName, centimetres: Double, note: String? = nil) {
        self.init(recordID: RecordID(id), timestamp: timestamp, name: name, centimetres: centimetres, note: note)
    }

    public init(recordID: RecordID, timestamp: Timestamp, name: MeasurementName, centimetres: Double, note: String? = nil) {
        self.recordID = recordID
        self.timestamp = timestamp
        self.name = name
        self.centimetres = centimetres
        self.note = (note?.isEmpty ?? true) ? nil : note
    }

    /// What a tape measures on a person: 1 to 300 cm.
    public static let validCentimetres: ClosedRange<Double> = 1...300
    /// `1 to 300`: the bounds as messages give them (in cm).
    public static let validRangeText = "\(DecimalText.shortest(validCentimetres.lowerBound)) to \(DecimalText.shortest(validCentimetres.upperBound))"
    /// `0.4 to 118 in`: the same, in whole inches at the top and tenths at the bottom, inside the range.
    public static let validRangeInchesText =
        "\(DecimalText.shortest((validCentimetres.lowerBound / centimetresPerInch * 10).rounded(.up) / 10)) to \(DecimalText.shortest((validCentimetres.upperBound / centimetresPerInch).rounded(.down))) in"

    public static func isValid(centimetres: Double) -> Bool {
        centimetres.isFinite && validCentimetres.contains(centimetres)
    }

    public static let centimetresPerInch = 2.54

    /// Version 3 added intake and measurements (SPEC §1).
    public static func versionNeeded(for records: [MeasurementEntry]) -> Int { records.isEmpty ? 1 : 3 }

    /// Two lengths this close are one reading: an inch value converted
    /// and rounded to 0.1 cm differs by less.
    public static let sameLengthCentimetres = 0.05

    /// The same minute, place and length (SPEC §16).
    public func repeats(_ other: MeasurementEntry) -> Bool {
        minute == other.minute && name == other.name && abs(centimetres - other.centimetres) < Self.sameLengthCentimetres
    }

    public var removalValue: (value: Double?, name: String?) { (centimetres, name.text) }

    public static func recalled(minute: Timestamp, value: Double?, name: String?) -> MeasurementEntry? {
        guard let value, let name else { return nil }
        return MeasurementEntry(timestamp: minute, name: MeasurementName(uncheckedText: name), centimetres: value)
    }
}

extension RecordKind {
    public static var measurement: RecordKind { MeasurementEntry.kind }
}

/// A measurement's name (SPEC §16): one of the known places, optionally
/// `-left` or `-right`, or a name of one's own: a lowercase letter, then
/// up to 31 lowercase letters, digits or dashes.
public struct MeasurementName: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let text: String

    /// The places a tape goes, as SPEC §16 names them.
    public static let known = ["neck", "shoulders", "chest", "waist", "abdomen", "hips", "arm", "forearm", "thigh", "calf", "wrist"]
    /// The places that come in pairs.
    public static let sided: Set<String> = ["arm", "forearm", "thigh", "calf", "wrist", "shoulders", "chest", "hips", "neck", "waist", "abdomen"]

    /// The report's series (SPEC §16): never a measurement's name, so
    /// `--metric NAME` is never ambiguous.
    public static let seriesNames: Set<String> = ["weight", "fat", "fat-mass", "lean-mass", "intake", "expenditure", "bmi"]

    public static let waist = MeasurementName(uncheckedText: "waist")
    public static let hips = MeasurementName(uncheckedText: "hips")
    public static let neck = MeasurementName(uncheckedText: "neck")

    /// A name as stored or typed; nil when it is no name (`[a-z][a-z0-9-]{0,31}`).
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, (97...122).contains(first), bytes.count <= 32,
            bytes.allSatisfy({ (97...122).contains($0) || (48...57).contains($0) || $0 == 45 }), !Self.seriesNames.contains(text)
        else { return nil }
        self.text = text
    }

    init(uncheckedText: String) { text = uncheckedText }

    /// A known place, with or without a side: needs no `--new`.
    public var isKnown: Bool {
        if Self.known.contains(text) { return true }
        for side in ["-left", "-right"] where text.hasSuffix(side) {
            return Self.known.contains(String(text.dropLast(side.count)))
        }
        return false
    }

    public var description: String { text }

    public static func < (a: MeasurementName, b: MeasurementName) -> Bool { a.text < b.text }
}
