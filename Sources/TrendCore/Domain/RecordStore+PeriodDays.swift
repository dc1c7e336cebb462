extension RecordStore {
    /// The days marked `period` (SPEC §21), which tell the expenditure model
    /// when a cycle's water comes (§15). None until marks are stored.
    public var periodDays: [CalendarDay] { [] }
}
