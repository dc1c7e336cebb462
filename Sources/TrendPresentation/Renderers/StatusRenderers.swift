import TrendCore

public enum StatusFormat: String, OutputFormat {
    case text, json

    public var renderer: any Renderer<StatusViewModel> {
        switch self {
        case .text: StatusTextRenderer()
        case .json: JSONRenderer<StatusViewModel> { $0.document }
        }
    }
}

struct StatusTextRenderer: Renderer {
    func render(_ model: StatusViewModel, to output: any OutputWriter) throws {
        if let line = model.line { output.write(line + "\n") }
    }
}
