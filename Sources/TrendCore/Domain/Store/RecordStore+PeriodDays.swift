extension RecordStore {
    /// The days marked `period` (SPEC §21), which tell the expenditure model
    /// when a cycle's water comes (§15).
    public var periodDays: [CalendarDay] { marks.periodDays }
}

extension Sequence<DayMark> {
    /// The days of these marks named `period`.
    public var periodDays: [CalendarDay] { filter { $0.name == .period }.map(\.day) }
}
