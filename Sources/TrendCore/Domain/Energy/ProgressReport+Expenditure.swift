/// The expenditure day by day (SPEC §15, `--metric expenditure`): what
/// shows a person whether the estimate can be trusted.
extension ProgressReport {
    /// A day of the range and the expenditure the report gave on it.
    public struct ExpenditureDay: Equatable, Sendable {
        public let day: CalendarDay
        public let expenditure: Expenditure
    }

    /// Each day from `from` through `through` (never `dayInProgress` or
    /// later) with the figure `progress --until` that day gives: the window
    /// ending on its latest day with intake. Days without one, or whose
    /// window is more than a week old (`expenditureStaleAfterDays`), are left out.
    /// A day without intake has the window of the day before, so only days
    /// with intake are estimated.
    static func expenditureSeries(
        intake: [IntakeEntry], entries: [WeightEntry], from: CalendarDay, through: CalendarDay, dayInProgress: CalendarDay, periodDays: [CalendarDay],
        sex: Sex?
    ) -> [ExpenditureDay] {
        let last = min(through, dayInProgress.adding(days: -1))
        guard from <= last else { return [] }
        let logged = Set(IntakeDays.totals(intake, from: from, through: last).map(\.day.dayNumber))
        var days: [ExpenditureDay] = []
        var current: Expenditure?
        for number in from.dayNumber...last.dayNumber {
            let day = CalendarDay(dayNumber: number)
            if number == from.dayNumber || logged.contains(number) {
                current = Expenditure.estimate(intake: intake, entries: entries, through: day, dayInProgress: dayInProgress, periodDays: periodDays, sex: sex)?
                    .value
            }
            guard let current, number - current.to.dayNumber <= expenditureStaleAfterDays else { continue }
            days.append(ExpenditureDay(day: day, expenditure: current))
        }
        return days
    }
}
