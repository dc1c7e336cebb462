#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A day marked with what happened to the body or the log on it (SPEC
/// §21): a period, an illness, travel, a salty meal. One record a day and
/// name; a run of days is a run of records. Marks explain the scale to the
/// person, and `period` tells the expenditure model when a cycle's water
/// comes (SPEC §15).
public struct DayMark: StoredRecord, Hashable {
    public static let kind = RecordKind(name: "mark", pluralName: "marks", groupName: "marks", hookName: "marks")
    public static var slot: RecordStore.Slot<DayMark> { RecordStore.Slot(\.marks) }

    public let recordID: RecordID
    public var day: CalendarDay
    public var name: MarkName
    public var note: String?

    public init(id: UUID = WeightEntry.newID(), day: CalendarDay, name: MarkName, note: String? = nil) {
        self.init(recordID: RecordID(id), day: day, name: name, note: note)
    }

    public init(recordID: RecordID, day: CalendarDay, name: MarkName, note: String? = nil) {
        self.recordID = recordID
        self.day = day
        self.name = name
        self.note = (note?.isEmpty ?? true) ? nil : note
    }

    /// A mark has a day, not an instant: its instant is that day's noon at
    /// UTC, so it sorts by day and its calendar day is its day.
    public var timestamp: Timestamp {
        get { Timestamp(epochSeconds: Int64(day.dayNumber) * 86_400 + 43_200, utcOffsetSeconds: 0) }
        set { day = newValue.day }
    }

    /// Version 4 added marks (SPEC §1).
    public static func versionNeeded(for records: [DayMark]) -> Int { records.isEmpty ? 1 : 4 }

    /// One mark a day and name: a merge keeps one of two such (SPEC §21).
    public var mergeKey: AnyHashable? { AnyHashable(Key(day: day, name: name)) }

    private struct Key: Hashable { let day: CalendarDay; let name: MarkName }

    /// The same day and name.
    public func repeats(_ other: DayMark) -> Bool { day == other.day && name == other.name }

    public var removalValue: (value: Double?, name: String?) { (nil, name.text) }

    public static func recalled(minute: Timestamp, value: Double?, name: String?) -> DayMark? {
        name.flatMap(MarkName.init).map { DayMark(day: minute.day, name: $0) }
    }

    /// How many days one `trend mark` may mark at once: a year.
    public static let largestRun = 366
}

extension RecordKind {
    public static var mark: RecordKind { DayMark.kind }
}

/// A mark's name (SPEC §21): lowercase letters, digits and `-`, 1 to 32
/// characters, and never the name of a series of the report or of a place
/// the tape goes, so that a name means one thing wherever it is given.
public struct MarkName: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let text: String

    /// The one name a figure reads (SPEC §15): the days of a period.
    public static let period = MarkName(uncheckedText: "period")

    /// A name as stored or typed; nil when it is no mark's name.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard (1...32).contains(bytes.count), bytes.allSatisfy({ (97...122).contains($0) || (48...57).contains($0) || $0 == 45 }) else { return nil }
        guard !MeasurementName.seriesNames.contains(text), !MeasurementName(uncheckedText: text).isKnown else { return nil }
        self.text = text
    }

    init(uncheckedText: String) { text = uncheckedText }

    public var description: String { text }

    public static func < (a: MarkName, b: MarkName) -> Bool { a.text < b.text }
}
