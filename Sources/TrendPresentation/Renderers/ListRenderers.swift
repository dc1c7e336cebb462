import TrendCore

public enum ListFormat: String, OutputFormat {
    case text, json, csv

    public var renderer: any Renderer<ListViewModel> {
        switch self {
        case .text: ListTextRenderer()
        case .json: ListJSONRenderer()
        case .csv:
            // Streamed row by row: no point is built per entry of a long history.
            CSVRenderer<ListViewModel>(weighIns: { model, write in model.writeCSV(write) })
        }
    }

    /// CSV, and JSON and text without estimated days or a chart, are
    /// written row by row as they are produced.
    public func streams(withEstimatedDays: Bool, chart: Bool = false) -> Bool {
        self == .csv || self == .json && !withEstimatedDays || self == .text && !withEstimatedDays && !chart
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
        if let table = model.streamedTable {
            // Widths first, then the lines: a long history's cells are made twice, never held.
            guard let entries = model.streamed?.entries, !entries.isEmpty else {
                throw ScreenNote.message(model.hasNoHistory ? Messages.noWeighInsYet : "No weigh-ins match.")
            }
            return table.write(display: model.display) { output.write($0) }
        }
        guard !model.points.isEmpty else {
            // Said on the message stream by the front end: nothing to list is not data.
            throw ScreenNote.message(model.hasNoHistory ? Messages.noWeighInsYet : "No weigh-ins match.")
        }
        output.write(model.table.rendered(display: model.display))
        if let chart = model.terminalChart, let picture = model.chartModel(chart) {
            output.write("\n" + chart.rendered(picture, display: model.display))
        }
    }
}


extension ListViewModel {
    /// The listing as a table whose rows are made as they are written, from
    /// what was streamed: the same cells as `table`, in the same order.
    var streamedTable: TextTable? {
        guard let (entries, series) = streamed else { return nil }
        let columns = Self.columns(showsFat: entries.contains { $0.fatPercent != nil })
        let cells = WeighInCells(unit: unit, shortIDs: storeShortIDs, currentOffset: currentOffset, showsFat: columns.showsFat)
        let order = ProgressReport.dayOrder(of: entries)
        return TextTable(headers: columns.headers, rightAligned: columns.rightAligned) { row in
            for index in order {
                let entry = entries[index]
                row(cells.row(entry, trendKilograms: series.trendKilograms(on: entry.calendarDay) ?? entry.kilograms))
            }
        }
    }

    /// The listing as a table, a row for each of `rows`.
    var table: TextTable {
        let unit = unit
        let columns = Self.columns(showsFat: showsFat)
        let cells = WeighInCells(unit: unit, shortIDs: shortIDs, currentOffset: currentOffset, showsFat: columns.showsFat)
        var table = TextTable(headers: columns.headers, rightAligned: columns.rightAligned)
        for row in rows {
            switch row {
            case .estimated(let day):
                table.add(["~", day.day.description, unit.format(kilograms: day.kilograms)] + (columns.showsFat ? [""] : []) + [unit.format(kilograms: day.trendKilograms), "estimated"])
            case .weighIn(let point):
                table.add(cells.row(point.entry, trendKilograms: point.trendKilograms))
            }
        }
        return table
    }

    /// The listing's columns: FAT only when a listed weigh-in has body fat (SPEC §12).
    static func columns(showsFat: Bool) -> (headers: [String], rightAligned: Set<Int>, showsFat: Bool) {
        showsFat
            ? (["ID", "DATE", "WEIGHT", "FAT", "TREND", "NOTE"], [2, 3, 4], true)
            : (["ID", "DATE", "WEIGHT", "TREND", "NOTE"], [2, 3], false)
    }
}

/// A weigh-in's cells in the listing, whether it is held or streamed.
struct WeighInCells {
    let unit: WeightUnit
    let shortIDs: ShortIDs
    let currentOffset: Int
    let showsFat: Bool

    func row(_ entry: WeightEntry, trendKilograms: Double) -> [String] {
        let fat = showsFat ? [entry.fatPercent.map(EntryRendering.fatText) ?? ""] : []
        return [shortIDs.text(of: entry), EntryRendering.localDateTime(entry.timestamp, currentOffset: currentOffset), unit.format(kilograms: entry.kilograms)]
            + fat + [unit.format(kilograms: trendKilograms), entry.note?.terminalSafe ?? ""]
    }
}
