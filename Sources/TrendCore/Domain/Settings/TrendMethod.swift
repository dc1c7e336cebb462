#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How the daily trend is smoothed (SPEC §7): TrendWeight's default, and
/// the methods of the tools people move from, so they see the numbers they
/// know. Every method works on the daily series of SPEC §5 (each day's
/// earliest weigh-in).
public enum TrendMethod: String, CaseIterable, Sendable {
    /// EMA, α = 0.1 a day, gaps filled linearly (TrendWeight, SPEC §5).
    case trendweight
    /// The Hacker's Diet Online: `t += (w − t) / 10` on weigh-in days; the
    /// trend is carried unchanged over days without one (no interpolation).
    case hackersDiet = "hackers-diet"
    /// Libra: `t += (1 − e^(−Δ/7)) (w − t)`, Δ = days since the previous weigh-in.
    case libra
    /// Holt's linear smoothing, three presets of our own (TrendWeight has
    /// no Holt method): level and slope, gaps filled linearly.
    case holtGentle = "holt-gentle"
    case holt
    case holtResponsive = "holt-responsive"

    public static let `default` = TrendMethod.trendweight

    /// How many daily trend values the weekly rate is fitted to.
    public var rateWindowDays: Int { self == .hackersDiet ? 8 : 14 }

    /// Whether days without a weigh-in take the linear interpolation
    /// between their neighbours (otherwise the trend is carried over them).
    public var fillsGaps: Bool {
        switch self {
        case .trendweight, .holtGentle, .holt, .holtResponsive: true
        case .hackersDiet, .libra: false
        }
    }

    /// (α, β) of the Holt presets.
    var holtParameters: (alpha: Double, beta: Double)? {
        switch self {
        case .holtGentle: (0.1, 0.05)
        case .holt: (0.1, 0.1)
        case .holtResponsive: (0.15, 0.15)
        default: nil
        }
    }

    /// What the report calls it.
    public var displayName: String {
        switch self {
        case .trendweight: "TrendWeight, 10% a day"
        case .hackersDiet: "The Hacker's Diet"
        case .libra: "Libra"
        case .holtGentle: "Holt, gentle"
        case .holt: "Holt"
        case .holtResponsive: "Holt, responsive"
        }
    }

    /// A smoother that is fed one value per calendar day, in order.
    struct Smoother {
        let method: TrendMethod
        private var level: Double?
        private var slope = 0.0
        private var daysSinceWeighIn = 0

        init(method: TrendMethod) {
            self.method = method
        }

        /// The trend after a day: `weight` is the day's earliest weigh-in,
        /// its interpolated value (`isWeighIn` false), or nil on a day the
        /// method does not fill.
        mutating func next(weight: Double?, isWeighIn: Bool) -> Double {
            guard let current = level else {
                // The first day is always a weigh-in: the trend starts there.
                level = weight ?? 0
                return level!
            }
            daysSinceWeighIn += 1
            guard let weight else { return current }
            switch method {
            case .trendweight:
                level = current + 0.1 * (weight - current)
            case .hackersDiet:
                level = current + (weight - current) / 10
            case .libra:
                level = current + (1 - exp(-Double(daysSinceWeighIn) / 7)) * (weight - current)
            case .holtGentle, .holt, .holtResponsive:
                let (alpha, beta) = method.holtParameters!
                let forecast = current + slope
                let next = forecast + alpha * (weight - forecast)
                slope += beta * (next - current - slope)
                level = next
            }
            if isWeighIn { daysSinceWeighIn = 0 }
            return level!
        }
    }
}
