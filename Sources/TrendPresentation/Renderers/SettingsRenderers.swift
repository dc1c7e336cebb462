import TrendCore

public enum HeightFormat: String, OutputFormat {
    case text, json

    public var renderer: any Renderer<HeightViewModel> {
        switch self {
        case .text: TextRenderer<HeightViewModel> { $0.text }
        case .json: JSONRenderer<HeightViewModel> { $0.document }
        }
    }
}
