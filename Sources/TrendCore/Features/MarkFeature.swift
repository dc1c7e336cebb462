import Observation

/// Day marks (SPEC §21): what happened on a day, one record a day and
/// name, marked and changed here and kept in the one store with the other
/// kinds. The names used before are offered again.
@MainActor
@Observable
public final class MarkFeature {
    @ObservationIgnored private let records: RecordLogFeature
    @ObservationIgnored private let repository: any StoreRepository
    @ObservationIgnored private let clock: AppClock

    public init(records: RecordLogFeature, repository: any StoreRepository, clock: AppClock) {
        self.records = records
        self.repository = repository
        self.clock = clock
    }

    /// Every mark, by day.
    public var marks: [DayMark] { records.store.marks }

    /// The names used so far, the most recently marked first: what a
    /// person is offered when marking a day.
    public var namesUsed: [MarkName] {
        var seen = Set<MarkName>()
        return marks.reversed().compactMap { seen.insert($0.name).inserted ? $0.name : nil }
    }

    /// A name as typed, checked against what names mean elsewhere (a
    /// series, a place the tape goes, a measurement of one's own).
    public func name(parsing text: String) throws(LogError) -> MarkName {
        let typed = text.lowercased()
        if MeasurementName.seriesNames.contains(typed) { throw .invalidMarkName(name: text, takenBy: "a series of the report") }
        if MeasurementName(typed)?.isKnown == true { throw .invalidMarkName(name: text, takenBy: "a place the tape measures") }
        guard text == typed, let name = MarkName(typed) else { throw .invalidMarkName(name: text, takenBy: nil) }
        if records.store.measurements.contains(where: { $0.name.text == typed }) { throw .invalidMarkName(name: text, takenBy: "a measurement's name") }
        return name
    }

    /// What marking did.
    public struct MarkOutcome: Equatable, Sendable {
        /// The marks added, by day.
        public let added: [DayMark]
        /// The days that held that name already: nothing was written for them.
        public let alreadyMarked: [CalendarDay]
    }

    /// Marks `days` calendar days from `first` with `name`; a day already
    /// marked with it stays as it is. Decided under the lock.
    @discardableResult
    public func mark(_ name: MarkName, from first: CalendarDay, days: Int = 1, note: String? = nil) async throws -> MarkOutcome {
        guard (1...DayMark.largestRun).contains(days) else { throw LogError.markDaysOutOfRange(days: days) }
        let last = first.adding(days: days - 1)
        guard last <= clock.today else { throw LogError.markInFuture(day: last) }
        try clock.check(DayMark(day: first, name: name).timestamp)
        return try await records.apply { [repository] in
            try await repository.modify { store in
                var added: [DayMark] = []
                var already: [CalendarDay] = []
                for offset in 0..<days {
                    let mark = DayMark(day: first.adding(days: offset), name: name, note: note)
                    if store.marks.contains(where: { $0.repeats(mark) }) {
                        already.append(mark.day)
                    } else {
                        added.append(mark)
                    }
                }
                store.insert(contentsOf: added)
                return MarkOutcome(added: added, alreadyMarked: already)
            }
        }
    }

    /// Changes the mark `text` names (full id or unique prefix), resolved
    /// against what is stored when the change is made.
    @discardableResult
    public func update(matching text: String, name: MarkName? = nil, day: CalendarDay? = nil, note: NoteChange = .keep) async throws -> DayMark {
        if let day, day > clock.today { throw LogError.markInFuture(day: day) }
        return try await records.apply { [repository] in
            try await repository.modify { store in
                guard var mark = try store.record(matching: text).as(DayMark.self) else { throw LogError.entryNotFound(id: text) }
                if let name { mark.name = name }
                if let day { mark.day = day }
                mark.note = note.applied(to: mark.note)
                if store.marks.contains(where: { $0.id != mark.id && $0.repeats(mark) }) {
                    throw LogError.alreadyMarked(day: mark.day, name: mark.name.text)
                }
                store.replace(mark)
                return mark
            }
        }
    }
}
