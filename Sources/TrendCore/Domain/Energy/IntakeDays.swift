/// Intake day by day (SPEC §15): a day's intake is the sum of its entries,
/// each on its calendar day at its own offset; a day without an entry is
/// not logged, never zero.
public struct IntakeDays {
    public struct Day: Equatable, Sendable {
        public let day: CalendarDay
        public let entries: Int
        public let kilocalories: Double
    }

    /// The days with intake from `from` (the first when nil) through `through`, oldest first.
    ///
    /// The entries are in instant order, and an entry's day is within a
    /// day of its instant's: each finds its day, or the place for it, a
    /// step or two back from the last day so far. Each day sums its
    /// entries in store order.
    public static func totals(_ intake: [IntakeEntry], from: CalendarDay? = nil, through: CalendarDay? = nil) -> [Day] {
        var days: [(day: Int, entries: Int, kilocalories: Double)] = []
        for index in intake.indices(onDaysFrom: from, through: through) {
            let day = intake[index].calendarDay
            if let from, day < from { continue }
            if let through, day > through { continue }
            let number = day.dayNumber
            var slot = days.count
            while slot > 0, days[slot - 1].day > number { slot -= 1 }
            if slot > 0, days[slot - 1].day == number {
                days[slot - 1].entries += 1
                days[slot - 1].kilocalories += intake[index].kilocalories
            } else {
                days.insert((number, 1, intake[index].kilocalories), at: slot)
            }
        }
        return days.map { Day(day: CalendarDay(dayNumber: $0.day), entries: $0.entries, kilocalories: $0.kilocalories) }
    }
}
