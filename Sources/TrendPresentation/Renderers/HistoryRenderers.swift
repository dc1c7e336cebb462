import TrendCore

public enum HistoryFormat: String, OutputFormat {
    case text, json

    public var renderer: any Renderer<HistoryViewModel> {
        switch self {
        case .text: TextRenderer<HistoryViewModel> { $0.listing }
        case .json: JSONRenderer<HistoryViewModel> { $0.document }
        }
    }
}
