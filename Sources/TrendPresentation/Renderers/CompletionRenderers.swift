import TrendCore

/// The candidates, a line each: the only output of `__complete`.
public enum CompletionFormat: String, OutputFormat {
    case lines

    public var renderer: any Renderer<CompletionViewModel> { CompletionLinesRenderer() }
}

struct CompletionLinesRenderer: Renderer {
    func render(_ model: CompletionViewModel, to output: any OutputWriter) throws {
        output.write(model.lines.map { $0 + "\n" }.joined())
    }
}
