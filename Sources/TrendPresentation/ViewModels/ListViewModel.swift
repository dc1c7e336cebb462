import TrendCore

/// The list screen (SPEC §4): weigh-ins oldest first with their day's
/// trend, the estimated days between them when asked, a chart below.
@MainActor
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
        }
    }

    public var unit: WeightUnit { app.settingsFeature.unit }
    var hasNoHistory: Bool { app.weightLogFeature.entries.isEmpty }
    var rows: [ProgressReport.Row] { ProgressReport.rows(points: points, estimatedDays: estimatedDays) }
    /// A FAT column when any listed weigh-in has body fat (SPEC §12).
    var showsFat: Bool { points.contains { $0.entry.fatPercent != nil } }
    var currentOffset: Int { app.clock.now.utcOffsetSeconds }
    var goalKilograms: Double? { app.weightLogFeature.store.goalKilograms }

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
}

public enum ListFormat: String, OutputFormat {
    case text, json, csv

    public var renderer: any Renderer<ListViewModel> {
        switch self {
        case .text: ListTextRenderer()
        case .json: ListJSONRenderer()
        case .csv: ListCSVRenderer()
        }
    }

    /// CSV, and JSON without estimated days, are written row by row as they are produced.
    public func streams(withEstimatedDays: Bool) -> Bool {
        self == .csv || self == .json && !withEstimatedDays
    }
}

/// Streamed element by element when the rows were (a long history);
/// with estimated days, the document whole.
struct ListJSONRenderer: Renderer {
    func render(_ model: ListViewModel, to output: any OutputWriter) throws {
        guard let rows = model.streamedDocuments else {
            return try JSONRenderer<ListViewModel> { $0.document }.render(model, to: output)
        }
        try DocumentEncoder().writeArray(rows) { output.write($0) }
    }
}

struct ListTextRenderer: Renderer {
    func render(_ model: ListViewModel, to output: any OutputWriter) throws {
        guard !model.points.isEmpty else {
            // Said on the message stream by the front end: nothing to list is not data.
            throw ScreenNote.message(model.hasNoHistory ? Messages.noWeighInsYet : "No weigh-ins match.")
        }
        let unit = model.unit
        let showsFat = model.showsFat
        var table = showsFat
            ? TextTable(headers: ["ID", "DATE", "WEIGHT", "FAT", "TREND", "NOTE"], rightAligned: [2, 3, 4])
            : TextTable(headers: ["ID", "DATE", "WEIGHT", "TREND", "NOTE"], rightAligned: [2, 3])
        for row in model.rows {
            switch row {
            case .estimated(let day):
                table.add(["~", day.day.description, unit.format(kilograms: day.kilograms)] + (showsFat ? [""] : []) + [unit.format(kilograms: day.trendKilograms), "estimated"])
            case .weighIn(let point):
                let fat = showsFat ? [point.entry.fatPercent.map(EntryRendering.fatText) ?? ""] : []
                table.add(
                    [point.entry.shortID, EntryRendering.localDateTime(point.entry.timestamp, currentOffset: model.currentOffset), unit.format(kilograms: point.kilograms)]
                        + fat + [unit.format(kilograms: point.trendKilograms), point.entry.note?.terminalSafe ?? ""])
            }
        }
        output.write(table.rendered(display: model.display))
        if let chart = model.terminalChart, let picture = model.chartModel(chart) {
            output.write("\n" + chart.rendered(picture, display: model.display))
        }
    }
}

/// Streamed row by row: no point is built per entry of a long history.
struct ListCSVRenderer: Renderer {
    func render(_ model: ListViewModel, to output: any OutputWriter) throws {
        guard let (entries, series) = model.streamed else { return }
        // Listed weights are in the display unit, rounded to 0.01, like the JSON.
        let columns: [EntryCSV.Column] = [.id, .date, .weight, .unit, .trend, .note] + (entries.contains { $0.fatPercent != nil } ? [.fat] : [])
        EntryCSV.write(entries, columns: columns, unit: model.unit, exactKilograms: false, series: series) { output.write($0) }
    }
}

/// What a screen says instead of its data, on the message stream (exit 0):
/// "no weigh-ins yet", "no days in that period".
public enum ScreenNote: Error, Equatable {
    case message(String)
}
