/// Body fat over time, as TrendWeight computes it (SPEC §12): each day's
/// first weigh-in that carries body fat; days between two such days filled
/// by linear interpolation of both the fat ratio and the weight; then three
/// independent EMAs (α = 0.1) over those days: fat percent, fat mass
/// (weight × ratio) and lean mass (weight − fat mass).
///
/// Two body-fat days more than `gapDays` apart make a gap: nothing is
/// filled across it and the three EMAs start again after it, so years
/// without a reading are never given body fat (SPEC §12).
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
    /// Body-fat days farther apart than this are not bridged.
    public static let gapDays = 30
    /// A range's ends need a body-fat day this near them for the change in
    /// body composition over the range to be told.
    public static let nearDays = 7

    /// Oldest first, one per day; contiguous within a segment, and a
    /// segment starts wherever the day before is missing (a gap).
    public let days: [Day]
    /// The index in `days` where each segment starts.
    private let segmentStarts: [Int]

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
        var result: [Day] = []
        var starts: [Int] = []
        var fatPercent = 0.0
        var fatMass = 0.0
        var leanMass = 0.0
        func smooth(_ day: Int, weight: Double, ratio: Double, isMeasured: Bool, restart: Bool) {
            let mass = weight * ratio
            if restart {
                starts.append(result.count)
                fatPercent = ratio * 100
                fatMass = mass
                leanMass = weight - mass
            } else {
                fatPercent += Self.alpha * (ratio * 100 - fatPercent)
                fatMass += Self.alpha * (mass - fatMass)
                leanMass += Self.alpha * ((weight - mass) - leanMass)
            }
            result.append(
                Day(day: CalendarDay(dayNumber: day), isMeasured: isMeasured, fatPercent: fatPercent, fatMassKilograms: fatMass, leanMassKilograms: leanMass))
        }
        var previous: Int?
        for day in first.keys.sorted() {
            let now = first[day]!
            if let previous, day - previous <= Self.gapDays {
                let before = first[previous]!
                let span = Double(day - previous)
                for filled in (previous + 1)..<day {
                    let t = Double(filled - previous) / span
                    smooth(filled, weight: before.kilograms + (now.kilograms - before.kilograms) * t,
                           ratio: before.ratio + (now.ratio - before.ratio) * t, isMeasured: false, restart: false)
                }
                smooth(day, weight: now.kilograms, ratio: now.ratio, isMeasured: true, restart: false)
            } else {
                smooth(day, weight: now.kilograms, ratio: now.ratio, isMeasured: true, restart: true)
            }
            previous = day
        }
        days = result
        segmentStarts = starts
    }

    public var isEmpty: Bool { days.isEmpty }
    public var lastDay: CalendarDay? { days.last?.day }

    /// The index of the last day on or before `day`, if any.
    private func index(onOrBefore day: CalendarDay) -> Int? {
        var low = 0
        var high = days.count
        while low < high {
            let mid = (low + high) / 2
            if days[mid].day <= day { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? nil : low - 1
    }

    /// The value of `day`, when the series covers it (not inside a gap).
    public func day(_ day: CalendarDay) -> Day? {
        guard let index = index(onOrBefore: day), days[index].day == day else { return nil }
        return days[index]
    }

    /// The last day on or before `day` that the series covers.
    public func latest(onOrBefore day: CalendarDay) -> Day? {
        index(onOrBefore: day).map { days[$0] }
    }

    /// Which segment (the days between two gaps) index `i` lies in.
    private func segment(of i: Int) -> Int {
        var low = 0
        var high = segmentStarts.count
        while low < high {
            let mid = (low + high) / 2
            if segmentStarts[mid] <= i { low = mid + 1 } else { high = mid }
        }
        return low - 1
    }

    /// The first gap between two covered days: the last body-fat day
    /// before it and the first after it; nil when none lies between.
    public func gap(between a: CalendarDay, and b: CalendarDay) -> (lastBefore: CalendarDay, firstAfter: CalendarDay)? {
        guard let i = index(onOrBefore: min(a, b)), let j = index(onOrBefore: max(a, b)) else { return nil }
        let segment = segment(of: i)
        guard segment != self.segment(of: j) else { return nil }
        let next = segmentStarts[segment + 1]
        return (days[next - 1].day, days[next].day)
    }

    /// The measured day nearest to `day` within `nearDays`, if any (the
    /// earlier one on a tie).
    public func measuredDay(near day: CalendarDay) -> Day? {
        let limit = day.dayNumber + Self.nearDays
        var best: Day?
        var i = index(onOrBefore: CalendarDay(dayNumber: day.dayNumber - Self.nearDays - 1)).map { $0 + 1 } ?? 0
        while i < days.count, days[i].day.dayNumber <= limit {
            let candidate = days[i]
            if candidate.isMeasured, best.map({ abs(candidate.day.dayNumber - day.dayNumber) < abs($0.day.dayNumber - day.dayNumber) }) ?? true {
                best = candidate
            }
            i += 1
        }
        return best
    }

    /// Least-squares slope × 7 of the last 28 daily values up to `day` (and
    /// after the last gap before it), for each of the three series; nil
    /// with fewer than 2 days.
    public func weeklyRates(upTo day: CalendarDay) -> (fatPercent: Double, fatMass: Double, leanMass: Double)? {
        guard let endIndex = index(onOrBefore: day) else { return nil }
        let segmentStart = segmentStarts[segment(of: endIndex)]
        let window = days[max(segmentStart, endIndex - Self.rateWindowDays + 1)...endIndex]
        guard window.count >= 2 else { return nil }
        return (
            LeastSquares.weeklySlope(window.map(\.fatPercent)), LeastSquares.weeklySlope(window.map(\.fatMassKilograms)),
            LeastSquares.weeklySlope(window.map(\.leanMassKilograms))
        )
    }
}
