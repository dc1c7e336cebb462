/// The history a week, a month or a year at a time (SPEC §8, `trend
/// stats`): The Hacker's Diet's monthly analysis, openScale's weekly
/// summary. One row per period, oldest first, empty periods included.
public struct PeriodStatistics: Equatable, Sendable {
    public enum Period: String, CaseIterable, Sendable {
        case week, month, year
    }

    public struct Row: Equatable, Sendable {
        /// `2026-W48`, `2026-11`, `2026`.
        public let label: String
        public let first: CalendarDay
        public let last: CalendarDay
        public let weighIns: Int
        public let averageKilograms: Double?
        public let minimumKilograms: Double?
        public let maximumKilograms: Double?
        /// The trend as of the period's last weigh-in.
        public let trendKilograms: Double?
        /// That trend minus the previous non-empty period's, as a reader
        /// computes it from the TREND column (for the period the history
        /// starts in: minus the trend at its first weigh-in).
        public let trendChangeKilograms: Double?
        /// The period's average weekly rate: its change ÷ the days between
        /// the two trends × 7, so a full week's rate is its change (nil when
        /// the two trends are of one day).
        public let averageWeeklyRateKilograms: Double?
        /// The body-fat trend as of the period's last weigh-in, only when the
        /// period holds a body-fat reading.
        public let fatPercent: Double?
        /// The mean daily intake over the period's days with intake (SPEC §15); nil without any.
        public var averageIntake: Double? = nil
        /// What was burned a day as of the period's last day with intake: §15's
        /// 28-day estimate, so a week reads against the month before it; nil
        /// without intake in the period or when the data is not enough.
        public var expenditure: Double? = nil
        /// The period holds today: unfinished, its figures so far.
        public var isInProgress = false

        public var isEmpty: Bool { weighIns == 0 }
    }

    public let period: Period
    public let rows: [Row]

    /// The periods that hold any day from `from` through `through`; the one
    /// holding `today`, if any, is in progress, and today is never counted
    /// in what was burned (SPEC §15). `periodDays` and `sex` as the
    /// expenditure takes them. `entries` in `WeightEntry.isOrderedBefore` order.
    public init(
        entries: [WeightEntry], method: TrendMethod = .default, by period: Period, from: CalendarDay, through: CalendarDay, intake: [IntakeEntry] = [],
        today: CalendarDay? = nil, periodDays: [CalendarDay] = [], sex: Sex? = nil
    ) {
        self.period = period
        let series = TrendSeries(entries: entries, method: method)
        let composition = BodyCompositionSeries(entries: entries)
        var rows: [Row] = []
        var start = Self.start(of: from, period)
        var index = entries.firstIndex { $0.calendarDay >= start } ?? entries.endIndex
        // The trend a period's change is measured from: the previous non-empty period's, before the range too.
        var previous: (day: CalendarDay, trend: Double)?
        if index > entries.startIndex {
            let day = entries[index - 1].calendarDay
            previous = series.trendKilograms(on: day).map { (day, $0) }
        }
        while start <= through {
            let next = Self.next(after: start, period)
            let end = next.adding(days: -1)
            var weights: [Double] = []
            var firstDay: CalendarDay?
            var lastDay: CalendarDay?
            var hasFat = false
            while index < entries.endIndex, entries[index].calendarDay <= end {
                weights.append(entries[index].kilograms)
                firstDay = firstDay ?? entries[index].calendarDay
                lastDay = entries[index].calendarDay
                hasFat = hasFat || entries[index].fatPercent != nil
                index += 1
            }
            var trend: Double?
            var change: Double?
            var rate: Double?
            var fat: Double?
            if let lastDay, let firstDay {
                trend = series.trendKilograms(on: lastDay)
                let before = previous ?? series.trendKilograms(on: firstDay).map { (firstDay, $0) }
                if let trend, let before {
                    change = trend - before.trend
                    // Over the days between the two trends, so that rate and change always agree.
                    if lastDay > before.day { rate = (trend - before.trend) / Double(lastDay.dayNumber - before.day.dayNumber) * 7 }
                }
                if let trend { previous = (lastDay, trend) }
                // Only a period that measured body fat shows it: never one filled in between readings.
                if hasFat { fat = composition.latest(onOrBefore: lastDay)?.fatPercent }
            }
            rows.append(
                Row(
                    label: Self.label(start, period), first: start, last: end, weighIns: weights.count,
                    averageKilograms: weights.isEmpty ? nil : weights.reduce(0, +) / Double(weights.count), minimumKilograms: weights.min(),
                    maximumKilograms: weights.max(), trendKilograms: trend, trendChangeKilograms: change, averageWeeklyRateKilograms: rate,
                    fatPercent: fat))
            if let today, start <= today, today <= end { rows[rows.count - 1].isInProgress = true }
            start = next
        }
        // Each period's days with intake, averaged.
        if !intake.isEmpty {
            let days = IntakeDays.totals(intake, from: rows.first?.first, through: rows.last?.last)
            var dayIndex = 0
            for i in rows.indices {
                var total = 0.0
                var count = 0
                while dayIndex < days.count && days[dayIndex].day < rows[i].first { dayIndex += 1 }
                while dayIndex < days.count && days[dayIndex].day <= rows[i].last {
                    total += days[dayIndex].kilocalories
                    count += 1
                    dayIndex += 1
                }
                if count > 0 {
                    rows[i].averageIntake = total / Double(count)
                    rows[i].expenditure = Expenditure.estimate(
                        intake: intake, entries: entries, through: rows[i].last, dayInProgress: today, periodDays: periodDays, sex: sex)?
                        .value?.kilocalories
                }
            }
        }
        self.rows = rows
    }

    /// The first day of the period holding `day`: a Monday, the 1st, 1 January.
    public static func start(of day: CalendarDay, _ period: Period) -> CalendarDay {
        switch period {
        case .week: day.adding(days: -day.weekdayFromMonday)
        case .month: CalendarDay(year: day.year, month: day.month, day: 1)!
        case .year: CalendarDay(year: day.year, month: 1, day: 1)!
        }
    }

    static func next(after start: CalendarDay, _ period: Period) -> CalendarDay {
        switch period {
        case .week: start.adding(days: 7)
        case .month: start.month == 12 ? CalendarDay(year: start.year + 1, month: 1, day: 1)! : CalendarDay(year: start.year, month: start.month + 1, day: 1)!
        case .year: CalendarDay(year: start.year + 1, month: 1, day: 1)!
        }
    }

    /// ISO 8601 week (`2026-W48`: the week's Thursday decides its year), `2026-11`, `2026`.
    public static func label(_ start: CalendarDay, _ period: Period) -> String {
        switch period {
        case .week:
            let thursday = start.adding(days: 3)
            let january1 = CalendarDay(year: thursday.year, month: 1, day: 1)!
            let week = (thursday.dayNumber - january1.dayNumber) / 7 + 1
            return "\(thursday.year)-W" + (week < 10 ? "0\(week)" : "\(week)")
        case .month:
            return "\(start.year)-" + (start.month < 10 ? "0\(start.month)" : "\(start.month)")
        case .year:
            return "\(start.year)"
        }
    }
}
