import Observation

/// The progress capability: the selected range and the report prepared for
/// it. It reads the weigh-ins and goal through `RecordLogFeature` and the
/// unit through `SettingsFeature`, and keeps no copy of either.
@MainActor
@Observable
public final class ProgressFeature {
    @ObservationIgnored private let records: RecordLogFeature
    @ObservationIgnored private let settings: SettingsFeature
    @ObservationIgnored private let clock: AppClock
    @ObservationIgnored private let worker: any ReportWorker
    /// How many reports were started, one a selection or a change (a screen
    /// that selects a period once prepares it once). Only the latest is
    /// published: the report shown must be the range selected, even when an
    /// earlier, larger preparation ends later.
    @ObservationIgnored public private(set) var generation = 0
    /// The preparation of the latest selection, while it runs.
    @ObservationIgnored private var preparation: Task<Void, Never>?

    /// The days selected: a named range, or days given (`--since`,
    /// `--until`). One value, not three.
    public private(set) var selection = Selection()
    public private(set) var snapshot: ProgressReport
    public private(set) var isPreparing = false
    /// Whether the report holds the expenditure day by day (its chart):
    /// a day's estimate each, so only when a chart of it is wanted.
    public var chartsExpenditure = false

    public init(
        records: RecordLogFeature, settings: SettingsFeature, clock: AppClock, worker: any ReportWorker = StandardReportWorker()
    ) {
        self.records = records
        self.settings = settings
        self.clock = clock
        self.worker = worker
        snapshot = .empty(range: .month, today: clock.today)
    }

    public var unit: WeightUnit { settings.unit }
    public var method: TrendMethod { settings.method }
    public var goalKilograms: Double? { records.store.goalKilograms }

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
    /// was then) and starts preparing its report: a screen redraws when
    /// `snapshot` changes; a caller that needs the report awaits `prepared()`.
    public func select(_ range: ProgressRange, until: CalendarDay? = nil) {
        selection = Selection(range: range, since: nil, until: until)
        startPreparing()
    }

    /// Selects the days from `since` (the first weigh-in when nil) to
    /// `until` (today when nil), and starts preparing their report.
    public func select(since: CalendarDay?, until: CalendarDay?) {
        selection = Selection(range: .all, since: since, until: until)
        startPreparing()
    }

    /// Prepares the selection's report again from the current entries (after
    /// a change, or one made elsewhere), in the background.
    public func startPreparing() {
        generation += 1
        let ticket = generation
        isPreparing = true
        preparation = Task { await self.prepare(ticket) }
    }

    /// Waits for the report of the latest selection.
    public func prepared() async {
        while let running = preparation { await running.value }
    }

    /// Prepares the report for the selected range from the current entries.
    private func prepare(_ ticket: Int) async {
        defer {
            if generation == ticket {
                isPreparing = false
                preparation = nil
            }
        }
        let entries = records.store.entries
        let goal = records.store.goalKilograms
        let plan = records.store.goalPlan
        let intake = records.store.intake
        let measurements = records.store.measurements
        let marks = records.store.marks
        let sex = settings.sex
        let height = settings.heightCentimetres
        let (range, since, until) = (selection.range, selection.since, selection.until)
        let today = clock.today
        let method = settings.method
        let series = chartsExpenditure
        let prepared = await offMainActor(if: entries.count) {
            ProgressReport.prepare(
                entries: entries, goalKilograms: goal, goalPlan: plan, heightCentimetres: height, range: range, today: today, method: method,
                since: since, until: until, intake: intake, measurements: measurements, marks: marks, sex: sex, expenditureSeries: series)
        }
        if generation == ticket { snapshot = prepared }
    }

    private func offMainActor<Result: Sendable>(
        if entryCount: Int, _ work: @escaping @Sendable () -> Result
    ) async -> Result {
        await worker.perform(entryCount: entryCount, work)
    }
}
