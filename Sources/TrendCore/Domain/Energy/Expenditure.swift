

/// What a person burns, measured from what they ate and how their weight
/// moved (SPEC §15), over the 28 calendar days ending on the latest day
/// with intake that is over: the window's mean expenditure as
/// `EnergyBalanceModel` tells it from tissue and water, with the model's
/// own 95% interval.
///
/// Given only when the data is enough to mean something (20 days of intake,
/// 8 weigh-in days spanning 21 days) and the figure is one a body can burn;
/// otherwise what is missing, or what disagrees, is said, never a number: a
/// moving average's start-up bias is how other trackers came to report
/// burns 15% too high "with high confidence".
public struct Expenditure: Equatable, Sendable {
    /// kcal a day.
    public let kilocalories: Double
    public let low: Double
    public let high: Double
    /// The window: 28 days ending on the latest day with intake.
    public let from: CalendarDay
    public let to: CalendarDay
    public let intakeDays: Int
    public let averageIntake: Double
    public let weighInDays: Int
    /// The weight's least-squares slope over the window, kg a day: what
    /// the text says the weight did, not what the estimate rests on.
    public let dailySlopeKilograms: Double
    /// Water the scale holds on the window's last day above (+) or below
    /// (−) its mean over the window, kg, by the model.
    public let waterKilograms: Double
    /// What the data shows moved that water, when it shows something.
    public var waterCause: WaterCause?

    public var weeklyRateKilograms: Double { dailySlopeKilograms * 7 }

    /// The window's average intake minus the expenditure: the energy
    /// balance the estimate says, kcal a day (negative: a deficit).
    public var energyBalance: Double { averageIntake - kilocalories }

    /// The rate tissue changes at, kg a day: the energy balance at §5's
    /// 7,716.2 kcal a kilogram. Water does not move it.
    public var tissueDailyRateKilograms: Double { energyBalance / ProgressReport.kilocaloriesPerKilogram }

    public init(
        kilocalories: Double, low: Double, high: Double, from: CalendarDay, to: CalendarDay, intakeDays: Int, averageIntake: Double, weighInDays: Int,
        dailySlopeKilograms: Double, waterKilograms: Double = 0, waterCause: WaterCause? = nil
    ) {
        self.kilocalories = kilocalories
        self.low = low
        self.high = high
        self.from = from
        self.to = to
        self.intakeDays = intakeDays
        self.averageIntake = averageIntake
        self.weighInDays = weighInDays
        self.dailySlopeKilograms = dailySlopeKilograms
        self.waterKilograms = waterKilograms
        self.waterCause = waterCause
    }

    /// Water worth saying: half a kilogram or more either way.
    public static let notableWaterKilograms = 0.5
    public var notableWater: Double? { abs(waterKilograms) >= Self.notableWaterKilograms ? waterKilograms : nil }

    public static let windowDays = 28
    public static let minimumIntakeDays = 20
    public static let minimumWeighInDays = 8
    public static let minimumSpanDays = 21
    /// The normal quantile of a two-sided 95% interval.
    public static let z95 = 1.96
    /// What a body burns: an estimate or a bound outside this is the data disagreeing, not a figure.
    public static let plausibleKilocalories = 500.0...10_000.0

    /// What the window held when it is not enough.
    public struct Shortfall: Equatable, Sendable {
        public let from: CalendarDay
        public let to: CalendarDay
        public let intakeDays: Int
        public let weighInDays: Int
        /// Days from the window's first weigh-in day to its last.
        public let spanDays: Int

        public var needsIntake: Bool { intakeDays < Expenditure.minimumIntakeDays }
        public var needsWeighIns: Bool { weighInDays < Expenditure.minimumWeighInDays || spanDays < Expenditure.minimumSpanDays }
    }

    /// The estimate, or what keeps it back.
    public enum Estimate: Equatable, Sendable {
        case known(Expenditure)
        case notEnough(Shortfall)
        /// The figure would be one no body burns: the weigh-ins and intake disagree.
        case disagreement(Disagreement)

        public var value: Expenditure? {
            if case .known(let expenditure) = self { return expenditure }
            return nil
        }

        /// The window's last day either way.
        public var to: CalendarDay {
            switch self {
            case .known(let e): e.to
            case .notEnough(let s): s.to
            case .disagreement(let d): d.to
            }
        }
    }

    /// The estimate from the intake and weigh-ins up to `through`; nil when
    /// no intake was logged by then (nothing to say, and no nagging).
    /// `dayInProgress`: today by the clock, a day not over, whose intake
    /// (breakfast so far) never counts. `periodDays`: the days marked
    /// `period`, for the cycle's water; `sex` male: no cycle is looked for.
    /// The records in their store order (by instant).
    public static func estimate(
        intake: [IntakeEntry], entries: [WeightEntry], through requested: CalendarDay, dayInProgress: CalendarDay? = nil,
        periodDays: [CalendarDay] = [], sex: Sex? = nil
    ) -> Estimate? {
        let through = dayInProgress.map { min(requested, $0.adding(days: -1)) } ?? requested
        // The latest day with intake: an entry's day is within a day of its
        // instant's, so only the entries of the last two days by instant can hold it.
        var last: CalendarDay?
        var index = intake.indices(onDaysFrom: nil, through: through).upperBound - 1
        var newest: Int64?
        while index >= 0 {
            let entry = intake[index]
            let day = entry.calendarDay
            if day <= through {
                if newest == nil { newest = entry.timestamp.epochSeconds }
                if last.map({ day > $0 }) ?? true { last = day }
            }
            if let newest, newest - entry.timestamp.epochSeconds > 2 * 86_400 { break }
            index -= 1
        }
        guard let to = last else { return nil }
        let from = to.adding(days: -(windowDays - 1))
        // One pass over the records for the model's run (its warm-up, then the window); the window is its tail.
        let model = EnergyBalanceModel()
        let start = from.adding(days: -model.constants.warmUpDays)
        let lead = start.adding(days: -IntakeShift.leadDays)
        let runWeights = firstWeights(entries, from: start, through: to)
        let leadIntake = IntakeDays.totals(intake, from: lead, through: to)
        let runIntake = leadIntake.filter { $0.day >= start }
        let dailyIntake = runIntake.filter { $0.day >= from }
        let weights = runWeights.filter { $0.day >= from }
        let span = weights.isEmpty ? 0 : weights.last!.day.dayNumber - weights.first!.day.dayNumber
        let shortfall = Shortfall(from: from, to: to, intakeDays: dailyIntake.count, weighInDays: weights.count, spanDays: span)
        guard dailyIntake.count >= minimumIntakeDays, weights.count >= minimumWeighInDays, span >= minimumSpanDays else { return .notEnough(shortfall) }
        let amounts = dailyIntake.map(\.kilocalories)
        let mean = amounts.reduce(0, +) / Double(amounts.count)
        let fit = LeastSquares.fit(x: weights.map { Double($0.day.dayNumber) }, y: weights.map(\.kilograms))
        let first = min(runWeights.first?.day.dayNumber ?? from.dayNumber, runIntake.first?.day.dayNumber ?? from.dayNumber, from.dayNumber)
        // The intake shift of each day of the run, read from the weeks before it too.
        var totals = [Double?](repeating: nil, count: to.dayNumber - lead.dayNumber + 1)
        for day in leadIntake { totals[day.day.dayNumber - lead.dayNumber] = day.kilocalories }
        let shifts = IntakeShift.shifts(totals)
        // Only the marks up to the window's end: the report as it was then.
        let cycle = PeriodCycle(periodDays: periodDays.filter { $0 <= to })
        var days: [EnergyBalanceModel.Day] = (first...to.dayNumber).map { number in
            let day = CalendarDay(dayNumber: number)
            return EnergyBalanceModel.Day(
                kilograms: nil, kilocalories: nil, cycle: cycle.isEmpty ? nil : cycle.waterShape(on: day), intakeShift: shifts[number - lead.dayNumber])
        }
        for weight in runWeights { days[weight.day.dayNumber - first].kilograms = weight.kilograms }
        for day in runIntake { days[day.day.dayNumber - first].kilocalories = day.kilocalories }
        guard let result = model.estimate(days, windowDays: windowDays, firstDay: CalendarDay(dayNumber: first), cycles: sex != .male) else {
            return .notEnough(shortfall)
        }
        let margin = z95 * result.standardDeviation
        let low = result.kilocalories - margin
        let high = result.kilocalories + margin
        guard plausibleKilocalories.contains(low), plausibleKilocalories.contains(high), result.kilocalories.isFinite else {
            return .disagreement(
                Disagreement(
                    from: from, to: to, kilocalories: result.kilocalories, averageIntake: mean,
                    likelyCause: Disagreement.likelyCause(weights: runWeights, intake: dailyIntake, kilocalories: result.kilocalories)))
        }
        var expenditure = Expenditure(
            kilocalories: result.kilocalories, low: low, high: high, from: from, to: to, intakeDays: amounts.count, averageIntake: mean,
            weighInDays: weights.count, dailySlopeKilograms: fit.slope, waterKilograms: result.waterKilograms)
        expenditure.waterCause = WaterCause.of(result.water, days: days, to: to, cycle: cycle, expenditure: result.kilocalories, model: model.constants)
        return .known(expenditure)
    }

    /// Each day's earliest weigh-in (by instant) from `from` through `through`, oldest day first.
    static func firstWeights(_ entries: [WeightEntry], from: CalendarDay, through: CalendarDay) -> [(day: CalendarDay, kilograms: Double)] {
        var first: [Int: (seconds: Int64, kilograms: Double)] = [:]
        // Only the records that can fall in the window: an estimate costs the same at any point of a long history.
        for entry in entries[entries.indices(onDaysFrom: from, through: through)] {
            let day = entry.calendarDay
            if day >= from && day <= through {
                if let known = first[day.dayNumber], known.seconds <= entry.timestamp.epochSeconds {} else {
                    first[day.dayNumber] = (entry.timestamp.epochSeconds, entry.kilograms)
                }
            }
        }
        return first.keys.sorted().map { (CalendarDay(dayNumber: $0), first[$0]!.kilograms) }
    }
}
