import TrendCore

public enum EditFormat: String, OutputFormat {
    case text, json

    public var renderer: any Renderer<EditViewModel> {
        switch self {
        case .text: TextRenderer<EditViewModel> { $0.text }
        case .json: JSONRenderer<EditViewModel> { $0.document }
        }
    }
}

public enum RemoveFormat: String, OutputFormat {
    case text, json

    public var renderer: any Renderer<RemoveViewModel> {
        switch self {
        case .text: TextRenderer<RemoveViewModel> { $0.text }
        case .json: JSONRenderer<RemoveViewModel> { $0.document }
        }
    }
}

public enum LastFormat: String, OutputFormat {
    case text, json

    public var renderer: any Renderer<LastViewModel> {
        switch self {
        case .text: TextRenderer<LastViewModel> { $0.text }
        case .json: JSONRenderer<LastViewModel> { $0.document }
        }
    }
}
