import Foundation
import Testing
import TestSupport
@testable import TrendCore

/// The filter's in-place steps against the textbook's dense matrices
/// (x' = A x, P' = A P Aᵀ; the Kalman gain K = P hᵀ ÷ (h P hᵀ + r)),
/// written out here with arrays of rows.
@Suite("A Kalman filter's belief")
struct GaussianStateTests {
    typealias Dense = [[Double]]

    static func product(_ a: Dense, _ b: Dense) -> Dense {
        a.indices.map { i in b[0].indices.map { j in b.indices.reduce(0) { $0 + a[i][$1] * b[$1][j] } } }
    }

    static func transposed(_ a: Dense) -> Dense { a[0].indices.map { j in a.indices.map { a[$0][j] } } }

    static func covariance(_ state: GaussianState) -> Dense {
        (0..<state.count).map { i in (0..<state.count).map { state.covariance[i * state.count + $0] } }
    }

    @Test("adding, scaling and observing agree with the dense matrix algebra", arguments: 0..<10)
    func againstMatrices(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed) + 1)
        let n = 4
        var state = GaussianState(mean: (0..<n).map { _ in Double.random(in: -5...5, using: &generator) }, standardDeviations: (0..<n).map { _ in Double.random(in: 0.5...3, using: &generator) })
        // Correlate the quantities first, as a run does.
        state.add(0.7, of: 1, to: 0)
        state.add(-0.3, of: 3, to: 2)
        var mean = state.mean
        var p = Self.covariance(state)
        for _ in 0..<6 {
            let (source, target) = (Int.random(in: 0..<n, using: &generator), Int.random(in: 0..<n, using: &generator))
            guard source != target else { continue }
            let factor = Double.random(in: -2...2, using: &generator)
            state.add(factor, of: source, to: target)
            var a = (0..<n).map { i in (0..<n).map { Double(i == $0 ? 1 : 0) } }
            a[target][source] = factor
            mean = a.map { row in zip(row, mean).reduce(0) { $0 + $1.0 * $1.1 } }
            p = Self.product(Self.product(a, p), Self.transposed(a))
            let scaled = Int.random(in: 0..<n, using: &generator)
            state.scale(scaled, by: 0.8)
            mean[scaled] *= 0.8
            for i in 0..<n { p[scaled][i] *= 0.8; p[i][scaled] *= 0.8 }
        }
        // A reading of x0 + x1 with error variance 0.25.
        let h = [1.0, 1, 0, 0]
        let ph = p.map { row in zip(row, h).reduce(0) { $0 + $1.0 * $1.1 } }
        let s = zip(h, ph).reduce(0) { $0 + $1.0 * $1.1 } + 0.25
        let innovation = 3.0 - zip(h, mean).reduce(0) { $0 + $1.0 * $1.1 }
        let likelihood = state.observe(3, of: [(0, 1), (1, 1)], variance: 0.25)
        let expectedMean = mean.indices.map { mean[$0] + ph[$0] / s * innovation }
        let expectedCovariance = p.indices.map { i in p[i].indices.map { p[i][$0] - ph[i] * ph[$0] / s } }
        for i in 0..<n {
            #expect(abs(state.mean[i] - expectedMean[i]) < 1e-9)
            for j in 0..<n { #expect(abs(Self.covariance(state)[i][j] - expectedCovariance[i][j]) < 1e-9) }
        }
        #expect(abs(likelihood - (-0.5 * (log(2 * Double.pi * s) + innovation * innovation / s))) < 1e-12)
    }
}
