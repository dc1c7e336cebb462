/// The user's preferences, stored in `settings.json`.
public struct Settings: Equatable, Sendable {
    /// The newest settings format this program reads and writes: 2 added `method`.
    public static let currentVersion = 2

    public var unit: WeightUnit
    /// Nil: the default method, and no `method` key in the file.
    public var method: TrendMethod?
    /// The version the file was read with; a newer one is never written.
    public var version: Int

    public init(unit: WeightUnit = .kilograms, method: TrendMethod? = nil, version: Int = 1) {
        self.unit = unit
        self.method = method
        self.version = version
    }

    /// The lowest version that holds this content (SPEC §1), so a file that
    /// sets no method stays readable by a trend that knows no methods.
    public var versionNeeded: Int { method == nil ? 1 : 2 }
}
