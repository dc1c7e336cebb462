#if canImport(Glibc)
@preconcurrency import Glibc
#else
import Darwin
#endif

/// What a body burns, told apart from the water it holds (SPEC §15): a
/// Kalman filter and its Rauch–Tung–Striebel smoother over three states a
/// day, with the day's logged intake as its input.
///
/// - tissue M (kg): M' = M + (intake − E) ÷ 7,716.2, the energy of §5;
/// - water W (kg): W' = a·W, pulled back to none with a 10-day time
///   constant; glycogen, salt and a cycle move it and no energy does;
/// - expenditure E (kcal a day): E' = E, a slow random walk;
/// - a weigh-in reads M + W.
///
/// Because water can move the scale by a kilogram in days and tissue only
/// as fast as energy allows, a sudden move lands in W and widens the
/// interval instead of moving E. The constants are in `Constants`, each
/// with why; GUIDE.md gives them too.
public struct EnergyBalanceModel: Sendable {
    /// One calendar day of the run: its earliest weigh-in and its intake, either may be missing.
    public struct Day: Equatable, Sendable {
        public var kilograms: Double?
        public var kilocalories: Double?

        public init(kilograms: Double?, kilocalories: Double?) {
            self.kilograms = kilograms
            self.kilocalories = kilocalories
        }
    }

    /// What the model says of the window.
    public struct Result: Equatable, Sendable {
        /// The mean expenditure over the window's days, kcal a day.
        public let kilocalories: Double
        /// Its standard deviation, from the smoother's covariances.
        public let standardDeviation: Double
        /// Water held on the window's last day, kg (negative: below usual).
        public let waterKilograms: Double
    }

    /// The model's constants. Chosen from the physiology, then checked
    /// against `energy-sim` on seeds other than the ones scored.
    public struct Constants: Equatable, Sendable {
        /// Logged intake is off by a share of itself (portions misjudged)
        /// and a fixed amount (a snack not logged).
        public var intakeShare = 0.10
        public var intakeFixed = 100.0
        /// A day with no intake logged is taken at the window's mean, this
        /// uncertain: it was eaten, just not written down.
        public var unloggedKilocalories = 600.0
        /// Water returns to usual with this time constant (days): salt and
        /// carbohydrate water leave within days, glycogen within a diet's
        /// first weeks, a cycle's over four.
        public var waterDays = 10.0
        /// How far water moves in a day, kg.
        public var waterStep = 0.18
        /// How far expenditure moves in a day, kcal: it adapts slowly, and
        /// steps when activity changes.
        public var expenditureStep = 12.0
        /// A home scale's reading error, kg.
        public var scale = 0.25
        /// Days run before the window so the window starts from a settled state.
        public var warmUpDays = 28

        public init() {}
    }

    public var constants: Constants

    public init(constants: Constants = Constants()) {
        self.constants = constants
    }

    /// The window's mean expenditure and water, from `days` (one per
    /// calendar day, oldest first) whose last `windowDays` are the window.
    /// Nil when there is no weigh-in or no intake to start from.
    public func estimate(_ days: [Day], windowDays: Int) -> Result? {
        let logged = days.suffix(windowDays).compactMap(\.kilocalories)
        guard let firstWeight = days.lazy.compactMap(\.kilograms).first, !logged.isEmpty, windowDays >= 1, days.count >= windowDays else { return nil }
        let meanIntake = logged.reduce(0, +) / Double(logged.count)
        let energy = ProgressReport.kilocaloriesPerKilogram
        let retained = exp(-1 / constants.waterDays)
        let transition = Matrix3(rows: (1, 0, -1 / energy), (0, retained, 0), (0, 0, 1))
        let scaleVariance = constants.scale * constants.scale

        // The filter, forward: each day's weigh-in, then its intake carries the state to the next morning.
        var state = Vector3(firstWeight, 0, meanIntake)
        var covariance = Matrix3.diagonal(1, 1, 600 * 600)
        var filtered: [(state: Vector3, covariance: Matrix3)] = []
        var predicted: [(state: Vector3, covariance: Matrix3)] = []
        filtered.reserveCapacity(days.count)
        predicted.reserveCapacity(days.count)
        for (index, day) in days.enumerated() {
            if let weight = day.kilograms {
                // H = (1, 1, 0): the scale reads tissue and water.
                let innovation = weight - state.x - state.y
                let hp = Vector3(covariance[0, 0] + covariance[1, 0], covariance[0, 1] + covariance[1, 1], covariance[0, 2] + covariance[1, 2])
                let variance = hp.x + hp.y + scaleVariance
                let gain = hp.scaled(1 / variance)
                state = state + gain.scaled(innovation)
                covariance = covariance - Matrix3.outer(gain, hp)
            }
            filtered.append((state, covariance))
            guard index < days.count - 1 else { break }
            let intake = day.kilocalories ?? meanIntake
            let intakeError = day.kilocalories.map { constants.intakeShare * $0 + constants.intakeFixed } ?? constants.unloggedKilocalories
            let noise = Matrix3.diagonal(
                (intakeError / energy) * (intakeError / energy), constants.waterStep * constants.waterStep, constants.expenditureStep * constants.expenditureStep)
            state = transition * state + Vector3(intake / energy, 0, 0)
            covariance = transition * covariance * transition.transposed + noise
            predicted.append((state, covariance))
        }

        // The smoother, backward: every day seen in the light of the days after it.
        var smoothed = filtered
        var gains = [Matrix3](repeating: .identity, count: days.count)
        for index in stride(from: days.count - 2, through: 0, by: -1) {
            let gain = filtered[index].covariance * transition.transposed * predicted[index].covariance.inverse
            gains[index] = gain
            smoothed[index].state = filtered[index].state + gain * (smoothed[index + 1].state - predicted[index].state)
            smoothed[index].covariance =
                filtered[index].covariance + gain * (smoothed[index + 1].covariance - predicted[index].covariance) * gain.transposed
        }

        // The window's mean E, and its variance from every pair of its days:
        // Cov(xᵢ, xⱼ) = Gᵢ ⋯ Gⱼ₋₁ Pⱼ for i < j.
        let window = (days.count - windowDays)..<days.count
        let mean = window.reduce(0) { $0 + smoothed[$1].state.z } / Double(windowDays)
        var variance = 0.0
        for i in window {
            variance += smoothed[i].covariance[2, 2]
            var chain = Matrix3.identity
            for j in (i + 1)..<window.upperBound {
                chain = chain * gains[j - 1]
                variance += 2 * (chain * smoothed[j].covariance)[2, 2]
            }
        }
        variance /= Double(windowDays * windowDays)
        return Result(kilocalories: mean, standardDeviation: max(variance, 0).squareRoot(), waterKilograms: smoothed[days.count - 1].state.y)
    }
}

/// A column of three, for the model's states.
struct Vector3: Equatable, Sendable {
    var x, y, z: Double

    init(_ x: Double, _ y: Double, _ z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    func scaled(_ factor: Double) -> Vector3 { Vector3(x * factor, y * factor, z * factor) }
    static func + (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x + b.x, a.y + b.y, a.z + b.z) }
    static func - (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x - b.x, a.y - b.y, a.z - b.z) }
}

/// A 3 × 3 matrix, row by row: all the model's algebra needs.
struct Matrix3: Equatable, Sendable {
    var m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)

    init(rows r0: (Double, Double, Double), _ r1: (Double, Double, Double), _ r2: (Double, Double, Double)) {
        m = (r0.0, r0.1, r0.2, r1.0, r1.1, r1.2, r2.0, r2.1, r2.2)
    }

    static let identity = Matrix3(rows: (1, 0, 0), (0, 1, 0), (0, 0, 1))

    static func diagonal(_ a: Double, _ b: Double, _ c: Double) -> Matrix3 { Matrix3(rows: (a, 0, 0), (0, b, 0), (0, 0, c)) }

    /// a bᵀ.
    static func outer(_ a: Vector3, _ b: Vector3) -> Matrix3 {
        Matrix3(rows: (a.x * b.x, a.x * b.y, a.x * b.z), (a.y * b.x, a.y * b.y, a.y * b.z), (a.z * b.x, a.z * b.y, a.z * b.z))
    }

    subscript(row: Int, column: Int) -> Double {
        withUnsafeBytes(of: m) { $0.load(fromByteOffset: (row * 3 + column) * MemoryLayout<Double>.stride, as: Double.self) }
    }

    var transposed: Matrix3 { Matrix3(rows: (m.0, m.3, m.6), (m.1, m.4, m.7), (m.2, m.5, m.8)) }

    /// By cofactors; the model's covariances are positive definite.
    var inverse: Matrix3 {
        let (a, b, c, d, e, f, g, h, i) = m
        let c00 = e * i - f * h, c01 = -(d * i - f * g), c02 = d * h - e * g
        let determinant = a * c00 + b * c01 + c * c02
        let s = 1 / determinant
        return Matrix3(
            rows: (c00 * s, -(b * i - c * h) * s, (b * f - c * e) * s),
            (c01 * s, (a * i - c * g) * s, -(a * f - c * d) * s),
            (c02 * s, -(a * h - b * g) * s, (a * e - b * d) * s))
    }

    static func * (p: Matrix3, q: Matrix3) -> Matrix3 {
        func at(_ r: Int, _ c: Int) -> Double { p[r, 0] * q[0, c] + p[r, 1] * q[1, c] + p[r, 2] * q[2, c] }
        return Matrix3(rows: (at(0, 0), at(0, 1), at(0, 2)), (at(1, 0), at(1, 1), at(1, 2)), (at(2, 0), at(2, 1), at(2, 2)))
    }

    static func * (p: Matrix3, v: Vector3) -> Vector3 {
        Vector3(p[0, 0] * v.x + p[0, 1] * v.y + p[0, 2] * v.z, p[1, 0] * v.x + p[1, 1] * v.y + p[1, 2] * v.z, p[2, 0] * v.x + p[2, 1] * v.y + p[2, 2] * v.z)
    }

    static func + (p: Matrix3, q: Matrix3) -> Matrix3 { p.combined(q, +) }
    static func - (p: Matrix3, q: Matrix3) -> Matrix3 { p.combined(q, -) }

    private func combined(_ q: Matrix3, _ op: (Double, Double) -> Double) -> Matrix3 {
        Matrix3(rows: (op(m.0, q.m.0), op(m.1, q.m.1), op(m.2, q.m.2)), (op(m.3, q.m.3), op(m.4, q.m.4), op(m.5, q.m.5)), (op(m.6, q.m.6), op(m.7, q.m.7), op(m.8, q.m.8)))
    }

    static func == (p: Matrix3, q: Matrix3) -> Bool { (0..<9).allSatisfy { p[$0 / 3, $0 % 3] == q[$0 / 3, $0 % 3] } }
}
