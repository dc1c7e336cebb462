

/// What to eat (SPEC §15): with a plan, the intake that follows it; with a
/// goal and no plan, the intake for 0.5% of the trend a week toward it;
/// otherwise (or once the goal is reached) what keeps the weight. A range
/// from the expenditure's interval, and never under the floor: a plan that
/// would need less says so instead of a figure.
public struct TargetIntake: Equatable, Sendable {
    public enum Basis: String, Sendable {
        case plan, goal, maintenance
    }

    /// What the basis asks, before the floor.
    public let asked: Double
    public let askedLow: Double
    public let askedHigh: Double
    public let basis: Basis
    /// The least a day should hold: 1,200 kcal, 1,500 for men.
    public let floor: Double
    /// The expenditure the target rests on: the plan asks this much less (or more).
    public let expenditure: Double

    /// Below this most adults should not eat without a doctor.
    public static let safeMinimum = 1_200.0
    public static let safeMinimumForMen = 1_500.0
    /// The pace toward a goal without a plan: 0.5% of the trend a week.
    public static let goalShareOfTrendPerWeek = 0.005

    public var isBelowSafeMinimum: Bool { asked < floor }
    /// The figure and its range, never under the floor.
    public var kilocalories: Double { max(asked, floor) }
    public var low: Double { max(askedLow, floor) }
    public var high: Double { max(askedHigh, floor) }
    /// How much less than the expenditure the basis asks, kcal a day (negative: more).
    public var deficit: Double { expenditure - asked }
    /// More than food can give: the basis asks a deficit over the whole expenditure.
    public var isImpossible: Bool { asked <= 0 }

    public init(asked: Double, low: Double, high: Double, basis: Basis, floor: Double = TargetIntake.safeMinimum, expenditure: Double) {
        self.asked = asked
        self.askedLow = low
        self.askedHigh = high
        self.basis = basis
        self.floor = floor
        self.expenditure = expenditure
    }

    public static func floor(for sex: Sex?) -> Double { sex == .male ? safeMinimumForMen : safeMinimum }

    /// From the expenditure, the plan's required energy balance (kcal a
    /// day, when there is a plan to follow), and the goal and trend.
    public static func from(
        _ expenditure: Expenditure, planEnergyBalance: Int?, goal: GoalProjection?, trendKilograms: Double?, sex: Sex? = nil
    ) -> TargetIntake {
        var balance = 0.0
        var basis = Basis.maintenance
        if let goal, !goal.isReached {
            if let planEnergyBalance {
                balance = Double(planEnergyBalance)
                basis = .plan
            } else if let trend = trendKilograms {
                let weekly = trend * goalShareOfTrendPerWeek * (goal.goalKilograms < trend ? -1 : 1)
                balance = weekly * ProgressReport.kilocaloriesPerKilogram / 7
                basis = .goal
            }
        }
        return TargetIntake(
            asked: expenditure.kilocalories + balance, low: expenditure.low + balance, high: expenditure.high + balance, basis: basis, floor: floor(for: sex),
            expenditure: expenditure.kilocalories)
    }
}
