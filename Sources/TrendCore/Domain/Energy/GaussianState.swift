#if canImport(Glibc)
@preconcurrency import Glibc
#else
import Darwin
#endif

/// A Kalman filter's belief: the mean of a few quantities and their
/// covariance, changed only by the steps a linear model needs. Each step
/// works in place on the covariance (n² numbers), so a day of the
/// expenditure model costs a few hundred additions and no matrix is built.
struct GaussianState: Equatable, Sendable {
    private(set) var mean: [Double]
    /// Row by row, `count × count`.
    private(set) var covariance: [Double]
    let count: Int

    /// Independent quantities with these means and standard deviations.
    init(mean: [Double], standardDeviations: [Double]) {
        precondition(mean.count == standardDeviations.count)
        count = mean.count
        self.mean = mean
        covariance = [Double](repeating: 0, count: count * count)
        for i in 0..<count { covariance[i * count + i] = standardDeviations[i] * standardDeviations[i] }
    }

    func variance(_ i: Int) -> Double { covariance[i * count + i] }

    /// x[target] += factor × x[source]: the covariance gets the same
    /// elementary row operation, then its column twin (A P Aᵀ for
    /// A = I + factor · e_target e_sourceᵀ).
    mutating func add(_ factor: Double, of source: Int, to target: Int) {
        guard factor != 0 else { return }
        mean[target] += factor * mean[source]
        for column in 0..<count { covariance[target * count + column] += factor * covariance[source * count + column] }
        for row in 0..<count { covariance[row * count + target] += factor * covariance[row * count + source] }
    }

    /// x[i] ×= factor.
    mutating func scale(_ i: Int, by factor: Double) {
        mean[i] *= factor
        for column in 0..<count { covariance[i * count + column] *= factor }
        for row in 0..<count { covariance[row * count + i] *= factor }
    }

    /// x[i] += amount, a known input.
    mutating func shift(_ i: Int, by amount: Double) { mean[i] += amount }

    /// x[i] gains independent noise of this variance.
    mutating func disturb(_ i: Int, variance: Double) { covariance[i * count + i] += variance }

    /// A reading of Σ coefficient × x[index], with this error variance: the
    /// Kalman update, as a rank-one change of the covariance. Returns how
    /// likely the reading was (the log of its density before the update),
    /// what tells two models of the same readings apart.
    @discardableResult
    mutating func observe(_ value: Double, of terms: [(index: Int, coefficient: Double)], variance: Double) -> Double {
        // P hᵀ, and h P hᵀ + r.
        var spread = [Double](repeating: 0, count: count)
        for row in 0..<count {
            for term in terms { spread[row] += covariance[row * count + term.index] * term.coefficient }
        }
        var predicted = 0.0
        var total = variance
        for term in terms {
            predicted += term.coefficient * mean[term.index]
            total += term.coefficient * spread[term.index]
        }
        guard total > 0 else { return 0 }
        let innovation = value - predicted
        for i in 0..<count { mean[i] += spread[i] / total * innovation }
        for row in 0..<count {
            let factor = spread[row] / total
            for column in 0..<count { covariance[row * count + column] -= factor * spread[column] }
        }
        return -0.5 * (log(2 * Double.pi * total) + innovation * innovation / total)
    }
}
