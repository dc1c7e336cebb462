import TrendCore

public enum InfoFormat: String, OutputFormat {
    case text, json

    public var renderer: any Renderer<InfoViewModel> {
        switch self {
        case .text: TextRenderer<InfoViewModel> { $0.text }
        case .json: JSONRenderer<InfoViewModel> { $0.document }
        }
    }
}
