import TrendCore

/// The message for an error, with the hint that only this front end can
/// give: TrendCore's messages name no command-line options.
enum ErrorReport {
    static func message(for error: any Error) -> String {
        let text = "\(error)"
        switch error {
        case StorageError.noDataDirectory: return text + ", or pass --data-dir"
        case ImportError.unrecognized: return text + " Name one with --format."
        case WeightLogError.unlikelyWeight: return text + (text.hasSuffix("?") ? "" : ".") + " Log it anyway with --force."
        case let ImportError.invalidRows(_, problems):
            return text + " Fix \(problems.count == 1 ? "it" : "them") or pass --skip-invalid."
        default: return text
        }
    }
}
