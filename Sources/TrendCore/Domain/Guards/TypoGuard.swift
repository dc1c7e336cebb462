/// A reading typed as 805 instead of 80.5 bends the trend for weeks
/// (SPEC §9): a weight far from the current trend is refused with the likely
/// intent, unless the person insists; with no history yet, so is a weight no
/// human weighs; and a weigh-in logged twice in a row is not doubled.
public enum TypoGuard {
    /// Farther than 10% of the trend, and at least 5 kg, is unlikely.
    public static let relativeLimit = 0.10
    public static let absoluteLimitKilograms = 5.0
    /// A first weigh-in above this, in kilograms, may well be pounds.
    public static let firstWeighInHintKilograms = 150.0
    /// With no history, what a person can weigh.
    public static let plausibleKilograms = 20.0...300.0
    /// The same amount again within this many seconds is the same record
    /// logged twice (a repeated command, a retried cron job): a weigh-in's
    /// weight, an intake entry's energy.
    public static let repeatSeconds: Int64 = 120
    /// Fewer weigh-ins than this under the trend: one of them may be the typo.
    public static let settledWeighIns = 3

    /// A first weigh-in that is heavy in kilograms: perhaps the unit is pounds.
    public static func firstWeighInMayBePounds(_ kilograms: Double, unit: WeightUnit) -> Bool {
        unit == .kilograms && kilograms > firstWeighInHintKilograms
    }

    /// The trend the guard compares with: that of the latest 2,000
    /// weigh-ins. Enough for a plausibility check (a day 60 days back weighs
    /// 0.9^60, 0.2%, in the trend), and it keeps a log into a history of a
    /// million entries as fast as the write itself.
    public static func trendKilograms(of entries: [WeightEntry]) -> Double? {
        TrendSeries(entries: Array(entries.suffix(2000))).lastTrendKilograms
    }

    public static func isUnlikely(_ kilograms: Double, trendKilograms: Double) -> Bool {
        let distance = abs(kilograms - trendKilograms)
        return distance > trendKilograms * relativeLimit && distance >= absoluteLimitKilograms
    }

    /// Refuses `kilograms` (typed in `unit`) when it is unlikely next to the
    /// trend of `entries` (or, with none, outside what a person weighs),
    /// naming what was probably meant: a misplaced decimal point, or the
    /// other unit. While the trend rests on fewer than three weigh-ins the
    /// refusal names them: one of them may be the typo.
    public static func check(_ kilograms: Double, typedIn unit: WeightUnit, against entries: [WeightEntry]) throws(LogError) {
        guard let trend = trendKilograms(of: entries) else {
            guard !plausibleKilograms.contains(kilograms) else { return }
            throw .implausibleWeight(kilograms: kilograms, likely: likely(kilograms, typedIn: unit) { plausibleKilograms.contains($0) }, unit: unit)
        }
        guard isUnlikely(kilograms, trendKilograms: trend) else { return }
        let earlier = entries.count < settledWeighIns ? entries : []
        throw .unlikelyWeight(
            kilograms: kilograms, trendKilograms: trend, likely: likely(kilograms, typedIn: unit) { !isUnlikely($0, trendKilograms: trend) },
            unit: unit, earlier: earlier)
    }

    /// What `kilograms` typed in `unit` may have been meant as, by `fits`.
    static func likely(_ kilograms: Double, typedIn unit: WeightUnit, fits: (Double) -> Bool) -> [LogError.LikelyWeight] {
        var likely: [LogError.LikelyWeight] = []
        // 805 for 80.5, or 8.05 for 80.5: the point a place or two off either way.
        for factor in [0.1, 0.01, 10, 100] where fits(kilograms * factor) {
            likely.append(.decimalPoint(kilograms: kilograms * factor))
        }
        let typed = kilograms / unit.kilograms(from: 1)
        switch unit {
        case .kilograms where fits(WeightUnit.pounds.kilograms(from: typed)):
            likely.append(.otherUnit(typed: typed, unit: .pounds, kilograms: WeightUnit.pounds.kilograms(from: typed)))
        case .pounds where fits(typed):
            likely.append(.otherUnit(typed: typed, unit: .kilograms, kilograms: typed))
        default:
            break
        }
        return likely
    }

    /// An entry of the same weight (within 0.005 kg) within two minutes of
    /// `timestamp`: logging it again would double one weigh-in.
    public static func repeated(_ kilograms: Double, at timestamp: Timestamp, in entries: [WeightEntry]) -> WeightEntry? {
        entries.last { entry in
            abs(entry.timestamp.epochSeconds - timestamp.epochSeconds) <= repeatSeconds
                && abs(entry.kilograms - kilograms) <= ImportBatch.weightTolerance
        }
    }

    /// A weigh-in far from the trend around it, in an imported series.
    public struct Outlier: Equatable, Sendable {
        public let entry: WeightEntry
        /// The series' trend that day without the outliers.
        public let trendKilograms: Double
    }

    /// How far around a weigh-in its neighbours are looked for, in days.
    static let neighbourDays = 7

    /// The weigh-ins of `entries` (in `WeightEntry.isOrderedBefore` order)
    /// that the guard's rule would have stopped had they been typed (SPEC
    /// §6): far from the trend just before them, and from the middle of the
    /// weigh-ins of the days around them (so the readings after a wild one,
    /// which the trend it bent is far from, are not taken for typos). A
    /// reading of 116.7 lb between readings near 215 lb pulls the trend down
    /// for weeks.
    public static func outliers(in entries: [WeightEntry]) -> [Outlier] {
        let series = TrendSeries(entries: entries)
        guard let first = series.firstDay else { return [] }
        // Each day's readings once, sorted: a day's middle, and how many it
        // has, are then looked up, so a day of 80,000 readings costs its
        // sort, not 80,000 walks over its week.
        var days: [(day: Int, sorted: [Double])] = []
        for entry in entries {
            let day = entry.calendarDay.dayNumber
            if days.last?.day == day { days[days.count - 1].sorted.append(entry.kilograms) } else { days.append((day, [entry.kilograms])) }
        }
        for index in days.indices { days[index].sorted.sort() }
        // The middle of the other days within a week either side: the
        // middle of their middles, each day weighed once.
        var neighbourMiddle: [Int: Double] = [:]
        var low = 0
        var high = 0
        for (index, day) in days.enumerated() {
            while days[low].day < day.day - neighbourDays { low += 1 }
            while high < days.count && days[high].day <= day.day + neighbourDays { high += 1 }
            let others = (low..<high).filter { $0 != index }
            guard others.map({ days[$0].sorted.count }).reduce(0, +) >= 3 else { continue }
            let middles = others.map { days[$0].sorted[days[$0].sorted.count / 2] }.sorted()
            neighbourMiddle[day.day] = middles[middles.count / 2]
        }
        var flagged: [Int] = []
        for (index, entry) in entries.enumerated() {
            let day = entry.calendarDay
            // A cheap screen first: far from the trend of the day before (the first day: always looked at).
            if day > first, let before = series.trendKilograms(on: day.adding(days: -1)), !isUnlikely(entry.kilograms, trendKilograms: before) {
                continue
            }
            // Then the weigh-ins of the other days within a week either side.
            guard let middle = neighbourMiddle[day.dayNumber] else { continue }
            if isUnlikely(entry.kilograms, trendKilograms: middle) { flagged.append(index) }
        }
        guard !flagged.isEmpty else { return [] }
        // The trend they are named against is the series' without them.
        let clean = TrendSeries(entries: entries, skipping: flagged)
        return flagged.map { index in
            let entry = entries[index]
            let after = clean.days.last.map { entry.calendarDay > $0.day } ?? false
            let trend = clean.trendKilograms(on: entry.calendarDay) ?? (after ? clean.days.last?.trendKilograms : clean.days.first?.trendKilograms) ?? entry.kilograms
            return Outlier(entry: entry, trendKilograms: trend)
        }
    }
}
