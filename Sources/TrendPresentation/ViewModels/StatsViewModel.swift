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

    public var document: [StatsRowDocument] { rows.map { StatsRowDocument($0, unit: unit) } }

    /// The CSV's columns; with intake, two last ones: the average daily kcal and the expenditure.
    var csvHeader: [String] {
        ["period", "from", "to", "weigh_ins", "average", "minimum", "maximum", "trend", "trend_change", "average_weekly_rate", "fat", "unit"]
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
            ] + (showsIntake ? intakeCells(row) : [])
        }
    }

    private func intakeCells(_ row: PeriodStatistics.Row) -> [String] {
        [row.averageIntake.map { DecimalText.shortest(($0 * 10).rounded() / 10) } ?? "", row.expenditure.map { DecimalText.shortest($0.rounded()) } ?? ""]
    }
}