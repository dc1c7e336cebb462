import TrendCore

/// Where the trend stands against a running plan, as one sentence that
/// never contradicts itself (SPEC §13): the standing (ahead of, on or
/// behind the plan line) and the arrival at the current pace (before, on or
/// after the plan's day, or not at all) are said together, so "behind" with
/// an arrival before the plan's day reads "behind the plan line but catching up".
enum PlanStatusText {
    /// Closer to the line than this is on it.
    static let onTheLineKilograms = 0.05

    /// `1.4 kg (35 days) behind the plan line but catching up: at this pace
    /// on 27 Feb 2027, 13 days before the plan's 12 Mar 2027`.
    /// Nil before the trend can be set against the line, or once the plan is
    /// done or its day has passed (said apart).
    static func sentence(_ plan: ProgressReport.PlanStatus, report: ProgressReport, unit: WeightUnit) -> String? {
        guard !plan.isDone, !plan.isOverdue, let ahead = plan.aheadByKilograms, let goal = report.goal else { return nil }
        var standing: String
        let side: Int
        if abs(ahead) < onTheLineKilograms {
            standing = "on the plan line"
            side = 0
        } else {
            side = ahead > 0 ? 1 : -1
            standing = (side > 0 ? "ahead of" : "behind") + " the plan line"
            let days = plan.aheadByDays.map { Int(abs($0).rounded()) }
            let dayText = days.map { " (\($0) day\($0 == 1 ? "" : "s"))" } ?? ""
            standing = unit.format(kilograms: abs(ahead)) + dayText + " " + standing
        }
        guard let day = goal.projectedDay, let late = plan.daysLate else {
            let why = goal.isMovingTowardGoal
                ? "at this pace the goal is more than \(GoalProjection.horizonDays / 365) years away" : "the trend is not moving toward the goal"
            return standing + (side < 0 ? ", and " : " but ") + why
        }
        if report.projectedGoalDateIsPast {
            // An old history: its pace would have arrived already, which says nothing of the plan.
            return standing + "; at that pace it would have reached it on " + EntryRendering.longDate(day)
        }
        let turn: String = switch (side, late > 0) {
        case (-1, false): " but catching up"
        case (-1, true): ""
        case (_, true): " but slowing"
        default: ""
        }
        let against: String = switch late {
        case 0: ", the plan's day"
        case ..<0: ", \(-late) day\(late == -1 ? "" : "s") before the plan's \(EntryRendering.longDate(plan.by))"
        default: ", \(late) day\(late == 1 ? "" : "s") after the plan's \(EntryRendering.longDate(plan.by))"
        }
        return standing + turn + ": at this pace on " + EntryRendering.longDate(day) + against
    }

    /// What a plan without a standing says: done, past its day, or waiting for a week of weigh-ins.
    static func notRunning(_ plan: ProgressReport.PlanStatus, report: ProgressReport, unit: WeightUnit) -> String {
        if plan.isDone { return "done: the goal is reached" }
        if plan.isOverdue {
            let goal = report.goalKilograms.map { unit.formatPlain(kilograms: $0) } ?? "WEIGHT"
            return "\(EntryRendering.longDate(plan.by)) has passed without reaching the goal; set a new one with 'trend goal \(goal) --by DATE'"
        }
        return "where you stand after a week of weigh-ins (\(report.weighInDays) so far)"
    }
}
