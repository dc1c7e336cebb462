import TrendCore

public enum MeasureFormat: String, OutputFormat {
    case text, json, csv

    public var renderer: any Renderer<MeasureViewModel> {
        switch self {
        case .text: MeasureTextRenderer()
        case .json: JSONRenderer<MeasureViewModel> { $0.document }
        case .csv:
            // Re-importable: `date,name,cm,note` (exact centimetres).
            CSVRenderer<MeasureViewModel>(header: { _ in ["date", "name", "cm", "note"] }) { model, row in
                for entry in model.csvEntries {
                    row([entry.timestamp.iso8601, entry.name.text, DecimalText.shortest(entry.centimetres), entry.note ?? ""])
                }
            }
        }
    }
}

struct MeasureTextRenderer: Renderer {
    func render(_ model: MeasureViewModel, to output: any OutputWriter) throws {
        let unit = model.lengthUnit
        switch model.action {
        case .log:
            guard let entry = model.logged else { return }
            var text = "Measured " + EntryRendering.summary(entry, unit: model.unit) + "\n"
            if let summary = model.summaries.first {
                text += "Trend \(unit.format(centimetres: summary.trend))" + (summary.weeklyRate.map { ", \(unit.formatChange(centimetres: $0))/week" } ?? "") + "\n"
            }
            output.write(text)
        case .overview:
            guard !model.summaries.isEmpty else { throw ScreenNote.message(Messages.noMeasurementsYet) }
            var table = TextTable(headers: ["NAME", "LATEST", "MEASURED", "TREND", "4 WEEKS"], rightAligned: [1, 3, 4])
            for summary in model.summaries {
                table.add([
                    summary.name.text, unit.format(centimetres: summary.latest.centimetres), EntryRendering.localDateTime(summary.latest.timestamp),
                    unit.format(centimetres: summary.trend), summary.changeOverFourWeeks.map { unit.formatChange(centimetres: $0) } ?? "",
                ])
            }
            output.write(table.rendered(display: model.display))
        case .list:
            guard !model.listed.isEmpty else { throw ScreenNote.message(model.hasNoMeasurements ? Messages.noMeasurementsYet : "No measurements of that name in that period.") }
            var table = TextTable(headers: ["ID", "DATE", "VALUE", "TREND", "NOTE"], rightAligned: [2, 3])
            for (entry, trend) in model.listed {
                table.add([model.shortIDs.text(of: entry), EntryRendering.localDateTime(entry.timestamp), unit.format(centimetres: entry.centimetres), trend.map { unit.format(centimetres: $0) } ?? "", entry.note?.terminalSafe ?? ""])
            }
            output.write(table.rendered(display: model.display))
        }
    }
}
