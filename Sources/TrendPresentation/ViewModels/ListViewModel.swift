import Observation
import TrendCore

/// The list screen (SPEC §4): weigh-ins oldest first with their day's
/// trend, the estimated days between them when asked, a chart below.
@MainActor
@Observable
public final class ListViewModel {
    private let app: AppModel

    public var selection = EntrySelection()
    /// Also the days between weigh-ins, estimated (`--estimated`).
    public var showsEstimatedDays = false
    public var display = Display()
    public var terminalChart: TerminalChart?

    public private(set) var points: [ProgressReport.Point] = []
    public private(set) var estimatedDays: [ProgressReport.EstimatedDay] = []
    /// For output that streams: the entries picked, and the series their trend comes from.
    public private(set) var streamed: (entries: [WeightEntry], series: TrendSeries)?
    /// Each record's id as the listing shows it: unique in the store.
    public private(set) var shortIDs = ShortIDs()

    public init(app: AppModel) {
        self.app = app
    }

    /// Loads and picks the weigh-ins; `streaming` keeps no point per entry (CSV or JSON of a long history).
    public func load(streaming: Bool) async throws {
        try PeriodError.check(since: selection.since, until: selection.until)
        try await app.loadSettings()
        try await app.loadWeights()
        if streaming {
            streamed = await app.trendFeature.listingSeries(selection)
        } else {
            (points, estimatedDays) = await app.trendFeature.listing(selection, estimatedDays: showsEstimatedDays)
            shortIDs = ShortIDs(app.recordLogFeature.store)
        }
    }

    public var unit: WeightUnit { app.settingsFeature.unit }
    var hasNoHistory: Bool { app.weightLogFeature.entries.isEmpty }
    /// The short ids of the store as it is, for a listing that streams.
    var storeShortIDs: ShortIDs { ShortIDs(app.recordLogFeature.store) }
    var rows: [ProgressReport.Row] { ProgressReport.rows(points: points, estimatedDays: estimatedDays) }
    /// A FAT column when any listed weigh-in has body fat (SPEC §12).
    var showsFat: Bool { points.contains { $0.entry.fatPercent != nil } }
    var currentOffset: Int { app.clock.now.utcOffsetSeconds }
    var goalKilograms: Double? { app.recordLogFeature.store.goalKilograms }

    /// Each weigh-in's row as the JSON lists it, in the order of `rows`, from what was streamed.
    var streamedDocuments: (some Sequence<ListRowDocument>)? {
        let unit = unit
        return streamed.map { entries, series in
            ProgressReport.dayOrder(of: entries).lazy.map { index in
                let entry = entries[index]
                return ListRowDocument.weighIn(
                    EntryDocument(entry, unit: unit), trend: unit.roundedValue(fromKilograms: series.trendKilograms(on: entry.calendarDay) ?? entry.kilograms))
            }
        }
    }

    public var document: [ListRowDocument] {
        rows.map { row in
            switch row {
            case .weighIn(let point):
                .weighIn(EntryDocument(point.entry, unit: unit), trend: unit.roundedValue(fromKilograms: point.trendKilograms))
            case .estimated(let day):
                .estimated(
                    date: day.day.description, weight: unit.roundedValue(fromKilograms: day.kilograms), unit: unit.rawValue,
                    trend: unit.roundedValue(fromKilograms: day.trendKilograms))
            }
        }
    }

    /// The chart of what is listed.
    func chartModel(_ chart: TerminalChart) -> ChartModel? {
        ChartModel(points: points, estimatedDays: estimatedDays, goalKilograms: goalKilograms, unit: unit, valueTickCount: chart.valueTickCount)
    }

    /// The listed weigh-ins as CSV: weights in the display unit to 0.01, as
    /// the JSON lists them, with the day's trend, and body fat when any
    /// listed entry has it.
    func writeCSV(_ write: ([UInt8]) -> Void) {
        guard let (entries, series) = streamed else { return }
        let columns: [EntryCSV.Column] = [.id, .date, .weight, .unit, .trend, .note] + (entries.contains { $0.fatPercent != nil } ? [.fat] : [])
        EntryCSV.write(entries, columns: columns, unit: unit, exactKilograms: false, series: series, write: write)
    }
}

/// What a screen says instead of its data, on the message stream (exit 0):
/// "no weigh-ins yet", "no days in that period".
public enum ScreenNote: Error, Equatable {
    case message(String)
}