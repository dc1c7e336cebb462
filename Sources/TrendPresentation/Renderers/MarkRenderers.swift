import TrendCore

public enum MarkFormat: String, OutputFormat {
    case text, json

    public var renderer: any Renderer<MarkViewModel> {
        switch self {
        case .text: TextRenderer<MarkViewModel> { $0.text }
        case .json: JSONRenderer<MarkViewModel> { $0.document }
        }
    }
}

public enum MarksFormat: String, OutputFormat {
    case text, json, csv

    public var renderer: any Renderer<MarksViewModel> {
        switch self {
        case .text: MarksTextRenderer()
        case .json: JSONRenderer<MarksViewModel> { $0.document }
        case .csv:
            CSVRenderer<MarksViewModel>(header: { _ in ["id", "day", "name", "note"] }) { model, row in
                for mark in model.marks { row([mark.idText, mark.day.description, mark.name.text, mark.note ?? ""]) }
            }
        }
    }
}

/// Runs of days (`period  2–6 Nov 2026`), or one row a mark with its id.
struct MarksTextRenderer: Renderer {
    func render(_ model: MarksViewModel, to output: any OutputWriter) throws {
        guard !model.marks.isEmpty else { throw ScreenNote.message(model.hasNoMarks ? Messages.noMarksYet : "No marks in that period.") }
        if model.showsEntries {
            var table = TextTable(headers: ["ID", "DAY", "NAME", "NOTE"])
            for mark in model.marks {
                table.add([model.shortIDs.text(of: mark), mark.day.description, mark.name.text, mark.note?.terminalSafe ?? ""])
            }
            output.write(table.rendered(display: model.display))
            return
        }
        var table = TextTable(headers: ["NAME", "DAYS", "NOTE"])
        for run in model.runs {
            table.add([run.name.text, EntryRendering.dayRange(run.first, run.last), run.notes.joined(separator: "; ").terminalSafe])
        }
        output.write(table.rendered(display: model.display))
    }
}
