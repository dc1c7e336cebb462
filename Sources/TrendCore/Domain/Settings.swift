/// The user's preferences, stored in `settings.json`.
public struct Settings: Equatable, Sendable {
    /// The newest settings format this program reads and writes: 2 added
    /// `method`, 3 `heightCentimetres`.
    public static let currentVersion = 3

    public var unit: WeightUnit
    /// Nil: the default method, and no `method` key in the file.
    public var method: TrendMethod?
    /// For BMI (SPEC §12); nil until given.
    public var heightCentimetres: Double?
    /// The version the file was read with; a newer one is never written.
    public var version: Int

    public init(unit: WeightUnit = .kilograms, method: TrendMethod? = nil, heightCentimetres: Double? = nil, version: Int = 1) {
        self.unit = unit
        self.method = method
        self.heightCentimetres = heightCentimetres
        self.version = version
    }

    /// The lowest version that holds this content (SPEC §1), so a file that
    /// sets no method stays readable by a trend that knows no methods.
    public var versionNeeded: Int { heightCentimetres != nil ? 3 : method != nil ? 2 : 1 }
}
