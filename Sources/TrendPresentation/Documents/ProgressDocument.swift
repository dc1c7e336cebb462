import TrendCore

/// `progress --format json` (SPEC §5, §12, §13): the report as scripts read
/// it, every figure computed exactly and rounded last.
public struct ProgressDocument: Encodable, Sendable {
    public struct Deltas: Encodable, Sendable {
        let day: Double?
        let week: Double?
        let twoWeeks: Double?
        let fourWeeks: Double?
    }

    public struct Gap: Encodable, Sendable {
        let from: String
        let to: String
        let days: Int
    }

    public struct BodyComposition: Encodable, Sendable {
        let asOf: String
        let fatPercent: Double?
        let fatPercentWeeklyRate: Double?
        let fatMass: Double?
        let fatMassWeeklyRate: Double?
        let leanMass: Double?
        let leanMassWeeklyRate: Double?
        let fatMassChange: Double?
        let leanMassChange: Double?
        let fatShareOfChange: Double?
    }

    public struct Plan: Encodable, Sendable {
        let start: String
        let startTrend: Double?
        let by: String
        let weeklyRate: Double?
        let planTrendToday: Double?
        let aheadBy: Double?
        let aheadByDays: Double?
        let requiredWeeklyRate: Double?
        let requiredEnergyBalance: Int?
        let daysLate: Int?
        let overdue: Bool
        let done: Bool
        /// What to eat to follow it (SPEC §15); null without an expenditure.
        let targetIntake: Int?
    }

    /// SPEC §15: exact to 1 kcal, the rate to 0.01 in the display unit.
    public struct ExpenditureFigures: Encodable, Sendable {
        let kilocalories: Int
        let low: Int
        let high: Int
        let from: String
        let to: String
        let intakeDays: Int
        let averageIntake: Int
        let weighInDays: Int
        let weeklyRate: Double
        /// Water on the window's last day above (+) or below (−) its mean over the window, kg to 0.01 whatever the unit.
        let waterKilograms: Double
        /// `averageIntake − kilocalories` as written here: the text's Energy line.
        let energyBalance: Int

        init(_ e: Expenditure, unit: WeightUnit) {
            kilocalories = Int(e.kilocalories.rounded())
            low = Int(e.low.rounded())
            high = Int(e.high.rounded())
            from = e.from.description
            to = e.to.description
            intakeDays = e.intakeDays
            averageIntake = Int(e.averageIntake.rounded())
            weighInDays = e.weighInDays
            weeklyRate = unit.roundedValue(fromKilograms: e.weeklyRateKilograms)
            waterKilograms = (e.waterKilograms * 100).rounded() / 100
            energyBalance = averageIntake - kilocalories
        }
    }

    /// `kilocalories`, `low` and `high` never under the floor; `belowSafeMinimum`
    /// says the basis asked less (the text says so in words).
    public struct TargetIntakeFigures: Encodable, Sendable {
        let kilocalories: Int
        let low: Int
        let high: Int
        let basis: String
        let belowSafeMinimum: Bool
    }

    /// A weigh-in in range, or an estimated day between two.
    public struct Point: Encodable, Sendable {
        let date: String
        let weight: Double?
        let trend: Double?
        let estimated: Bool?

        enum CodingKeys: String, CodingKey { case date, weight, trend, estimated }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(date, forKey: .date)
            try container.encode(weight, forKey: .weight)
            try container.encode(trend, forKey: .trend)
            // Only estimated days say so.
            if let estimated { try container.encode(estimated, forKey: .estimated) }
        }
    }

    let range: String
    let from: String?
    let to: String
    let unit: String
    let method: String
    let asOf: String?
    let count: Int
    let start: EntryDocument?
    let latest: EntryDocument?
    let change: Double?
    let weightChange: Double?
    let minimum: Double?
    let maximum: Double?
    let average: Double?
    let trend: Double?
    let weeklyRate: Double?
    let energyBalance: Int?
    let deltas: Deltas
    let goal: Double?
    let remaining: Double?
    let goalReached: Bool?
    let projectedGoalDate: String?
    let trackingSince: String?
    let weighInDays: Int
    let longestGap: Gap?
    let bodyComposition: BodyComposition?
    let bmi: Double?
    let bmiClass: String?
    let healthyWeightRange: [Double?]?
    let plan: Plan?
    let expenditure: ExpenditureFigures?
    let targetIntake: TargetIntakeFigures?
    let measurements: MeasurementsDocument?
    /// The marked days in range, as runs (SPEC §21).
    let marks: [MarkRunDocument]
    let points: [Point]

    public init(_ report: ProgressReport, unit: WeightUnit) {
        func weight(_ kilograms: Double?) -> Double? { DisplayRounding.weight(kilograms, unit) }
        range = report.isCustomPeriod ? "custom" : report.range.rawValue
        from = report.from?.description
        to = report.to.description
        self.unit = unit.rawValue
        method = report.method.rawValue
        asOf = report.asOf?.description
        count = report.count
        start = report.start.map { EntryDocument($0, unit: unit) }
        latest = report.latest.map { EntryDocument($0, unit: unit) }
        change = weight(report.changeKilograms)
        weightChange = weight(report.weightChangeKilograms)
        minimum = weight(report.minimumKilograms)
        maximum = weight(report.maximumKilograms)
        average = weight(report.averageKilograms)
        trend = weight(report.trendKilograms)
        weeklyRate = weight(report.weeklyRateKilograms)
        energyBalance = report.energyBalanceKilocaloriesPerDay
        deltas = Deltas(
            day: weight(report.deltas.day), week: weight(report.deltas.week), twoWeeks: weight(report.deltas.twoWeeks),
            fourWeeks: weight(report.deltas.fourWeeks))
        goal = weight(report.goalKilograms)
        remaining = weight(report.remainingKilograms)
        goalReached = report.goal?.isReached
        projectedGoalDate = report.projectedGoalDate?.description
        trackingSince = report.trackingSince?.description
        weighInDays = report.weighInDays
        longestGap = report.longestGap.map { Gap(from: $0.lastBefore.description, to: $0.firstAfter.description, days: $0.days) }
        bodyComposition = report.bodyComposition.map { c in
            BodyComposition(
                asOf: c.asOf.description, fatPercent: DisplayRounding.hundredths(c.fatPercent),
                fatPercentWeeklyRate: DisplayRounding.hundredths(c.fatPercentWeeklyRate), fatMass: weight(c.fatMassKilograms),
                fatMassWeeklyRate: weight(c.fatMassWeeklyRateKilograms), leanMass: weight(c.leanMassKilograms),
                leanMassWeeklyRate: weight(c.leanMassWeeklyRateKilograms), fatMassChange: weight(c.fatMassChangeKilograms),
                leanMassChange: weight(c.leanMassChangeKilograms), fatShareOfChange: DisplayRounding.hundredths(c.fatShareOfChange))
        }
        bmi = DisplayRounding.hundredths(report.bmi?.value)
        bmiClass = report.bmi?.category.rawValue
        healthyWeightRange = report.bmi.map { [weight($0.healthyKilograms.lowerBound), weight($0.healthyKilograms.upperBound)] }
        plan = report.plan.map { p in
            Plan(
                start: p.start.description, startTrend: weight(p.startTrendKilograms), by: p.by.description, weeklyRate: weight(p.weeklyRateKilograms),
                planTrendToday: weight(p.planTrendTodayKilograms), aheadBy: weight(p.aheadByKilograms), aheadByDays: DisplayRounding.hundredths(p.aheadByDays),
                requiredWeeklyRate: weight(p.requiredWeeklyRateKilograms), requiredEnergyBalance: p.requiredEnergyBalance, daysLate: p.daysLate,
                overdue: p.isOverdue, done: p.isDone,
                targetIntake: report.targetIntake.flatMap { $0.basis == .plan ? Int($0.kilocalories.rounded()) : nil })
        }
        expenditure = report.expenditure?.value.map { ExpenditureFigures($0, unit: unit) }
        targetIntake = report.targetIntake.map {
            TargetIntakeFigures(
                kilocalories: Int($0.kilocalories.rounded()), low: Int($0.low.rounded()), high: Int($0.high.rounded()), basis: $0.basis.rawValue,
                belowSafeMinimum: $0.isBelowSafeMinimum)
        }
        measurements = report.measurements.map { MeasurementsDocument($0, unit: LengthUnit(weightUnit: unit)) }
        marks = report.marks.map(MarkRunDocument.init)
        points = report.rows.map { row in
            switch row {
            case .weighIn(let point):
                Point(date: point.timestamp.iso8601, weight: weight(point.kilograms), trend: weight(point.trendKilograms), estimated: nil)
            case .estimated(let day):
                Point(date: day.day.description, weight: weight(day.kilograms), trend: weight(day.trendKilograms), estimated: true)
            }
        }
    }
}
