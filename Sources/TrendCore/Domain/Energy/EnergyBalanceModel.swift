#if canImport(Glibc)
@preconcurrency import Glibc
#else
import Darwin
#endif

/// What a body burns, told apart from the water it holds (SPEC §15): a
/// Kalman filter over a day's state, with the day's logged intake as its
/// input.
///
/// - tissue M (kg): M' = M + (intake − E) ÷ 7,716.2, the energy of §5;
/// - fast water F (kg): what a salty or large day adds, gone in days;
/// - glycogen water G (kg): stays, but moves when the diet changes;
/// - expenditure E (kcal a day): a slow random walk;
/// - a cycle's water: an amplitude times where the day lies in the cycle
///   the period marks tell (`PeriodCycle`); without marks, a four-week
///   cycle of unknown timing, weighed by how well it explains the weigh-ins;
/// - a weigh-in reads M + F + G + the cycle's water.
///
/// The window's mean expenditure and its water are sums the state carries
/// over the window's days, so the filter's last belief is the smoothed one
/// and no backward pass is needed. Because water can move the scale by a
/// kilogram in days and tissue only as fast as energy allows, a sudden move
/// lands in water and widens the interval instead of moving E. The
/// constants are in `Constants`, each with why; GUIDE.md gives them too.
public struct EnergyBalanceModel: Sendable {
    /// One calendar day of the run: its earliest weigh-in and its intake, either may be missing.
    public struct Day: Equatable, Sendable {
        public var kilograms: Double?
        public var kilocalories: Double?
        /// Where the day lies in a cycle the period marks tell (`PeriodCycle.waterShape`); nil when they do not.
        public var cycle: Double?
        /// The mean logged intake of the week ending this day minus that of
        /// the two weeks before it (`IntakeShift`); nil when either holds too few logged days.
        public var intakeShift: Double?

        public init(kilograms: Double?, kilocalories: Double?, cycle: Double? = nil, intakeShift: Double? = nil) {
            self.kilograms = kilograms
            self.kilocalories = kilocalories
            self.cycle = cycle
            self.intakeShift = intakeShift
        }
    }

    /// What the model says of the window.
    public struct Result: Equatable, Sendable {
        /// The mean expenditure over the window's days, kcal a day.
        public let kilocalories: Double
        /// Its standard deviation.
        public let standardDeviation: Double
        /// Water on the window's last day above (+) or below (−) its mean over the window, kg, and its parts.
        public let water: Water
        /// How much the figure rests on a four-week cycle found without marks (0 to 1).
        public let cycleWeight: Double

        public var waterKilograms: Double { water.total }
    }

    /// The window's last day's water against the window's mean, by where it comes from.
    public struct Water: Equatable, Sendable {
        /// A salty or large day's, gone in days.
        public let fast: Double
        /// Glycogen's, moved by a change of diet.
        public let glycogen: Double
        /// A cycle's.
        public let cycle: Double

        public var total: Double { fast + glycogen + cycle }

        static func weighted(_ a: Water, _ b: Water, weightOfB w: Double) -> Water {
            Water(fast: a.fast * (1 - w) + b.fast * w, glycogen: a.glycogen * (1 - w) + b.glycogen * w, cycle: a.cycle * (1 - w) + b.cycle * w)
        }
    }

    /// The model's constants. Chosen from the physiology `energy-sim`
    /// describes, then checked on its seeds 1–6 only (SPEC §15).
    public struct Constants: Equatable, Sendable {
        /// Logged intake is off by a share of itself (portions misjudged)
        /// and a fixed amount (a snack not logged).
        public var intakeShare = 0.06
        public var intakeFixed = 50.0
        /// A day with no intake logged is taken at the window's mean, as
        /// uncertain as the logged days spread, and at least this: it was
        /// eaten, just not written down.
        public var unloggedLeast = 150.0
        /// Fast water (salt, a large meal's carbohydrate) returns to none
        /// with this time constant, days: half of it is gone in two.
        public var fastWaterDays = 3.0
        /// How far fast water moves on an ordinary day, kg.
        public var fastWaterStep = 0.11
        /// A day eaten this far over the expenditure adds this much more
        /// freedom to the next morning's water (a salty or large day).
        public var largeDayKilocalories = 800.0
        public var largeDayWater = 0.6
        /// Glycogen and its water (about 1–1.5 kg) leave in the first days
        /// of a diet and come back when it ends: on days when the week's
        /// mean intake differs from the two weeks before by this much,
        /// glycogen may move by this much a day; otherwise it stays.
        public var dietChangeKilocalories = 300.0
        public var glycogenStep = 0.3
        /// How far expenditure moves in a day, kcal: it adapts slowly, and
        /// steps when activity changes.
        public var expenditureStep = 12.0
        /// A home scale's reading error, kg.
        public var scale = 0.25
        /// A cycle's water, kg: the amplitude's spread before the weigh-ins
        /// say (most hold 0.5–2 kg at the peak).
        public var cycleAmplitude = 1.0
        /// Without marks: a four-week cycle's two amplitudes (its timing
        /// unknown), how far they drift a day, and the chance, before the
        /// weigh-ins say, that the scale shows one.
        public var unmarkedCycleAmplitude = 0.7
        public var unmarkedCycleDrift = 0.02
        public var unmarkedCycleDays = 28
        public var unmarkedCyclePrior = 0.5
        /// Days run before the window, so the window starts from what the weeks before it say.
        public var warmUpDays = 42

        public init() {}
    }

    public var constants: Constants

    public init(constants: Constants = Constants()) {
        self.constants = constants
    }

    /// How a run treats a cycle.
    enum Cycle: Equatable {
        /// None: a body without one, or not looked for.
        case none
        /// Where the period marks say (`Day.cycle`).
        case marked
        /// A four-week cycle of unknown timing, from each day's number.
        case unmarked
    }

    /// The window's mean expenditure and water, from `days` (one per
    /// calendar day, oldest first) whose last `windowDays` are the window;
    /// `firstDay`: the calendar day of `days[0]`, for an unmarked cycle's
    /// timing. `cycles`: false for a body that has none (`sex male`). Nil
    /// when there is no weigh-in or no intake to start from.
    public func estimate(_ days: [Day], windowDays: Int, firstDay: CalendarDay = CalendarDay(dayNumber: 0), cycles: Bool = true) -> Result? {
        if days.contains(where: { $0.cycle != nil }) { return run(days, windowDays: windowDays, firstDay: firstDay, cycle: .marked)?.result }
        guard let plain = run(days, windowDays: windowDays, firstDay: firstDay, cycle: .none) else { return nil }
        guard cycles, let cyclic = run(days, windowDays: windowDays, firstDay: firstDay, cycle: .unmarked) else { return plain.result }
        // Each model weighed by its prior chance times how likely it made the weigh-ins.
        let prior = constants.unmarkedCyclePrior
        let odds = prior / (1 - prior) * exp(min(50, max(-50, cyclic.logLikelihood - plain.logLikelihood)))
        let w = odds / (1 + odds)
        let (a, b) = (plain.result, cyclic.result)
        let mean = a.kilocalories * (1 - w) + b.kilocalories * w
        let variance = (1 - w) * (a.standardDeviation * a.standardDeviation + (a.kilocalories - mean) * (a.kilocalories - mean))
            + w * (b.standardDeviation * b.standardDeviation + (b.kilocalories - mean) * (b.kilocalories - mean))
        return Result(kilocalories: mean, standardDeviation: variance.squareRoot(), water: .weighted(a.water, b.water, weightOfB: w), cycleWeight: w)
    }

    /// The state's quantities, by index.
    private enum State {
        static let tissue = 0, fast = 1, glycogen = 2, expenditure = 3, cosine = 4, sine = 5
        /// Sums over the window's days so far.
        static let expenditureSum = 6, fastSum = 7, glycogenSum = 8, cycleSum = 9
        static let count = 10
    }

    /// One run of the filter over `days` with a cycle treated as `cycle`, and
    /// the log-likelihood of its weigh-ins.
    func run(_ days: [Day], windowDays: Int, firstDay: CalendarDay, cycle: Cycle) -> (result: Result, logLikelihood: Double)? {
        let window = days.suffix(windowDays)
        let logged = window.compactMap(\.kilocalories)
        guard let firstWeight = days.lazy.compactMap(\.kilograms).first, !logged.isEmpty, windowDays >= 1, days.count >= windowDays else { return nil }
        let c = constants
        let meanIntake = logged.reduce(0, +) / Double(logged.count)
        let spread = logged.count > 1 ? (logged.reduce(0) { $0 + ($1 - meanIntake) * ($1 - meanIntake) } / Double(logged.count - 1)).squareRoot() : 0
        let unloggedError = (spread * spread + c.unloggedLeast * c.unloggedLeast).squareRoot()
        let energy = ProgressReport.kilocaloriesPerKilogram
        let fastRetained = exp(-1 / c.fastWaterDays)
        typealias S = State
        var deviations = [Double](repeating: 0, count: S.count)
        deviations[S.tissue] = 1
        deviations[S.fast] = 0.5
        deviations[S.glycogen] = 0.5
        deviations[S.expenditure] = 600
        switch cycle {
        case .none: break
        case .marked: deviations[S.cosine] = c.cycleAmplitude
        case .unmarked: (deviations[S.cosine], deviations[S.sine]) = (c.unmarkedCycleAmplitude, c.unmarkedCycleAmplitude)
        }
        var mean = [Double](repeating: 0, count: S.count)
        mean[S.tissue] = firstWeight
        mean[S.expenditure] = meanIntake
        var state = GaussianState(mean: mean, standardDeviations: deviations)
        var logLikelihood = 0.0
        let windowStart = days.count - windowDays
        var lastShape = (cosine: 0.0, sine: 0.0)
        for (index, day) in days.enumerated() {
            // Where the day lies in the cycle: the weights of the two amplitudes in its water.
            var shape = (cosine: 0.0, sine: 0.0)
            switch cycle {
            case .none: break
            case .marked: shape.cosine = day.cycle ?? 0
            case .unmarked:
                let angle = 2 * Double.pi * Double((firstDay.dayNumber + index) % c.unmarkedCycleDays) / Double(c.unmarkedCycleDays)
                shape = (cos(angle), sin(angle))
            }
            lastShape = shape
            if let weight = day.kilograms {
                let reading: [(index: Int, coefficient: Double)] = [(S.tissue, 1), (S.fast, 1), (S.glycogen, 1), (S.cosine, shape.cosine), (S.sine, shape.sine)]
                logLikelihood += state.observe(weight, of: reading, variance: c.scale * c.scale)
            }
            if index >= windowStart {
                state.add(1, of: S.expenditure, to: S.expenditureSum)
                state.add(1, of: S.fast, to: S.fastSum)
                state.add(1, of: S.glycogen, to: S.glycogenSum)
                state.add(shape.cosine, of: S.cosine, to: S.cycleSum)
                state.add(shape.sine, of: S.sine, to: S.cycleSum)
            }
            guard index < days.count - 1 else { break }
            // Overnight: the day's intake and burn move tissue; water returns or moves.
            let intake = day.kilocalories ?? meanIntake
            let intakeError = day.kilocalories.map { c.intakeShare * $0 + c.intakeFixed } ?? unloggedError
            var fastVariance = c.fastWaterStep * c.fastWaterStep
            if let eaten = day.kilocalories, eaten >= state.mean[S.expenditure] + c.largeDayKilocalories { fastVariance += c.largeDayWater * c.largeDayWater }
            let dietChanges = day.intakeShift.map { abs($0) >= c.dietChangeKilocalories } ?? false
            state.add(-1 / energy, of: S.expenditure, to: S.tissue)
            state.shift(S.tissue, by: intake / energy)
            state.scale(S.fast, by: fastRetained)
            state.disturb(S.tissue, variance: (intakeError / energy) * (intakeError / energy))
            state.disturb(S.fast, variance: fastVariance)
            if dietChanges { state.disturb(S.glycogen, variance: c.glycogenStep * c.glycogenStep) }
            state.disturb(S.expenditure, variance: c.expenditureStep * c.expenditureStep)
            if cycle == .unmarked {
                state.disturb(S.cosine, variance: c.unmarkedCycleDrift * c.unmarkedCycleDrift)
                state.disturb(S.sine, variance: c.unmarkedCycleDrift * c.unmarkedCycleDrift)
            }
        }
        let n = Double(windowDays)
        let m = state.mean
        let water = Water(
            fast: m[S.fast] - m[S.fastSum] / n, glycogen: m[S.glycogen] - m[S.glycogenSum] / n,
            cycle: lastShape.cosine * m[S.cosine] + lastShape.sine * m[S.sine] - m[S.cycleSum] / n)
        let result = Result(
            kilocalories: m[S.expenditureSum] / n, standardDeviation: max(0, state.variance(S.expenditureSum)).squareRoot() / n, water: water,
            cycleWeight: cycle == .unmarked ? 1 : 0)
        return (result, logLikelihood)
    }
}
