extension Expenditure {
    /// What moved the water the scale holds, named only where the data
    /// shows it (SPEC §15): a period mark, a day eaten far over what was
    /// burned, a change of diet.
    public enum WaterCause: Equatable, Sendable {
        /// The cycle the period marks tell: its latest period began on this day.
        case period(CalendarDay)
        /// A day eaten `largeDayKilocalories` or more over the expenditure, this much in all.
        case largeDay(CalendarDay, kilocalories: Double)
        /// The week from this day ate a diet's worth less (`fell`) or more than the two weeks before.
        case dietChange(CalendarDay, fell: Bool)

        /// The model's parts of water.
        private enum Part { case cycle, fast, glycogen }

        /// Fast water is a large day's for this many days after it.
        static let largeDayReach = 4

        /// The cause of `water` when it is notable and the days show one: the
        /// part of the model that moved it most, in its direction, and that
        /// part's evidence in the run's `days` (whose last is `to`).
        static func of(
            _ water: EnergyBalanceModel.Water, days: [EnergyBalanceModel.Day], to: CalendarDay, cycle: PeriodCycle, expenditure: Double,
            model: EnergyBalanceModel.Constants
        ) -> WaterCause? {
            let total = water.total
            guard abs(total) >= Expenditure.notableWaterKilograms else { return nil }
            let parts: [(part: Part, kilograms: Double)] = [(.cycle, water.cycle), (.fast, water.fast), (.glycogen, water.glycogen)]
            guard let main = parts.filter({ ($0.kilograms > 0) == (total > 0) }).max(by: { abs($0.kilograms) < abs($1.kilograms) })?.part else { return nil }
            switch main {
            case .cycle:
                // Only a cycle the marks tell is a period.
                guard days.contains(where: { $0.cycle != nil }), let start = cycle.starts.last(where: { $0 <= to }) else { return nil }
                return .period(start)
            case .fast:
                // Eating much adds water; eating little does not take it away.
                guard total > 0 else { return nil }
                for offset in 1...min(largeDayReach, days.count - 1) {
                    if let eaten = days[days.count - 1 - offset].kilocalories, eaten >= expenditure + model.largeDayKilocalories {
                        return .largeDay(to.adding(days: -offset), kilocalories: eaten)
                    }
                }
                return nil
            case .glycogen:
                // The latest run of days in the window whose week moved by a diet's worth in the water's
                // direction (less eaten, less glycogen), and the first day of its first week.
                let fell = total < 0
                func changes(_ index: Int) -> Bool {
                    guard let shift = days[index].intakeShift else { return false }
                    return abs(shift) >= model.dietChangeKilocalories && (shift < 0) == fell
                }
                let windowStart = max(0, days.count - Expenditure.windowDays)
                guard var index = (windowStart..<days.count).last(where: changes) else { return nil }
                while index > 0, changes(index - 1) { index -= 1 }
                let offset = days.count - 1 - index + (IntakeShift.recentDays - 1)
                return .dietChange(to.adding(days: -offset), fell: fell)
            }
        }
    }
}
