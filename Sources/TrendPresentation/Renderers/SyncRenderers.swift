import TrendCore

/// The outputs of `export`: the CSV, or the `weights.json` document.
public enum ExportFormat: String, OutputFormat {
    case csv, json

    public var renderer: any Renderer<ExportViewModel> { ExportRenderer(format: self == .csv ? .csv : .json) }
}

struct ExportRenderer: Renderer {
    let format: ExportFeature.Format

    func render(_ model: ExportViewModel, to output: any OutputWriter) throws {
        try model.write(format, to: output)
    }
}
