import Observation

/// The smoothed trend of the weigh-ins, under the method the settings
/// choose (SPEC §5, §7): each weigh-in's day trend for a listing, the trend
/// after a weigh-in is logged, and the status line. It reads the weigh-ins
/// through `RecordLogFeature` and the method through `SettingsFeature`,
/// and keeps no copy of either; it owns no state of its own, only the
/// answers every screen must agree on.
@MainActor
@Observable
public final class TrendFeature {
    @ObservationIgnored private let records: RecordLogFeature
    @ObservationIgnored private let settings: SettingsFeature
    @ObservationIgnored private let clock: AppClock
    @ObservationIgnored private let worker: any ReportWorker

    public init(records: RecordLogFeature, settings: SettingsFeature, clock: AppClock, worker: any ReportWorker = StandardReportWorker()) {
        self.records = records
        self.settings = settings
        self.clock = clock
        self.worker = worker
    }

    /// The status line's figures (`trend status`); nil without weigh-ins.
    public func status() async -> StatusSummary? {
        let entries = records.store.entries
        let goal = records.store.goalKilograms
        let method = settings.method
        return await worker.perform(entryCount: entries.count) {
            StatusSummary(entries: entries, goalKilograms: goal, method: method)
        }
    }

    /// The trend after a weigh-in was logged: on its day, and now.
    public struct LoggedTrend: Equatable, Sendable {
        public let day: CalendarDay
        public let trendKilograms: Double
        /// The latest weigh-in day and its trend.
        public let latestDay: CalendarDay
        public let latestTrendKilograms: Double
        public let weeklyRateKilograms: Double?

        /// Logged for an earlier day than the latest (a backfill): the two
        /// figures differ and both are named.
        public var isBackfill: Bool { day < latestDay }
    }

    /// The trend of `entry`'s day, the latest trend and the weekly rate,
    /// over the whole history: what `log` shows after adding a weigh-in.
    public func trend(for entry: WeightEntry) async -> LoggedTrend? {
        let entries = records.store.entries
        let method = settings.method
        return await worker.perform(entryCount: entries.count) {
            let series = TrendSeries(entries: entries, method: method)
            guard let trend = series.trendKilograms(on: entry.calendarDay), let latestDay = series.lastDay,
                let latest = series.lastTrendKilograms
            else { return nil }
            return LoggedTrend(
                day: entry.calendarDay, trendKilograms: trend, latestDay: latestDay, latestTrendKilograms: latest,
                weeklyRateKilograms: series.reportedWeeklyRateKilograms)
        }
    }

    /// The listing and, when asked, the estimated days (no weigh-in; SPEC §5)
    /// between its first and last weigh-in, none inside a long gap, from one
    /// trend series.
    public func listing(
        _ selection: EntrySelection, estimatedDays wanted: Bool
    ) async -> (points: [ProgressReport.Point], estimatedDays: [ProgressReport.EstimatedDay]) {
        let entries = records.store.entries
        let today = clock.today
        let method = settings.method
        return await worker.perform(entryCount: entries.count) {
            let series = TrendSeries(entries: entries, method: method)
            let points = selection.apply(to: entries, today: today).map { entry in
                ProgressReport.Point(entry: entry, trendKilograms: series.trendKilograms(on: entry.calendarDay) ?? entry.kilograms)
            }
            guard wanted, let first = points.first?.entry.calendarDay, let last = points.last?.entry.calendarDay, first < last else {
                return (points, [])
            }
            let estimated = series.estimatedDays(from: first, through: last).days
                .map { ProgressReport.EstimatedDay(day: $0.day, kilograms: $0.kilograms, trendKilograms: $0.trendKilograms) }
            return (points, estimated)
        }
    }

    /// The weigh-ins `selection` picks and the series that gives each its
    /// day's trend, without a point per entry: for output that streams.
    public func listingSeries(_ selection: EntrySelection) async -> (entries: [WeightEntry], series: TrendSeries) {
        let entries = records.store.entries
        let today = clock.today
        let method = settings.method
        return await worker.perform(entryCount: entries.count) {
            (selection.apply(to: entries, today: today), TrendSeries(entries: entries, method: method))
        }
    }

    /// The weigh-in trend of each of `days` that the history covers, by day number.
    public func dayTrends(_ days: [CalendarDay]) async -> [Int: Double] {
        let entries = records.store.entries
        let method = settings.method
        return await worker.perform(entryCount: entries.count) {
            let series = TrendSeries(entries: entries, method: method)
            var trends: [Int: Double] = [:]
            for day in days { trends[day.dayNumber] = series.trendKilograms(on: day) }
            return trends
        }
    }
}
