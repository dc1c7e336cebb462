/// Which weigh-ins a listing shows: a range or a start, an end, and at most
/// the latest N. Oldest first.
public struct EntrySelection: Equatable, Sendable {
    /// One end of a listing: a date alone means the whole day; a date with
    /// a time, that instant (SPEC §4).
    public enum Bound: Equatable, Sendable {
        case day(CalendarDay)
        case instant(Timestamp)
    }

    public var range: ProgressRange?
    public var since: Bound?
    public var until: Bound?
    public var limit: Int?

    public init(range: ProgressRange? = nil, since: Bound? = nil, until: Bound? = nil, limit: Int? = nil) {
        self.range = range
        self.since = since
        self.until = until
        self.limit = limit
    }

    public func apply(to entries: [WeightEntry], today: CalendarDay) -> [WeightEntry] {
        // Everything: the same array, not a copy of a long history.
        if range == nil && since == nil && until == nil && (limit ?? Int.max) >= entries.count { return entries }
        let from = since ?? range?.firstDay(today: today).map(Bound.day)
        var selected = entries.filter { entry in
            switch from {
            case .day(let day)?: if entry.calendarDay < day { return false }
            case .instant(let start)?: if entry.timestamp.epochSeconds < start.epochSeconds { return false }
            case nil: break
            }
            switch until {
            case .day(let day)?: return entry.calendarDay <= day
            case .instant(let end)?: return entry.timestamp.epochSeconds <= end.epochSeconds
            case nil: return true
            }
        }
        if let limit, selected.count > limit { selected.removeFirst(selected.count - limit) }
        return selected
    }
}

extension DateInput {
    /// A listing bound from what a person typed: a date alone (today,
    /// yesterday, mon, 2d ago) is the whole day; with a time it is that
    /// instant; a bare duration counts back from now (`14d`: the day 14
    /// days ago; `36h`: 36 hours ago).
    public func bound(parsing raw: String) throws(DateInputError) -> EntrySelection.Bound {
        do {
            let elapsed = try ElapsedTime(parsing: raw)
            if elapsed.isWholeDays { return .day(today.adding(days: -Int(elapsed.seconds / 86_400))) }
            let instant = nowEpochSeconds - elapsed.seconds
            return .instant(Timestamp(epochSeconds: instant, utcOffsetSeconds: timeZone.utcOffset(atEpochSeconds: instant)))
        } catch .ambiguousM {
            throw .ambiguousMinutes(input: raw.trimmed)
        } catch {}
        let reading = try reading(raw)
        return reading.hasTime ? .instant(reading.timestamp) : .day(reading.timestamp.day)
    }
}

extension EntrySelection.Bound {
    /// The calendar day of the bound (a report's first or last day).
    public var day: CalendarDay {
        switch self {
        case .day(let day): day
        case .instant(let timestamp): timestamp.day
        }
    }
}
