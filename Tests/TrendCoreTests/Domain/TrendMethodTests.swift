import Foundation
import Testing
import TestSupport
import TrendCore

/// SPEC §7: each method against the vectors of its tool, and against an
/// implementation written here straight from the formula, day by day.
@Suite("Trend methods")
struct TrendMethodTests {
    /// Weigh-ins at noon UTC on the given day numbers from 2026-01-01.
    static func entries(days: [Int], weights: [Double]) -> [WeightEntry] {
        zip(days, weights).map { day, weight in
            WeightEntry(timestamp: Timestamp(epochSeconds: 1_767_268_800 + Int64(day) * 86_400, utcOffsetSeconds: 0), kilograms: weight)
        }
    }

    static func trends(_ method: TrendMethod, days: [Int], weights: [Double]) -> [Double] {
        TrendSeries(entries: entries(days: days, weights: weights), method: method).days.map(\.trendKilograms)
    }

    struct Vector: Sendable, CustomTestStringConvertible {
        let method: TrendMethod
        let days: [Int]
        let weights: [Double]
        let trendPerDay: [Double]
        var testDescription: String { "\(method.rawValue) \(weights)" }
    }

    /// SPEC §5 and §7, and the vectors of data/trend-methods.json (copied: the data stays outside the repository).
    static let vectors: [Vector] = [
        Vector(method: .trendweight, days: [0, 1, 2], weights: [70, 71, 69], trendPerDay: [70, 70.1, 69.99]),
        Vector(method: .trendweight, days: [0, 1, 2], weights: [80, 85, 80], trendPerDay: [80, 80.5, 80.45]),
        Vector(method: .trendweight, days: [0, 3, 4], weights: [70, 73, 72], trendPerDay: [70, 70.1, 70.29, 70.561, 70.7049]),
        Vector(method: .hackersDiet, days: [0, 3, 4], weights: [70, 73, 72], trendPerDay: [70, 70, 70, 70.3, 70.47]),
        Vector(method: .libra, days: [0, 1, 2], weights: [70, 71, 69], trendPerDay: [70, 70.133122, 69.982279]),
        Vector(method: .holt, days: [0, 1, 2], weights: [100, 99, 98], trendPerDay: [100, 99.9, 99.701]),
    ]

    @Test("each method reproduces its tool's vectors", arguments: vectors)
    func vectorsHold(vector: Vector) {
        let trends = Self.trends(vector.method, days: vector.days, weights: vector.weights)
        #expect(trends.count == vector.trendPerDay.count)
        for (got, expected) in zip(trends, vector.trendPerDay) {
            #expect(abs(got - expected) < 5e-7, "\(trends)")
        }
    }

    @Test("the weekly rate of the vector history is TrendWeight's")
    func weeklyRate() throws {
        let series = TrendSeries(entries: Self.entries(days: [0, 3, 4], weights: [70, 73, 72]))
        #expect(abs(try #require(series.weeklyRateKilograms) - 1.30956) < 5e-6)
    }

    /// Each formula as SPEC §7 states it, one calendar day at a time.
    static func reference(_ method: TrendMethod, days: [Int], weights: [Double]) -> [Double] {
        var weighed: [Int: Double] = [:]
        for (day, weight) in zip(days, weights) where weighed[day] == nil { weighed[day] = weight }
        let sortedDays = weighed.keys.sorted()
        func filled(_ day: Int) -> Double {
            if let weight = weighed[day] { return weight }
            let before = sortedDays.last { $0 < day }!
            let after = sortedDays.first { $0 > day }!
            return weighed[before]! + (weighed[after]! - weighed[before]!) * Double(day - before) / Double(after - before)
        }
        var out: [Double] = []
        var trend = weighed[sortedDays[0]]!
        var level = trend
        var slope = 0.0
        var lastWeighIn = sortedDays[0]
        for day in sortedDays[0]...sortedDays.last! {
            if day == sortedDays[0] {
                out.append(trend)
                continue
            }
            switch method {
            case .trendweight:
                trend += 0.1 * (filled(day) - trend)
            case .hackersDiet:
                if let weight = weighed[day] { trend += (weight - trend) / 10 }
            case .libra:
                if let weight = weighed[day] {
                    trend += (1 - exp(-Double(day - lastWeighIn) / 7)) * (weight - trend)
                    lastWeighIn = day
                }
            case .holtGentle, .holt, .holtResponsive:
                let (alpha, beta) = method == .holtGentle ? (0.1, 0.05) : method == .holt ? (0.1, 0.1) : (0.15, 0.15)
                let forecast = level + slope
                let next = forecast + alpha * (filled(day) - forecast)
                slope = slope + beta * (next - level - slope)
                level = next
                trend = level
            }
            out.append(trend)
        }
        return out
    }

    @Test("every method equals its formula on random histories with gaps", arguments: TrendMethod.allCases)
    func formula(method: TrendMethod) {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<40 {
            var days: [Int] = []
            var weights: [Double] = []
            var day = 0
            for _ in 0..<Int.random(in: 1...60, using: &generator) {
                days.append(day)
                weights.append(Double.random(in: 60...110, using: &generator))
                day += Int.random(in: 1...9, using: &generator)
            }
            let got = Self.trends(method, days: days, weights: weights)
            let expected = Self.reference(method, days: days, weights: weights)
            #expect(got.count == expected.count)
            for (a, b) in zip(got, expected) where abs(a - b) > 1e-9 {
                Issue.record("\(method): \(a) != \(b)")
                return
            }
        }
    }

    @Test("The Hacker's Diet fits its weekly rate to 8 days, the others to 14")
    func rateWindows() throws {
        let days = Array(0..<20)
        let weights = days.map { 80 - Double($0 * $0) * 0.01 }
        for method in TrendMethod.allCases {
            let series = TrendSeries(entries: Self.entries(days: days, weights: weights), method: method)
            let window = Array(series.days.suffix(method == .hackersDiet ? 8 : 14)).map(\.trendKilograms)
            let n = Double(window.count)
            let meanX = (n - 1) / 2
            let meanY = window.reduce(0, +) / n
            let slope = zip(window.indices, window).reduce(0.0) { $0 + (Double($1.0) - meanX) * ($1.1 - meanY) }
                / window.indices.reduce(0.0) { $0 + (Double($1) - meanX) * (Double($1) - meanX) }
            #expect(abs(try #require(series.weeklyRateKilograms) - slope * 7) < 1e-12, "\(method)")
        }
    }
}
