import TrendCore

public enum LogFormat: String, OutputFormat {
    case text, json

    public var renderer: any Renderer<LogViewModel> {
        switch self {
        case .text: TextRenderer<LogViewModel> { $0.text }
        case .json: JSONRenderer<LogViewModel> { $0.document }
        }
    }
}

/// A screen whose text is one string its ViewModel composes.
struct TextRenderer<Model>: Renderer {
    let text: @MainActor (Model) -> String

    init(_ text: @escaping @MainActor (Model) -> String) {
        self.text = text
    }

    func render(_ model: Model, to output: any OutputWriter) throws {
        output.write(text(model))
    }
}
