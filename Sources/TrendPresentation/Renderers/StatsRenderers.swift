import TrendCore

public enum StatsFormat: String, OutputFormat {
    case text, json, csv

    public var renderer: any Renderer<StatsViewModel> {
        switch self {
        case .text: StatsTextRenderer()
        case .json: JSONRenderer<StatsViewModel> { $0.document }
        case .csv: CSVRenderer<StatsViewModel>(header: { $0.csvHeader }) { model, row in model.csvRows().forEach(row) }
        }
    }
}

struct StatsTextRenderer: Renderer {
    func render(_ model: StatsViewModel, to output: any OutputWriter) throws {
        guard model.statistics != nil else {
            throw ScreenNote.message(model.hasNoHistory ? Messages.noWeighInsYet : "No days in that period.")
        }
        let unit = model.unit
        // What a reader reads down first, first: at 80 columns a line a period keeps the trend, its
        // change and rate, the intake and what was burned; narrower, the columns on the right go (SPEC §8).
        // Asked once: each looks through every row.
        let (showsIntake, showsFat) = (model.showsIntake, model.showsFat)
        var headers = ["PERIOD", "TREND", "CHANGE", "AVG/WEEK"]
        if showsIntake { headers += ["INTAKE", "BURNED"] }
        if showsFat { headers.append("FAT") }
        headers += ["WEIGH-INS", "AVERAGE", "LOWEST", "HIGHEST"]
        var table = TextTable(headers: headers, rightAligned: Set(1..<headers.count))
        table.dropsColumnsWhenNarrow = true
        var labels = model.textLabels(isUTF8: model.display.isUTF8)
        // Too narrow for a week's two ends beside its trend: its first day names it.
        if let width = model.display.width, (labels.map(TextTable.columns).max() ?? 0) + 2 + 7 > width {
            labels = model.textLabels(isUTF8: model.display.isUTF8, compact: true)
        }
        for (row, label) in zip(model.textRows, labels) {
            func weight(_ kilograms: Double?) -> String { kilograms.map { unit.format(kilograms: $0) } ?? "" }
            func change(_ kilograms: Double?) -> String { kilograms.map { unit.formatChange(kilograms: $0) } ?? "" }
            var cells = [label, weight(row.trendKilograms), change(row.trendChangeKilograms), change(row.averageWeeklyRateKilograms)]
            if showsIntake { cells += [row.averageIntake, row.expenditure].map { $0.map(EntryRendering.kilocalories) ?? "" } }
            if showsFat { cells.append(row.fatPercent.map { Decimal1.text($0) + "%" } ?? "") }
            cells += [String(row.weighIns), weight(row.averageKilograms), weight(row.minimumKilograms), weight(row.maximumKilograms)]
            table.add(cells)
        }
        if !model.textRows.isEmpty { output.write(table.rendered(display: model.display)) }
        if let note = model.inProgressNote(isUTF8: model.display.isUTF8) {
            output.write((model.display.width.map { TextWrap.wrap(note, indent: 0, width: $0) } ?? note) + "\n")
        }
    }
}
