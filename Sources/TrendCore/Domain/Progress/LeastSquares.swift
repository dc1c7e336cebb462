/// Least-squares lines: the slope of evenly spaced daily values, and a
/// fit of y on x with its slope's standard error.
public enum LeastSquares {
    public static func dailySlope(_ values: [Double]) -> Double? {
        guard values.count >= 2 else { return nil }
        let n = Double(values.count)
        let meanX = (n - 1) / 2
        let meanY = values.reduce(0, +) / n
        var numerator = 0.0
        var denominator = 0.0
        for (i, value) in values.enumerated() {
            let dx = Double(i) - meanX
            numerator += dx * (value - meanY)
            denominator += dx * dx
        }
        return numerator / denominator
    }

    public static func weeklySlope(_ values: [Double]) -> Double {
        (dailySlope(values) ?? 0) * 7
    }

    /// The slope of `y` on `x` and its standard error (√(Σ residual² ÷
    /// (n − 2) ÷ Σ (x − x̄)²)); x not all equal, and n ≥ 3 for the
    /// error (with two points the line is exact and the error meaningless).
    public static func fit(x: [Double], y: [Double]) -> (slope: Double, intercept: Double, slopeStandardError: Double) {
        let n = Double(x.count)
        let meanX = x.reduce(0, +) / n
        let meanY = y.reduce(0, +) / n
        var sxx = 0.0
        var sxy = 0.0
        for i in x.indices {
            sxx += (x[i] - meanX) * (x[i] - meanX)
            sxy += (x[i] - meanX) * (y[i] - meanY)
        }
        let slope = sxy / sxx
        let intercept = meanY - slope * meanX
        var residuals = 0.0
        for i in x.indices {
            let r = y[i] - (intercept + slope * x[i])
            residuals += r * r
        }
        return (slope, intercept, (residuals / (n - 2) / sxx).squareRoot())
    }
}
