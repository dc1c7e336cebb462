/// Body fat over time, as TrendWeight computes it (SPEC §12): each day's
/// first weigh-in that carries body fat; days between two such days filled
/// by linear interpolation of both the fat ratio and the weight; then three
/// independent EMAs (α = 0.1) over those days: fat percent, fat mass
/// (weight × ratio) and lean mass (weight − fat mass).
public struct BodyCompositionSeries: Sendable {
    public struct Day: Equatable, Sendable {
        public let day: CalendarDay
        /// Measured that day, not filled in.
        public let isMeasured: Bool
        public let fatPercent: Double
        public let fatMassKilograms: Double
        public let leanMassKilograms: Double
    }

    /// The smoothing of each series, a day at a time.
    public static let alpha = 0.1
    /// The weekly rates fit this many daily values (TrendWeight: 28).
    public static let rateWindowDays = 28

    /// Contiguous, first measured day to last: `days[i].day == first + i`.
    public let days: [Day]

    /// `entries` in `WeightEntry.isOrderedBefore` order.
    public init(entries: [WeightEntry]) {
        // Each day's first weigh-in that carries body fat, by instant.
        var first: [Int: (seconds: Int64, kilograms: Double, ratio: Double)] = [:]
        for entry in entries {
            guard let fat = entry.fatPercent else { continue }
            let day = entry.calendarDay.dayNumber
            if let known = first[day], known.seconds <= entry.timestamp.epochSeconds { continue }
            first[day] = (entry.timestamp.epochSeconds, entry.kilograms, fat / 100)
        }
        let measured = first.keys.sorted()
        guard let start = measured.first else {
            days = []
            return
        }
        var result: [Day] = []
        var fatPercent: Double?
        var fatMass = 0.0
        var leanMass = 0.0
        func smooth(_ day: Int, weight: Double, ratio: Double, isMeasured: Bool) {
            let mass = weight * ratio
            if let previous = fatPercent {
                fatPercent = previous + Self.alpha * (ratio * 100 - previous)
                fatMass += Self.alpha * (mass - fatMass)
                leanMass += Self.alpha * ((weight - mass) - leanMass)
            } else {
                fatPercent = ratio * 100
                fatMass = mass
                leanMass = weight - mass
            }
            result.append(
                Day(day: CalendarDay(dayNumber: day), isMeasured: isMeasured, fatPercent: fatPercent!, fatMassKilograms: fatMass, leanMassKilograms: leanMass))
        }
        var previous = start
        for day in measured {
            let now = first[day]!
            if day > previous + 1 {
                let before = first[previous]!
                let gap = Double(day - previous)
                for filled in (previous + 1)..<day {
                    let t = Double(filled - previous) / gap
                    smooth(filled, weight: before.kilograms + (now.kilograms - before.kilograms) * t,
                           ratio: before.ratio + (now.ratio - before.ratio) * t, isMeasured: false)
                }
            }
            smooth(day, weight: now.kilograms, ratio: now.ratio, isMeasured: true)
            previous = day
        }
        days = result
    }

    public var isEmpty: Bool { days.isEmpty }
    public var lastDay: CalendarDay? { days.last?.day }

    public func day(_ day: CalendarDay) -> Day? {
        guard let first = days.first?.day.dayNumber else { return nil }
        let index = day.dayNumber - first
        return days.indices.contains(index) ? days[index] : nil
    }

    /// The last day on or before `day` that the series covers.
    public func latest(onOrBefore day: CalendarDay) -> Day? {
        guard let first = days.first, day >= first.day else { return nil }
        return self.day(min(day, days.last!.day))
    }

    /// Least-squares slope × 7 of the last 28 daily values up to `day`, for
    /// each of the three series; nil with fewer than 2 days.
    public func weeklyRates(upTo day: CalendarDay) -> (fatPercent: Double, fatMass: Double, leanMass: Double)? {
        guard let end = latest(onOrBefore: day), let first = days.first else { return nil }
        let endIndex = end.day.dayNumber - first.day.dayNumber
        let window = days[max(0, endIndex - Self.rateWindowDays + 1)...endIndex]
        guard window.count >= 2 else { return nil }
        return (
            LeastSquares.weeklySlope(window.map(\.fatPercent)), LeastSquares.weeklySlope(window.map(\.fatMassKilograms)),
            LeastSquares.weeklySlope(window.map(\.leanMassKilograms))
        )
    }
}

/// The slope of evenly spaced daily values, by least squares.
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
}
