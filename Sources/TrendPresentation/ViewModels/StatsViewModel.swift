import Observation
import TrendCore

/// The stats screen (SPEC §8): one row per week, month or year.
@MainActor
@Observable
public final class StatsViewModel {
    private let app: AppModel

    public var period: PeriodStatistics.Period = .month
    public var range: ProgressRange = .all
    public var since: CalendarDay?
    public var until: CalendarDay?
    public var display = Display()

    public private(set) var statistics: PeriodStatistics?

    public init(app: AppModel) {
        self.app = app
    }

    public func load() async throws {
        try PeriodError.check(since: since, until: until)
        try await app.loadSettings()
        try await app.loadWeights()
        statistics = await app.statisticsFeature.statistics(by: period, range: range, since: since, until: until)
    }

    public var unit: WeightUnit { app.settingsFeature.unit }
    var hasNoHistory: Bool { app.weightLogFeature.entries.isEmpty }
    var rows: [PeriodStatistics.Row] { statistics?.rows ?? [] }
    var showsFat: Bool { rows.contains { $0.fatPercent != nil } }
    var showsIntake: Bool { rows.contains { $0.averageIntake != nil } }

    /// The rows the text shows: a period in progress without a weigh-in
    /// yet is said below the table, not shown as an empty row.
    var textRows: [PeriodStatistics.Row] { rows.filter { !($0.isInProgress && $0.isEmpty) } }

    /// Each text row's period as a person names it (SPEC §8): a week by its
    /// days, `17–23 Nov`, `29 Dec–4 Jan`, with the year on the first row
    /// and where a year begins unless every row is this year's; a month
    /// `2026-11`, a year `2026`. A period in progress ends in `*`.
    /// `compact`: a week by its first day alone (`31 Aug`), for a terminal too narrow for both ends.
    func textLabels(isUTF8: Bool, compact: Bool = false) -> [String] {
        let rows = textRows
        let year = app.clock.today.year
        let showsYears = rows.contains { $0.first.year != year || $0.last.year != year }
        var previousYear: Int?
        return rows.map { row in
            var label = row.label
            if period == .week {
                label = compact ? EntryRendering.dayMonth(row.first) : Self.weekDays(row.first, row.last, dash: isUTF8 ? "\u{2013}" : "-")
                if showsYears && previousYear != row.last.year { label += " \(row.last.year)" }
                previousYear = row.last.year
            }
            return row.isInProgress ? label + "*" : label
        }
    }

    /// `17–23 Nov`, `29 Dec–4 Jan`.
    static func weekDays(_ first: CalendarDay, _ last: CalendarDay, dash: String) -> String {
        first.month == last.month
            ? "\(first.day)\(dash)\(EntryRendering.dayMonth(last))" : EntryRendering.dayMonth(first) + dash + EntryRendering.dayMonth(last)
    }

    /// Below the table: how much of the period in progress has passed, or that it has no weigh-in yet.
    func inProgressNote(isUTF8: Bool) -> String? {
        guard let row = rows.last(where: \.isInProgress) else { return nil }
        let today = app.clock.today
        let days = "\(today.dayNumber - row.first.dayNumber + 1) of \(row.last.dayNumber - row.first.dayNumber + 1) days"
        guard row.isEmpty else { return "* in progress: \(days) so far" }
        let name = period == .week ? Self.weekDays(row.first, row.last, dash: isUTF8 ? "\u{2013}" : "-") : row.label
        return "\(name) is in progress (\(days)): no weigh-in yet"
    }

    public var document: [StatsRowDocument] { rows.map { StatsRowDocument($0, unit: unit) } }

    /// The CSV's columns (`in_progress`: the period holds today); with intake, two last ones: the average daily kcal and the expenditure.
    var csvHeader: [String] {
        ["period", "from", "to", "weigh_ins", "average", "minimum", "maximum", "trend", "trend_change", "average_weekly_rate", "fat", "unit", "in_progress"]
            + (showsIntake ? ["average_intake", "expenditure"] : [])
    }

    /// A row a period: figures in the display unit to 0.01.
    func csvRows() -> [[String]] {
        func number(_ kilograms: Double?) -> String { DisplayRounding.weight(kilograms, unit).map(DecimalText.shortest) ?? "" }
        let showsIntake = self.showsIntake  // asked once: it looks through every row
        return rows.map { row in
            [
                row.label, row.first.description, row.last.description, String(row.weighIns), number(row.averageKilograms),
                number(row.minimumKilograms), number(row.maximumKilograms), number(row.trendKilograms), number(row.trendChangeKilograms),
                number(row.averageWeeklyRateKilograms), DisplayRounding.hundredths(row.fatPercent).map(DecimalText.shortest) ?? "", unit.rawValue,
                row.isInProgress ? "true" : "false",
            ] + (showsIntake ? intakeCells(row) : [])
        }
    }

    private func intakeCells(_ row: PeriodStatistics.Row) -> [String] {
        [row.averageIntake.map { DecimalText.shortest(($0 * 10).rounded() / 10) } ?? "", row.expenditure.map { DecimalText.shortest($0.rounded()) } ?? ""]
    }
}