/// The report's body composition and plan sections (SPEC §12, §13).
extension ProgressReport {
    /// As of the latest body-fat day up to `to`; the change over the range
    /// only when both of its ends (`first`, `last`: its first and last
    /// weigh-in days) have a body-fat day within a week, with no gap between.
    static func bodyComposition(_ series: BodyCompositionSeries, first: CalendarDay?, last: CalendarDay?, to: CalendarDay) -> BodyComposition? {
        guard let latest = series.latest(onOrBefore: to) else { return nil }
        let rates = series.weeklyRates(upTo: latest.day)
        var fatChange: Double?
        var leanChange: Double?
        var withheld: BodyComposition.ChangeWithheld?
        if let first, let last, first < last {
            switch (series.measuredDay(near: first), series.measuredDay(near: last)) {
            case (nil, _): withheld = .noBodyFatNear(first)
            case (_, nil): withheld = .noBodyFatNear(last)
            case (let start?, let end?) where start.day < end.day:
                if let gap = series.gap(between: start.day, and: end.day) {
                    withheld = .gap(from: gap.lastBefore, to: gap.firstAfter)
                } else {
                    fatChange = end.fatMassKilograms - start.fatMassKilograms
                    leanChange = end.leanMassKilograms - start.leanMassKilograms
                }
            default: break
            }
        }
        return BodyComposition(
            asOf: latest.day, fatPercent: latest.fatPercent, fatMassKilograms: latest.fatMassKilograms, leanMassKilograms: latest.leanMassKilograms,
            fatPercentWeeklyRate: rates?.fatPercent, fatMassWeeklyRateKilograms: rates?.fatMass, leanMassWeeklyRateKilograms: rates?.leanMass,
            fatMassChangeKilograms: fatChange, leanMassChangeKilograms: leanChange, changeWithheld: withheld)
    }

    static func planStatus(
        _ plan: GoalPlan, goal: GoalProjection, series: TrendSeries, latestTrend: Double, today: CalendarDay, weeklyRate: Double?, enough: Bool
    ) -> PlanStatus? {
        // The plan starts from the trend on its first day (or, set after the latest weigh-in, the latest trend).
        let startTrend = series.trendKilograms(on: plan.start)
            ?? (plan.start > (series.lastDay ?? plan.start) ? latestTrend : series.days.first?.trendKilograms ?? latestTrend)
        let target = goal.goalKilograms
        let by: CalendarDay
        let plannedRate: Double
        switch plan.pace {
        case .by(let day):
            by = day
            plannedRate = (target - startTrend) / Double(max(1, day.dayNumber - plan.start.dayNumber)) * 7
        case .weeklyRate(let rate):
            plannedRate = rate
            let days = (target - startTrend) / (rate / 7)
            // Read defensively: a stored rate no plan has (1e-28 kg a week) gives a day no calendar holds.
            guard days.isFinite, abs(days) < Double(GoalPlan.longestStoredDays) else { return nil }
            by = plan.start.adding(days: days > 0 ? Int(days.rounded(.up)) : 0)
        }
        guard by.dayNumber - plan.start.dayNumber <= GoalPlan.longestStoredDays else { return nil }
        let length = Double(max(1, by.dayNumber - plan.start.dayNumber))
        let fraction = min(1, max(0, Double(today.dayNumber - plan.start.dayNumber) / length))
        let planLine = startTrend + (target - startTrend) * fraction
        let losing = target < startTrend
        let ahead = losing ? planLine - latestTrend : latestTrend - planLine
        let remainingDays = by.dayNumber - today.dayNumber
        let required = remainingDays > 0 && !goal.isReached ? (target - latestTrend) / Double(remainingDays) * 7 : nil
        let late = goal.projectedDay.map { $0.dayNumber - by.dayNumber }
        return PlanStatus(
            start: plan.start, startTrendKilograms: startTrend, by: by, weeklyRateKilograms: plannedRate,
            isGivenRate: { if case .weeklyRate = plan.pace { true } else { false } }(),
            isFast: GoalGuard.isFast(weeklyRateKilograms: plannedRate, trendKilograms: startTrend), planTrendTodayKilograms: planLine,
            aheadByKilograms: enough ? ahead : nil,
            aheadByDays: enough && abs(plannedRate) > 1e-9 ? ahead / (abs(plannedRate) / 7) : nil,
            requiredWeeklyRateKilograms: enough ? required : nil, requiredEnergyBalance: enough ? required.map(energyBalance) : nil,
            daysLate: enough && !goal.isReached ? late : nil, isOverdue: today > by && !goal.isReached, isDone: goal.isReached)
    }
}
