/// The prepared progress report for one range (SPEC §5). All weights are in
/// kilograms; front ends convert for display through `WeightUnit`.
///
/// The headline numbers (trend, weekly rate, energy balance, deltas, goal)
/// come from the whole history as of the latest weigh-in, whatever the range:
/// the range only selects what is listed, charted and summarised.
public struct ProgressReport: Equatable, Sendable {
    public struct Point: Equatable, Sendable {
        public let entry: WeightEntry
        /// The trend of the entry's calendar day.
        public let trendKilograms: Double

        public var kilograms: Double { entry.kilograms }
        public var timestamp: Timestamp { entry.timestamp }
    }

    /// A day without a weigh-in inside the history: its weight is the
    /// linear interpolation between its neighbours (SPEC §5).
    public struct EstimatedDay: Equatable, Sendable {
        public let day: CalendarDay
        public let kilograms: Double
        public let trendKilograms: Double
    }

    /// Trend on the latest weigh-in day minus the trend 1, 7, 14 and 28 days
    /// earlier; nil where the history does not reach back that far.
    public struct Deltas: Equatable, Sendable {
        public let day: Double?
        public let week: Double?
        public let twoWeeks: Double?
        public let fourWeeks: Double?
    }

    /// Days without a weigh-in longer than `longGapDays` (SPEC §5): no
    /// estimated days are shown or drawn across one.
    public struct Gap: Equatable, Sendable {
        /// The last weigh-in day before it and the first after it.
        public let lastBefore: CalendarDay
        public let firstAfter: CalendarDay

        public var days: Int { firstAfter.dayNumber - lastBefore.dayNumber }
    }

    /// Two weigh-in days more than this many days apart make a gap.
    public static let longGapDays = TrendSeries.longGapDays

    /// The body-composition part of the report (SPEC §12), as of the latest
    /// day with body fat.
    public struct BodyComposition: Equatable, Sendable {
        public let asOf: CalendarDay
        public let fatPercent: Double
        public let fatMassKilograms: Double
        public let leanMassKilograms: Double
        /// Per week; nil with fewer than two body-fat days.
        public let fatPercentWeeklyRate: Double?
        public let fatMassWeeklyRateKilograms: Double?
        public let leanMassWeeklyRateKilograms: Double?
        /// Over the range: the trends' change from the body-fat day nearest
        /// the range's first weigh-in day to the one nearest its last; nil
        /// when `changeWithheld` says why it is not told.
        public let fatMassChangeKilograms: Double?
        public let leanMassChangeKilograms: Double?
        /// Why the change over the range is not told; nil when it is (or
        /// the range spans a single day).
        public let changeWithheld: ChangeWithheld?

        /// Why the breakdown of a range's change is left out (SPEC §12).
        public enum ChangeWithheld: Equatable, Sendable {
            /// No body fat was measured within a week of this end of the range.
            case noBodyFatNear(CalendarDay)
            /// Body fat was not measured between these two days (a gap): the
            /// two ends belong to different series.
            case gap(from: CalendarDay, to: CalendarDay)
        }

        public init(
            asOf: CalendarDay, fatPercent: Double, fatMassKilograms: Double, leanMassKilograms: Double, fatPercentWeeklyRate: Double?,
            fatMassWeeklyRateKilograms: Double?, leanMassWeeklyRateKilograms: Double?, fatMassChangeKilograms: Double?, leanMassChangeKilograms: Double?,
            changeWithheld: ChangeWithheld?
        ) {
            self.asOf = asOf
            self.fatPercent = fatPercent
            self.fatMassKilograms = fatMassKilograms
            self.leanMassKilograms = leanMassKilograms
            self.fatPercentWeeklyRate = fatPercentWeeklyRate
            self.fatMassWeeklyRateKilograms = fatMassWeeklyRateKilograms
            self.leanMassWeeklyRateKilograms = leanMassWeeklyRateKilograms
            self.fatMassChangeKilograms = fatMassChangeKilograms
            self.leanMassChangeKilograms = leanMassChangeKilograms
            self.changeWithheld = changeWithheld
        }

        /// What share of the change in weight was fat: fat-mass change ÷
        /// (fat-mass + lean-mass change), only when it lies between 0 and 1:
        /// fat and lean moving apart is not a share of anything.
        public var fatShareOfChange: Double? {
            guard let fat = fatMassChangeKilograms, let lean = leanMassChangeKilograms, abs(fat + lean) > 1e-9 else { return nil }
            let share = fat / (fat + lean)
            return share >= 0 && share <= 1 ? share : nil
        }

        /// The total change the share is of (fat + lean).
        public var totalChangeKilograms: Double? {
            guard let fat = fatMassChangeKilograms, let lean = leanMassChangeKilograms else { return nil }
            return fat + lean
        }
    }

    /// Where the trend stands against the plan (SPEC §13).
    public struct PlanStatus: Equatable, Sendable {
        public let start: CalendarDay
        public let startTrendKilograms: Double
        /// The plan's end: its `--by` day, or the day its rate reaches the goal.
        public let by: CalendarDay
        /// Planned, signed (negative: losing).
        public let weeklyRateKilograms: Double
        /// The rate was given (`--rate`), not worked out from a date: shown as given.
        public let isGivenRate: Bool
        /// Faster than most plans aim for (`GoalGuard.isFast`): the report says so once.
        public let isFast: Bool
        /// The energy balance the planned rate asks for (kcal a day).
        public var plannedEnergyBalance: Int { ProgressReport.energyBalance(weeklyRateKilograms: weeklyRateKilograms) }
        /// Where the plan line is on the report's day.
        public let planTrendTodayKilograms: Double
        /// Positive is ahead of the plan: the plan line minus the trend for a loss,
        /// the trend minus the plan line for a gain. Nil before there is enough data.
        public let aheadByKilograms: Double?
        /// The same in days at the planned rate.
        public let aheadByDays: Double?
        /// The weekly rate, and the energy balance, now needed to arrive on the day; nil once it has passed.
        public let requiredWeeklyRateKilograms: Double?
        public let requiredEnergyBalance: Int?
        /// The current rate arrives this many days after the plan's end (negative: before); nil when it never does.
        public let daysLate: Int?
        /// The plan's day has passed and the goal is not reached.
        public let isOverdue: Bool
        /// The goal is reached: the plan is done.
        public let isDone: Bool
    }

    public let range: ProgressRange
    /// Chosen with since/until rather than a named range.
    public let isCustomPeriod: Bool
    /// First day of the range (All: the first weigh-in's day); nil with no data.
    public let from: CalendarDay?
    public let to: CalendarDay
    public let method: TrendMethod
    /// One per weigh-in in range, oldest first.
    public let points: [Point]
    /// The estimated days in range, oldest first; none inside a long gap.
    public let estimatedDays: [EstimatedDay]
    public let goalKilograms: Double?
    /// The latest weigh-in day: what the headline numbers are "as of".
    public let asOf: CalendarDay?
    /// The first weigh-in day.
    public let trackingSince: CalendarDay?
    public let trendKilograms: Double?
    /// Nil until there is enough data (`hasEnoughData`).
    public let weeklyRateKilograms: Double?
    public let deltas: Deltas
    public let goal: GoalProjection?
    /// Days with a weigh-in, up to `asOf`.
    public let weighInDays: Int
    /// A week of weigh-ins (SPEC §5): the rate, energy balance, projection
    /// and plan status are shown from then on.
    public let hasEnoughData: Bool
    /// The longest gap in range, if any.
    public let longestGap: Gap?
    public let bodyComposition: BodyComposition?
    /// The body-composition series over the range (SPEC §12), for charts of
    /// body fat, fat mass or lean mass; empty without body fat in range.
    public let bodyCompositionDays: [BodyCompositionSeries.Day]
    /// Of the trend, when a height is known.
    public let bmi: BodyMassIndex?
    public let plan: PlanStatus?
    /// A plan is stored but cannot be followed (a rate or a date no plan
    /// has, written by hand or by an older trend): said, never computed.
    public var unusablePlan: GoalPlan? = nil
    /// What is burned, from intake and weight (SPEC §15); nil without intake.
    public var expenditure: Expenditure.Estimate? = nil
    /// What to eat to follow the plan, reach the goal or keep the weight.
    public var targetIntake: TargetIntake? = nil
    /// The days with intake in range, for charts (`--metric intake`).
    public var intakeDays: [IntakeDays.Day] = []
    /// The expenditure as each day of the range gave it, for its chart
    /// (`--metric expenditure`); empty unless asked for.
    public var expenditureDays: [ExpenditureDay] = []
    /// The body measurements (SPEC §16); nil without any.
    public var measurements: MeasurementsReport? = nil
    /// Each name's measurements up to the report's day, for charts (`--metric NAME`).
    public var measuredEntries: [MeasurementName: [MeasurementEntry]] = [:]
    /// The marked days in range (SPEC §21), as runs cut to the range: what
    /// the report lists and every chart shades.
    public var marks: [MarkRun] = []

    /// After this many days an expenditure's window is said to be old.
    public static let expenditureStaleAfterDays = 7

    /// Days from the expenditure window's last day to the report's day, when more than a week.
    public var expenditureAgeDays: Int? {
        guard let to = expenditure?.to else { return nil }
        let days = self.to.dayNumber - to.dayNumber
        return days > Self.expenditureStaleAfterDays ? days : nil
    }

    public var count: Int { points.count }
    public var start: WeightEntry? { points.first?.entry }
    public var latest: WeightEntry? { points.last?.entry }
    /// No weigh-ins in the range (the history may still have some).
    public var isEmpty: Bool { points.isEmpty }
    /// No weigh-ins at all.
    public var hasNoHistory: Bool { historyDays == nil }
    /// The first and the latest weigh-in day of the whole history, whatever
    /// the range and `--until`: what a range without weigh-ins names.
    public var historyDays: ClosedRange<CalendarDay>? = nil

    /// The trend change over the range (TrendWeight's "change").
    public var changeKilograms: Double? {
        guard let first = points.first, let last = points.last else { return nil }
        return last.trendKilograms - first.trendKilograms
    }

    /// Latest minus start weight: the raw change.
    public var weightChangeKilograms: Double? {
        guard let start, let latest else { return nil }
        return latest.kilograms - start.kilograms
    }

    public var minimumKilograms: Double? { points.lazy.map(\.kilograms).min() }
    public var maximumKilograms: Double? { points.lazy.map(\.kilograms).max() }

    public var averageKilograms: Double? {
        points.isEmpty ? nil : points.reduce(0) { $0 + $1.kilograms } / Double(points.count)
    }

    public var remainingKilograms: Double? { goal?.remainingKilograms }
    public var projectedGoalDate: CalendarDay? { goal?.projectedDay }

    /// kcal a day: 3500 kcal a pound of fat, as TrendWeight and The Hacker's
    /// Diet say; negative is a deficit (eating less than you burn).
    public static let kilocaloriesPerKilogram = 3500 / WeightUnit.kilogramsPerPound

    public static func energyBalance(weeklyRateKilograms rate: Double) -> Int {
        Int((rate * kilocaloriesPerKilogram / 7).rounded())
    }

    public var energyBalanceKilocaloriesPerDay: Int? { weeklyRateKilograms.map(Self.energyBalance) }

    /// Behind a plan that is still running: never "on track" then.
    public var isBehindThePlan: Bool {
        guard let plan, !plan.isDone else { return false }
        return plan.isOverdue || (plan.aheadByKilograms.map { $0 <= -0.05 } ?? false)
    }

    /// Days from the latest weigh-in to `to`; a report says so when it is more than 2.
    public var daysSinceLatestWeighIn: Int? { asOf.map { to.dayNumber - $0.dayNumber } }

    /// After this many days without a weigh-in, the figures are said to be old.
    public static let staleAfterDays = 2

    /// The latest weigh-in is older than `staleAfterDays`: the report says
    /// its figures are as of that day.
    public var isLatestWeighInStale: Bool { (daysSinceLatestWeighIn ?? 0) > Self.staleAfterDays }

    /// The projected goal date lies before `to`: the pace would have reached
    /// the goal already ("would have reached it on …", not "on track").
    public var projectedGoalDateIsPast: Bool { projectedGoalDate.map { $0 < to } ?? false }

    /// Nothing prepared yet.
    public static func empty(
        range: ProgressRange, today: CalendarDay, method: TrendMethod = .default, isCustomPeriod: Bool = false, from: CalendarDay? = nil
    ) -> ProgressReport {
        ProgressReport(
            range: range, isCustomPeriod: isCustomPeriod, from: from, to: today, method: method, points: [], estimatedDays: [], goalKilograms: nil, asOf: nil,
            trackingSince: nil, trendKilograms: nil, weeklyRateKilograms: nil,
            deltas: Deltas(day: nil, week: nil, twoWeeks: nil, fourWeeks: nil), goal: nil, weighInDays: 0, hasEnoughData: false,
            longestGap: nil, bodyComposition: nil, bodyCompositionDays: [], bmi: nil, plan: nil)
    }

    /// The report for `range` on `today`, or for the days from `since` to
    /// `until`; a named range with `until` is the range ending then. Either
    /// way with `until` it is the report as it was then: later weigh-ins are
    /// left out. Pure, so it runs off the main actor.
    public static func prepare(
        entries allEntries: [WeightEntry], goalKilograms: Double?, goalPlan: GoalPlan? = nil, heightCentimetres: Double? = nil,
        range: ProgressRange, today realToday: CalendarDay, method: TrendMethod = .default, since: CalendarDay? = nil,
        until: CalendarDay? = nil, intake: [IntakeEntry] = [], measurements: [MeasurementEntry] = [], marks: [DayMark] = [], sex: Sex? = nil,
        expenditureSeries: Bool = false
    ) -> ProgressReport {
        let today = until ?? realToday
        let entries = until == nil ? allEntries : allEntries.filter { $0.calendarDay <= today }
        let series = TrendSeries(entries: entries, method: method)
        guard let firstSeriesDay = series.firstDay, let asOf = series.lastDay else {
            // Nothing up to `until`: the period is still the one asked for, and the history is named.
            var report = ProgressReport.empty(
                range: range, today: today, method: method, isCustomPeriod: since != nil, from: since ?? range.firstDay(today: today))
            report.historyDays = allEntries.calendarDayRange
            return report
        }
        let from = since ?? range.firstDay(today: today) ?? firstSeriesDay
        func trend(_ day: CalendarDay) -> Double? { series.trendKilograms(on: day) }
        // Only the tail of the history can be in range: walk back from the
        // end so the work is proportional to the range, not the history.
        var startIndex = entries.count
        var index = entries.count - 1
        while index >= 0 {
            if entries[index].calendarDay < from.adding(days: -2) { break }
            startIndex = index
            index -= 1
        }
        var points: [Point] = []
        for entry in entries[startIndex...] {
            let day = entry.calendarDay
            guard day >= from, day <= today else { continue }
            points.append(Point(entry: entry, trendKilograms: series.days[day.dayNumber - firstSeriesDay.dayNumber].trendKilograms))
        }
        // Estimated days in range, but none inside a long gap; and the longest gap in range.
        let walk = series.estimatedDays(from: max(from, firstSeriesDay), through: today)
        let estimatedDays = walk.days.map { EstimatedDay(day: $0.day, kilograms: $0.kilograms, trendKilograms: $0.trendKilograms) }
        let longestGap = walk.longestGap.map { Gap(lastBefore: $0.0, firstAfter: $0.1) }
        let latestTrend = trend(asOf)
        func delta(_ days: Int) -> Double? {
            guard let latestTrend, let earlier = trend(asOf.adding(days: -days)) else { return nil }
            return latestTrend - earlier
        }
        let enough = series.hasEnoughDataForRate
        // What is burned (SPEC §15), with today, a day not over, left out, and a cycle's water timed by the period marks.
        let periodDays = marks.periodDays
        let expenditure = intake.isEmpty
            ? nil : Expenditure.estimate(intake: intake, entries: entries, through: today, dayInProgress: realToday, periodDays: periodDays, sex: sex)
        // The pace toward the goal: with an expenditure, the tissue rate its energy balance gives, which water does not move.
        let slope = enough ? (expenditure?.value?.tissueDailyRateKilograms ?? series.dailySlopeKilograms) : nil
        var goal: GoalProjection?
        if let goalKilograms {
            goal = GoalProjection(
                goalKilograms: goalKilograms, dailyTrends: series.days.lazy.map { $0.trendKilograms }, dailySlopeKilograms: slope, latestDay: asOf,
                projects: enough)
        }
        let weeklyRate = enough ? series.weeklyRateKilograms : nil
        let compositionSeries = BodyCompositionSeries(entries: entries)
        let composition = bodyComposition(
            compositionSeries, first: points.first?.entry.calendarDay, last: points.last?.entry.calendarDay, to: today)
        let compositionDays = compositionSeries.days.filter { $0.day >= from && $0.day <= today }
        let bmi = heightCentimetres.flatMap { height in latestTrend.map { BodyMassIndex(kilograms: $0, centimetres: height) } }
        var plan: PlanStatus?
        var unusable: GoalPlan?
        if let goal, let goalPlan, let latestTrend {
            plan = planStatus(
                goalPlan, goal: goal, series: series, latestTrend: latestTrend, today: today, weeklyRate: weeklyRate, enough: enough)
            if plan == nil { unusable = goalPlan }
        }
        var report = ProgressReport(
            range: range, isCustomPeriod: since != nil, from: from, to: today, method: method, points: points,
            estimatedDays: estimatedDays, goalKilograms: goalKilograms, asOf: asOf, trackingSince: firstSeriesDay, trendKilograms: latestTrend,
            weeklyRateKilograms: weeklyRate, deltas: Deltas(day: delta(1), week: delta(7), twoWeeks: delta(14), fourWeeks: delta(28)), goal: goal,
            weighInDays: series.weighInDayCount, hasEnoughData: enough, longestGap: longestGap, bodyComposition: composition, bodyCompositionDays: compositionDays, bmi: bmi,
            plan: plan)
        report.unusablePlan = unusable
        report.historyDays = until == nil ? firstSeriesDay...asOf : allEntries.calendarDayRange
        report.addIntake(intake, expenditure: expenditure, from: from, sex: sex)
        if expenditureSeries, !intake.isEmpty {
            report.expenditureDays = Self.expenditureSeries(
                intake: intake, entries: entries, from: from, through: today, dayInProgress: realToday, periodDays: periodDays, sex: sex)
        }
        for entry in measurements where entry.calendarDay <= today { report.measuredEntries[entry.name, default: []].append(entry) }
        report.measurements = MeasurementsReport(
            measurements, from: from, through: today, heightCentimetres: heightCentimetres, sex: sex, scaleFatPercent: composition?.fatPercent)
        report.marks = MarkRun.runs(of: marks.filter { $0.day >= from && $0.day <= today })
        return report
    }

    /// The expenditure, what to eat and the days with intake in range.
    mutating func addIntake(_ intake: [IntakeEntry], expenditure: Expenditure.Estimate?, from: CalendarDay, sex: Sex?) {
        guard !intake.isEmpty else { return }
        self.expenditure = expenditure
        if let known = expenditure?.value {
            targetIntake = TargetIntake.from(known, planEnergyBalance: plan?.requiredEnergyBalance, goal: goal, trendKilograms: trendKilograms, sex: sex)
        }
        intakeDays = IntakeDays.totals(intake, from: from, through: to)
    }
}
