/// Which weigh-ins a listing shows: a range or a start day, an end day, and
/// at most the latest N. Oldest first.
public struct EntrySelection: Equatable, Sendable {
    public var range: ProgressRange?
    public var since: CalendarDay?
    public var until: CalendarDay?
    public var limit: Int?

    public init(range: ProgressRange? = nil, since: CalendarDay? = nil, until: CalendarDay? = nil, limit: Int? = nil) {
        self.range = range
        self.since = since
        self.until = until
        self.limit = limit
    }

    public func apply(to entries: [WeightEntry], today: CalendarDay) -> [WeightEntry] {
        let from = since ?? range?.firstDay(today: today)
        var selected = entries.filter { entry in
            let day = entry.calendarDay
            if let from, day < from { return false }
            if let until, day > until { return false }
            return true
        }
        if let limit, selected.count > limit { selected.removeFirst(selected.count - limit) }
        return selected
    }
}
