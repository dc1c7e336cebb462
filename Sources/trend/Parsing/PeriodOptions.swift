import ArgumentParsing
import TrendCore

/// `--range RANGE | --since DATE` and `--until DATE`: the period options
/// every screen that shows a period declares, here once, the help words
/// each its own.
struct PeriodOptions: Sendable {
    let range: Option<ProgressRange>
    let since: Option<String>
    let until: Option<String>

    init(range rangeHelp: String, since sinceHelp: String, until untilHelp: String) {
        range = Option<ProgressRange>("range", valueName: "RANGE", help: rangeHelp)
        since = Option<String>("since", valueName: "DATE", help: sinceHelp)
        until = Option<String>("until", valueName: "DATE", help: untilHelp)
    }

    var declarations: [any OptionDeclaration] { [range, since, until] }
    /// `--range` and `--since` name the start two ways: one at a time.
    static let exclusive = ["range", "since"]

    /// What was given.
    struct Values: Sendable {
        let range: ProgressRange?
        let since: String?
        let until: String?
    }

    func values(_ parsed: ParsedValues) -> Values {
        Values(range: parsed[range], since: parsed[since], until: parsed[until])
    }
}
