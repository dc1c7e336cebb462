import TrendCore

/// What a CSV export holds (SPEC §6): one kind, each in its own CSV (the
/// weigh-ins' `date,weight,unit,note` by default, what scripts and
/// spreadsheets rely on), or every record of every kind in one table
/// (`kind,id,date,value,unit,name,note`) that imports back without loss.
/// Named as the table's `kind` cells name the kinds, so every kind
/// declared is one.
public enum ExportSelection: Equatable, Sendable {
    case kind(RecordKind)
    case all

    public static let weight = ExportSelection.kind(WeightEntry.kind)

    /// `weight`, `intake`, `measurement`, `mark`, `all`.
    public static var names: [String] { RecordTable.kindNames.map(\.name) + ["all"] }

    public init?(name: String) {
        if name == "all" {
            self = .all
        } else if let named = RecordTable.kindNames.first(where: { $0.name == name }) {
            self = .kind(named.kind)
        } else {
            return nil
        }
    }
}
