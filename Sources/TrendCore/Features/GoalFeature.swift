import Observation

/// The goal and its plan (SPEC §5, §13): what they are, and the rules for
/// setting them. Stored with the weigh-ins, so a change goes through the
/// weight log's queue; the trend a plan starts from is the one the report
/// shows (the selected method over the whole history).
@MainActor
@Observable
public final class GoalFeature {
    @ObservationIgnored private let records: RecordLogFeature
    @ObservationIgnored private let settings: SettingsFeature
    @ObservationIgnored private let repository: any StoreRepository
    @ObservationIgnored private let clock: AppClock

    public init(records: RecordLogFeature, settings: SettingsFeature, repository: any StoreRepository, clock: AppClock) {
        self.records = records
        self.settings = settings
        self.repository = repository
        self.clock = clock
    }

    public var goalKilograms: Double? { records.store.goalKilograms }
    /// How the goal is to be reached, when a plan was set.
    public var plan: GoalPlan? { records.store.goalPlan }

    /// How the goal is to be reached, as asked: by a date, or at a weekly
    /// rate whose direction the goal gives.
    public enum PlanRequest: Equatable, Sendable {
        case by(CalendarDay)
        /// Kilograms a week, unsigned.
        case weeklyRate(kilograms: Double)
    }

    /// What setting a goal did.
    public struct SetOutcome: Equatable, Sendable {
        /// The plan's weekly rate (signed kilograms) when it is faster than
        /// most plans aim for (`GoalGuard.isFast`): set, but to be said.
        public let fastWeeklyRateKilograms: Double?
        /// The trend the plan starts from, when there is one.
        public let trendKilograms: Double?
        /// What to eat to follow the plan, when intake is logged enough to
        /// know the expenditure and it falls under the floor (SPEC §15): set,
        /// but to be said.
        public var belowFoodFloor: TargetIntake? = nil
    }

    /// Sets the goal, with a plan that starts today from today's trend, or
    /// without one (which clears a plan set before). Decided under the lock
    /// against the trend stored then: a goal typed in the wrong unit, or
    /// under a healthy BMI, is refused unless `check` is skipped (`--force`).
    @discardableResult
    public func setGoal(
        kilograms: Double, plan request: PlanRequest? = nil, check: WeightLogFeature.TypoCheck = .skipped
    ) async throws -> SetOutcome {
        guard WeightInput.isValid(kilograms: kilograms) else {
            throw LogError.goalOutOfRange(kilograms: kilograms)
        }
        let today = clock.today
        if case .by(let day)? = request {
            guard day > today else { throw LogError.planDateNotInFuture(day: day) }
            guard GoalPlan.endsInTime(start: today, by: day) else { throw LogError.planTooLong(day: day) }
        }
        if case .weeklyRate(let rate)? = request, !(rate >= GoalPlan.minimumWeeklyKilograms * (1 - 1e-12) && rate <= GoalPlan.maximumWeeklyKilograms) {
            throw LogError.planRateOutOfRange(kilograms: rate)
        }
        let method = settings.method
        let height = settings.heightCentimetres
        let sex = settings.sex
        return try await records.apply { [repository] in
            try await repository.modify { store in
                // The trend the report shows: the selected method over the whole history.
                let trend = TrendSeries(entries: store.entries, method: method).lastTrendKilograms
                if case .typedIn(let unit) = check {
                    try GoalGuard.check(kilograms, typedIn: unit, trendKilograms: trend, heightCentimetres: height)
                }
                var plan: GoalPlan?
                var weeklyRate: Double?
                switch request {
                case nil: plan = nil
                case .by(let day)?:
                    plan = GoalPlan(start: today, pace: .by(day))
                    weeklyRate = trend.map { (kilograms - $0) / Double(day.dayNumber - today.dayNumber) * 7 }
                case .weeklyRate(let rate)?:
                    // The direction comes from the goal against the trend.
                    guard let trend else { throw LogError.planWithoutWeighIns }
                    let days = abs(kilograms - trend) / rate * 7
                    guard days <= Double(GoalPlan.longestDays) else {
                        throw LogError.planTooLong(day: today.adding(days: Int(min(days, Double(GoalPlan.longestStoredDays)).rounded(.up))))
                    }
                    weeklyRate = kilograms < trend ? -rate : rate
                    plan = GoalPlan(start: today, pace: .weeklyRate(kilograms: weeklyRate!))
                }
                store.setGoal(kilograms, plan: plan)
                let fast = weeklyRate.flatMap { rate in trend.flatMap { GoalGuard.isFast(weeklyRateKilograms: rate, trendKilograms: $0) ? rate : nil } }
                var outcome = SetOutcome(fastWeeklyRateKilograms: fast, trendKilograms: trend)
                if let weeklyRate, let expenditure = Expenditure.estimate(intake: store.intake, entries: store.entries, through: today)?.value {
                    let target = TargetIntake.from(
                        expenditure, planEnergyBalance: ProgressReport.energyBalance(weeklyRateKilograms: weeklyRate),
                        goal: GoalProjection(goalKilograms: kilograms, dailyTrends: [trend ?? kilograms], dailySlopeKilograms: nil, latestDay: today, projects: false),
                        trendKilograms: trend, sex: sex)
                    if target.isBelowSafeMinimum { outcome.belowFoodFloor = target }
                }
                return outcome
            }
        }
    }

    public func clearGoal() async throws {
        try await records.apply { [repository] in try await repository.modify { $0.setGoal(nil, plan: nil) } }
    }
}
