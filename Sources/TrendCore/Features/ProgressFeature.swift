import Observation

/// The progress capability: the selected range and the report prepared for
/// it. It reads the weigh-ins and goal through `WeightLogFeature` and the
/// unit through `SettingsFeature`, and keeps no copy of either.
@MainActor
@Observable
public final class ProgressFeature {
    @ObservationIgnored private let weightLog: WeightLogFeature
    @ObservationIgnored private let settings: SettingsFeature
    @ObservationIgnored private let clock: AppClock
    @ObservationIgnored private let worker: any ReportWorker
    /// Only the latest selection is published: the report shown must be the
    /// range selected, even when an earlier, larger preparation ends later.
    @ObservationIgnored private var generation = 0

    /// The days selected: a named range, or days given (`--since`,
    /// `--until`). One value, not three.
    public private(set) var selection = Selection()
    public private(set) var snapshot: ProgressReport
    public private(set) var isPreparing = false

    public init(
        weightLog: WeightLogFeature, settings: SettingsFeature, clock: AppClock, worker: any ReportWorker = StandardReportWorker()
    ) {
        self.weightLog = weightLog
        self.settings = settings
        self.clock = clock
        self.worker = worker
        snapshot = .empty(range: .month, today: clock.today)
    }

    public var unit: WeightUnit { settings.unit }
    public var method: TrendMethod { settings.method }
    public var goalKilograms: Double? { weightLog.store.goalKilograms }

    public struct Selection: Equatable, Sendable {
        public var range: ProgressRange = .month
        /// Days chosen instead of a named range (`--since`, `--until`).
        public var since: CalendarDay?
        public var until: CalendarDay?
    }

    public var range: ProgressRange { selection.range }
    public var since: CalendarDay? { selection.since }
    public var until: CalendarDay? { selection.until }

    /// Selects a range (ending on `until`, when given: the report as it
    /// was then) and prepares its report.
    public func select(_ range: ProgressRange, until: CalendarDay? = nil) async {
        selection = Selection(range: range, since: nil, until: until)
        await prepare()
    }

    /// Selects the days from `since` (the first weigh-in when nil) to
    /// `until` (today when nil), and prepares their report.
    public func select(since: CalendarDay?, until: CalendarDay?) async {
        selection = Selection(range: .all, since: since, until: until)
        await prepare()
    }

    /// Prepares the report for the selected range from the current entries.
    public func prepare() async {
        generation += 1
        let ticket = generation
        isPreparing = true
        defer { if generation == ticket { isPreparing = false } }
        let entries = weightLog.entries
        let goal = weightLog.store.goalKilograms
        let plan = weightLog.store.goalPlan
        let intake = weightLog.store.intake
        let measurements = weightLog.store.measurements
        let sex = settings.sex
        let height = settings.heightCentimetres
        let (range, since, until) = (selection.range, selection.since, selection.until)
        let today = clock.today
        let method = settings.method
        let prepared = await offMainActor(if: entries.count) {
            ProgressReport.prepare(
                entries: entries, goalKilograms: goal, goalPlan: plan, heightCentimetres: height, range: range, today: today, method: method,
                since: since, until: until, intake: intake, measurements: measurements, sex: sex)
        }
        if generation == ticket { snapshot = prepared }
    }

    /// The history by week, month or year (`trend stats`) over `range`, or
    /// from `since` (the first weigh-in when nil), through `until` (today
    /// when nil); empty periods included.
    public func statistics(
        by period: PeriodStatistics.Period, range: ProgressRange = .all, since: CalendarDay? = nil, until: CalendarDay? = nil
    ) async -> PeriodStatistics? {
        let entries = weightLog.entries
        let intake = weightLog.store.intake
        guard let first = entries.first?.calendarDay else { return nil }
        let method = settings.method
        let through = until ?? clock.today
        let from = since ?? range.firstDay(today: through).map { max($0, first) } ?? first
        guard from <= through else { return nil }
        return await offMainActor(if: entries.count) {
            PeriodStatistics(entries: entries, method: method, by: period, from: from, through: through, intake: intake)
        }
    }

    /// The status line's figures (`trend status`); nil without weigh-ins.
    public func status() async -> StatusSummary? {
        let entries = weightLog.entries
        let goal = weightLog.store.goalKilograms
        let method = settings.method
        return await offMainActor(if: entries.count) {
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
        let entries = weightLog.entries
        let method = settings.method
        return await offMainActor(if: entries.count) {
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
        let entries = weightLog.entries
        let today = clock.today
        let method = settings.method
        return await offMainActor(if: entries.count) {
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

    /// The weigh-in trend of each of `days` that the history covers, by day number.
    public func dayTrends(_ days: [CalendarDay]) async -> [Int: Double] {
        let entries = weightLog.entries
        let method = settings.method
        return await offMainActor(if: entries.count) {
            let series = TrendSeries(entries: entries, method: method)
            var trends: [Int: Double] = [:]
            for day in days { trends[day.dayNumber] = series.trendKilograms(on: day) }
            return trends
        }
    }

    /// The weigh-ins `selection` picks and the series that gives each its
    /// day's trend, without a point per entry: for output that streams.
    public func listingSeries(_ selection: EntrySelection) async -> (entries: [WeightEntry], series: TrendSeries) {
        let entries = weightLog.entries
        let today = clock.today
        let method = settings.method
        return await offMainActor(if: entries.count) {
            (selection.apply(to: entries, today: today), TrendSeries(entries: entries, method: method))
        }
    }

    private func offMainActor<Result: Sendable>(
        if entryCount: Int, _ work: @escaping @Sendable () -> Result
    ) async -> Result {
        await worker.perform(entryCount: entryCount, work)
    }
}

/// Where the Features' heavy, pure work runs (a report, a listing): passed
/// in, so a test can hold one preparation while another overtakes it.
@MainActor
public protocol ReportWorker: Sendable {
    func perform<Result: Sendable>(entryCount: Int, _ work: @escaping @Sendable () -> Result) async -> Result
}

/// Histories up to `inlineEntryLimit` entries are worked on right here:
/// handing the work to another thread and back costs more than the work,
/// and the main actor is not held long enough to notice. Larger ones are worked on off the main actor.
public struct StandardReportWorker: ReportWorker {
    public nonisolated static let inlineEntryLimit = 50_000

    public init() {}

    public func perform<Result: Sendable>(entryCount: Int, _ work: @escaping @Sendable () -> Result) async -> Result {
        if entryCount <= Self.inlineEntryLimit { return work() }
        return await Task.detached(operation: work).value
    }
}
