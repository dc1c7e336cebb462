import Observation

/// The history summed up by week, month or year (`trend stats`, SPEC §8):
/// read through `RecordLogFeature` (weigh-ins and intake) and
/// `SettingsFeature` (the method), keeping no copy of either.
@MainActor
@Observable
public final class StatisticsFeature {
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

    /// One row per period over `range`, or from `since` (the first
    /// weigh-in when nil) through `until` (today when nil), empty periods
    /// included; nil without weigh-ins or when the days are none.
    public func statistics(
        by period: PeriodStatistics.Period, range: ProgressRange = .all, since: CalendarDay? = nil, until: CalendarDay? = nil
    ) async -> PeriodStatistics? {
        let entries = records.store.entries
        let intake = records.store.intake
        guard let first = entries.first?.calendarDay else { return nil }
        let method = settings.method
        let through = until ?? clock.today
        let from = since ?? range.firstDay(today: through).map { max($0, first) } ?? first
        guard from <= through else { return nil }
        return await worker.perform(entryCount: entries.count) {
            PeriodStatistics(entries: entries, method: method, by: period, from: from, through: through, intake: intake)
        }
    }
}
