/// An import checked against the history (SPEC §18, read by evidence):
/// weigh-ins that sit, at their median, more than 25 % from the stored
/// trend are a unit or a column mixed up, or another person's, and are
/// refused until the person says otherwise (`force`). The comparison is
/// over the days the import and the store both hold a weigh-in; sharing
/// none, with the stored trend at the end of the history nearer the
/// import's middle day. An empty store has nothing to compare.
public enum HistoryCheck {
    public static let limit = 0.25

    /// How far the import sits from the history.
    public struct Finding: Error, Equatable, Sendable {
        /// The imported weigh-ins' median, and the stored trend's, in kilograms.
        public let medianKilograms: Double
        public let trendKilograms: Double
        /// Days both hold; 0 when the trend at an end of the history was used.
        public let sharedDays: Int
        /// With no day shared: the history's start was the nearer end (else its end).
        public let atStart: Bool
    }

    /// Nil when the imported weigh-ins sit near the history (or either is
    /// empty). Both lists are in store order.
    public static func check(imported: [WeightEntry], stored: [WeightEntry]) -> Finding? {
        guard !imported.isEmpty, !stored.isEmpty else { return nil }
        let series = TrendSeries(entries: stored)
        guard let first = series.firstDay, let last = series.lastDay else { return nil }
        var weighed: Set<Int> = []
        for day in series.days where !day.isInterpolated { weighed.insert(day.day.dayNumber) }
        var shared: [Double] = []
        var trends: [Double] = []
        var sharedDay: Int?
        for entry in imported {
            let day = entry.calendarDay
            guard weighed.contains(day.dayNumber) else { continue }
            shared.append(entry.kilograms)
            if sharedDay != day.dayNumber, let trend = series.trendKilograms(on: day) {
                trends.append(trend)
                sharedDay = day.dayNumber
            }
        }
        let median: Double
        let trend: Double
        var atStart = false
        if !shared.isEmpty && !trends.isEmpty {
            median = lowerMedian(shared)
            trend = lowerMedian(trends)
        } else {
            median = lowerMedian(imported.map(\.kilograms))
            let middle = imported[(imported.count - 1) / 2].calendarDay.dayNumber
            atStart = abs(middle - first.dayNumber) < abs(middle - last.dayNumber)
            guard let end = atStart ? series.days.first?.trendKilograms : series.lastTrendKilograms else { return nil }
            trend = end
        }
        guard abs(median - trend) > trend * limit else { return nil }
        return Finding(medianKilograms: median, trendKilograms: trend, sharedDays: trends.count, atStart: atStart)
    }

    private static func lowerMedian(_ values: [Double]) -> Double {
        OrderStatistic.value(at: (values.count - 1) / 2, in: values)
    }
}
