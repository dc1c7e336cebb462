/// A period that cannot be: its end before its start (SPEC §5). A usage
/// error, since no data could make it one.
public enum PeriodError: Error, Equatable, Sendable, CustomStringConvertible {
    case reversed(since: EntrySelection.Bound, until: EntrySelection.Bound)

    /// Refuses an end before the start: days compare as days, a day and an
    /// instant by the instant's day, two instants as instants.
    public static func check(since: EntrySelection.Bound?, until: EntrySelection.Bound?) throws(PeriodError) {
        guard let since, let until else { return }
        let reversed = switch (since, until) {
        case (.instant(let a), .instant(let b)): a.epochSeconds > b.epochSeconds
        default: since.day > until.day
        }
        if reversed { throw .reversed(since: since, until: until) }
    }

    public static func check(since: CalendarDay?, until: CalendarDay?) throws(PeriodError) {
        try check(since: since.map(EntrySelection.Bound.day), until: until.map(EntrySelection.Bound.day))
    }

    public var description: String {
        switch self {
        case .reversed(let since, let until): "the period ends on \(until.text), before it starts on \(since.text)"
        }
    }
}

extension EntrySelection.Bound {
    /// `2026-11-10`, or `2026-11-10 07:30` for an instant.
    public var text: String {
        switch self {
        case .day(let day): day.description
        case .instant(let timestamp): "\(timestamp.day) \(timestamp.clock(seconds: false))"
        }
    }
}
