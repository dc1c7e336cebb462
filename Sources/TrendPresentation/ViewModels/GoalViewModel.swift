import Observation
import TrendCore

/// The goal screen (SPEC §13): shows, sets or clears the goal and its plan.
@MainActor
@Observable
public final class GoalViewModel {
    private let app: AppModel

    public enum Action: Equatable, Sendable {
        case show
        /// The goal as typed, and a plan's date or weekly rate as typed.
        case set(weight: String, by: String?, rate: String?)
        case clear
    }

    public var action = Action.show
    /// Set a goal the guards would refuse (the wrong unit, under a healthy BMI).
    public var force = false
    public private(set) var outcome: GoalFeature.SetOutcome?

    public init(app: AppModel) {
        self.app = app
    }

    public var unit: WeightUnit { app.settingsFeature.unit }
    public var goalKilograms: Double? { app.goalFeature.goalKilograms }
    public var plan: GoalPlan? { app.goalFeature.plan }

    public func run() async throws {
        try await app.loadSettings()
        switch action {
        case .clear:
            try await app.goalFeature.clearGoal()
        case .set(let weight, let by, let rate):
            let kilograms = try WeightInput.kilograms(parsing: weight, defaultUnit: unit)
            var plan: GoalFeature.PlanRequest?
            if let by { plan = .by(try app.clock.dateInput.day(parsing: by)) }
            if let rate { plan = .weeklyRate(kilograms: try WeightInput.weeklyRate(parsing: rate, defaultUnit: unit)) }
            outcome = try await app.goalFeature.setGoal(kilograms: kilograms, plan: plan, check: force ? .skipped : .typedIn(unit))
        case .show:
            try await app.loadWeights()
            standing = app.goalFeature.standing
        }
    }

    /// The report of today with the goal and plan (`trend goal` alone): how
    /// far the goal is, and where the trend stands against the plan.
    public private(set) var standing: ProgressReport?

    /// What the change did, on the message stream; showing nothing set is
    /// said there only beside text (a script reading the JSON gets null).
    public func messages(showingJSON: Bool) -> [String] {
        switch action {
        case .clear: return ["Goal cleared."]
        case .set:
            if outcome?.isUnchanged == true, let goal = goalKilograms {
                return ["Goal already set: \(unit.format(kilograms: goal))\(planSummary(plan))."]
            }
            var messages = goalKilograms.map { ["Goal set to \(unit.format(kilograms: $0))\(replacedText ?? planText)."] } ?? []
            if let fast = outcome?.fastWeeklyRateKilograms { messages.append("warning: " + EntryRendering.fastPlanWarning(fast, unit: unit)) }
            if let target = outcome?.belowFoodFloor { messages.append("warning: " + EntryRendering.foodFloor(target)) }
            return messages
        case .show: return goalKilograms == nil && !showingJSON ? ["No goal set. Set one with 'trend goal 75'."] : []
        }
    }

    public var document: GoalDocument { GoalDocument(goalKilograms: goalKilograms, plan: plan, unit: unit) }

    /// The goal shown (`trend goal` alone), and where the trend stands: on standard output.
    var text: String {
        guard action == .show, let goal = goalKilograms else { return "" }
        var text = unit.format(kilograms: goal) + planText + "\n"
        if let standing, let projection = standing.goal {
            var sentence = ProgressText.goalSentence(projection, report: standing, unit: unit)
            if let plan = standing.plan {
                sentence = PlanStatusText.sentence(plan, report: standing, unit: unit)
                    .map { ProgressText.goalAmount(projection, unit: unit) + "; " + $0 } ?? PlanStatusText.notRunning(plan, report: standing, unit: unit)
            }
            text += sentence + "\n"
        }
        return text
    }

    /// ` by 12 Mar 2027, planned on 12 Oct 2026`, ` at -0.5 kg/week, planned on 12 Oct 2026`.
    func planSummary(_ plan: GoalPlan?) -> String {
        switch plan?.pace {
        case nil: ""
        case .by(let day)?: " by \(EntryRendering.longDate(day)), planned on \(EntryRendering.longDate(plan!.start))"
        case .weeklyRate(let kilograms)?: " at \(EntryRendering.givenWeeklyRate(kilograms, unit: unit)), planned on \(EntryRendering.longDate(plan!.start))"
        }
    }

    /// What a changed goal took the place of: `, by 12 Mar 2027: replanned
    /// from today; the plan of 12 Oct 2026 was 0.6 kg behind`; nil when it
    /// replaced nothing worth saying (no goal before).
    var replacedText: String? {
        guard let replaced = outcome?.replaced else { return nil }
        guard let old = replaced.plan else {
            return planText + (abs(replaced.kilograms - (goalKilograms ?? 0)) < GoalFeature.sameGoalKilograms ? "" : ", replacing \(unit.format(kilograms: replaced.kilograms))")
        }
        let how: String = switch plan?.pace {
        case nil: ", without a plan"
        case .by(let day)?: ", by \(EntryRendering.longDate(day)): replanned from today"
        case .weeklyRate(let kilograms)?: ", at \(EntryRendering.givenWeeklyRate(kilograms, unit: unit)): replanned from today"
        }
        let was: String
        if let status = replaced.status {
            if status.isDone {
                was = "had reached its goal"
            } else if status.isOverdue {
                was = "had passed its day, \(EntryRendering.longDate(status.by))"
            } else if let ahead = status.aheadByKilograms {
                was = abs(ahead) < PlanStatusText.onTheLineKilograms
                    ? "was on its line" : "was \(unit.format(kilograms: abs(ahead))) \(ahead > 0 ? "ahead" : "behind")"
            } else {
                was = "had too few weigh-ins to say where the trend stood"
            }
        } else {
            was = "could not be followed"
        }
        return how + "; the plan of \(EntryRendering.longDate(old.start)) " + was
    }

    /// `, by 1 Jun 2027: planned on 1 Dec 2026`, `, at -0.5 kg/week from 1 Dec 2026`.
    var planText: String {
        switch plan?.pace {
        case nil: ""
        case .by(let day)?: ", by \(EntryRendering.longDate(day)): planned on \(EntryRendering.longDate(plan!.start))"
        case .weeklyRate(let kilograms)?: ", at \(EntryRendering.givenWeeklyRate(kilograms, unit: unit)) from \(EntryRendering.longDate(plan!.start))"
        }
    }
}