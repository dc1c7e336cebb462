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
        }
    }

    /// What the change did, on the message stream; showing nothing set is
    /// said there only beside text (a script reading the JSON gets null).
    public func messages(showingJSON: Bool) -> [String] {
        switch action {
        case .clear: return ["Goal cleared."]
        case .set:
            var messages = goalKilograms.map { ["Goal set to \(unit.format(kilograms: $0))\(planText)."] } ?? []
            if let fast = outcome?.fastWeeklyRateKilograms { messages.append("warning: " + EntryRendering.fastPlanWarning(fast, unit: unit)) }
            if let target = outcome?.belowFoodFloor { messages.append("warning: " + EntryRendering.foodFloor(target)) }
            return messages
        case .show: return goalKilograms == nil && !showingJSON ? ["No goal set. Set one with 'trend goal 75'."] : []
        }
    }



    public var document: GoalDocument { GoalDocument(goalKilograms: goalKilograms, plan: plan, unit: unit) }

    /// The goal shown (`trend goal` alone): on standard output.
    var text: String {
        guard action == .show, let goal = goalKilograms else { return "" }
        return unit.format(kilograms: goal) + planText + "\n"
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