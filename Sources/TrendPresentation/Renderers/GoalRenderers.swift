import TrendCore

public enum GoalFormat: String, OutputFormat {
    case text, json

    public var renderer: any Renderer<GoalViewModel> {
        switch self {
        case .text: TextRenderer<GoalViewModel> { $0.text }
        case .json: JSONRenderer<GoalViewModel> { $0.document }
        }
    }
}
