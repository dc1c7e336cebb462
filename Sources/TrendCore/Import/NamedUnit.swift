/// Where a file names the unit of its weights (SPEC §6).
public enum NamedUnit: Equatable, Sendable {
    /// The header, for every row (`Weight (lb)`, Libra's `#Units:`).
    case header(WeightUnit)
    /// Each row or record names its own (a unit column, Apple Health's `unit`).
    case eachRow
    /// The app always writes this unit (Zepp, Samsung Health, trend's own export).
    case format(WeightUnit)
}
