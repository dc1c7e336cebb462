import TrendCore

/// The stats screen (SPEC §8): one row per week, month or year.
@MainActor
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

    static let csvHeader = "period,from,to,weigh_ins,average,minimum,maximum,trend,trend_change,average_weekly_rate,fat,unit"
    /// With intake, a last column of the average daily kcal.
    var csvColumns: String { Self.csvHeader + (showsIntake ? ",average_intake" : "") }
}

public enum StatsFormat: String, OutputFormat {
    case text, json, csv

    public var renderer: any Renderer<StatsViewModel> {
        switch self {
        case .text: StatsTextRenderer()
        case .json: JSONRenderer<StatsViewModel> { $0.document }
        case .csv: StatsCSVRenderer()
        }
    }
}

struct StatsTextRenderer: Renderer {
    func render(_ model: StatsViewModel, to output: any OutputWriter) throws {
        guard model.statistics != nil else {
            throw ScreenNote.message(model.hasNoHistory ? Messages.noWeighInsYet : "No days in that period.")
        }
        let unit = model.unit
        var headers = ["PERIOD", "WEIGH-INS", "AVERAGE", "LOWEST", "HIGHEST", "TREND", "CHANGE", "AVG/WEEK"]
        if model.showsFat { headers.append("FAT") }
        if model.showsIntake { headers.append("INTAKE") }
        var table = TextTable(headers: headers, rightAligned: Set(1..<headers.count))
        for row in model.rows {
            func weight(_ kilograms: Double?) -> String { kilograms.map { unit.format(kilograms: $0) } ?? "" }
            func change(_ kilograms: Double?) -> String { kilograms.map { unit.formatChange(kilograms: $0) } ?? "" }
            var cells = [
                row.label, String(row.weighIns), weight(row.averageKilograms), weight(row.minimumKilograms), weight(row.maximumKilograms),
                weight(row.trendKilograms), change(row.trendChangeKilograms), change(row.averageWeeklyRateKilograms),
            ]
            if model.showsFat { cells.append(row.fatPercent.map { Decimal1.text($0) + "%" } ?? "") }
            if model.showsIntake { cells.append(row.averageIntake.map { EntryRendering.kilocalories($0) } ?? "") }
            table.add(cells)
        }
        output.write(table.rendered(display: model.display))
    }
}

struct StatsCSVRenderer: Renderer {
    func render(_ model: StatsViewModel, to output: any OutputWriter) throws {
        let unit = model.unit
        var out = model.csvColumns + "\n"
        func number(_ kilograms: Double?) -> String { DisplayRounding.weight(kilograms, unit).map(DecimalText.shortest) ?? "" }
        for row in model.rows {
            let fields = [
                row.label, row.first.description, row.last.description, String(row.weighIns), number(row.averageKilograms),
                number(row.minimumKilograms), number(row.maximumKilograms), number(row.trendKilograms), number(row.trendChangeKilograms),
                number(row.averageWeeklyRateKilograms), DisplayRounding.hundredths(row.fatPercent).map(DecimalText.shortest) ?? "", unit.rawValue,
            ] + (model.showsIntake ? [row.averageIntake.map { DecimalText.shortest(($0 * 10).rounded() / 10) } ?? ""] : [])
            out += fields.joined(separator: ",") + "\n"
        }
        output.write(out)
    }
}
