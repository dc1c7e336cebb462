import TrendCore

public enum EatFormat: String, OutputFormat {
    case text, json

    public var renderer: any Renderer<EatViewModel> {
        switch self {
        case .text: TextRenderer<EatViewModel> { $0.text }
        case .json: JSONRenderer<EatViewModel> { $0.document }
        }
    }
}

public enum IntakeFormat: String, OutputFormat {
    case text, json, csv

    public var renderer: any Renderer<IntakeViewModel> {
        switch self {
        case .text: IntakeTextRenderer()
        case .json: JSONRenderer<IntakeViewModel> { $0.document }
        case .csv:
            // Re-importable (SPEC §15): `date,kcal,note` per entry, or `date,kcal` per day.
            CSVRenderer<IntakeViewModel>(header: { $0.showsEntries ? IntakePresentation.csvHeader : ["date", "kcal"] }) { model, row in
                if model.showsEntries {
                    for entry in model.entries { row(IntakePresentation.csvRow(entry)) }
                } else {
                    for day in model.days { row([day.day.description, DecimalText.shortest(day.kilocalories)]) }
                }
            }
        }
    }
}

struct IntakeTextRenderer: Renderer {
    func render(_ model: IntakeViewModel, to output: any OutputWriter) throws {
        if model.showsEntries {
            guard !model.entries.isEmpty else { throw ScreenNote.message(model.hasNoIntake ? Messages.noIntakeYet : "No intake in that period.") }
            output.write(model.entriesTable.rendered(display: model.display))
            return
        }
        guard !model.days.isEmpty else { throw ScreenNote.message(model.hasNoIntake ? Messages.noIntakeYet : "No intake in that period.") }
        var table = TextTable(headers: ["DAY", "ENTRIES", "KCAL", "TREND"], rightAligned: [1, 2, 3])
        for day in model.days {
            table.add([day.day.description, String(day.entries), EntryRendering.grouped(Int(day.kilocalories.rounded())), model.trend(day.day).map { model.unit.format(kilograms: $0) } ?? ""])
        }
        output.write(table.rendered(display: model.display))
    }
}

extension IntakeViewModel {
    /// One row per entry, with its short id (`--entries`).
    var entriesTable: TextTable {
        var table = TextTable(headers: ["ID", "DATE", "KCAL", "NOTE"], rightAligned: [2])
        for entry in entries {
            table.add([shortIDs.text(of: entry), EntryRendering.localDateTime(entry.timestamp), EntryRendering.grouped(Int(entry.kilocalories.rounded())), entry.note?.terminalSafe ?? ""])
        }
        return table
    }
}
