/// The user's preferences, stored in `settings.json`.
public struct Settings: Equatable, Sendable {
    /// The newest settings format this program reads and writes: 2 added
    /// `method`, 3 `heightCentimetres`, 4 `sex`.
    public static let currentVersion = 4

    public var unit: WeightUnit
    /// Nil: the default method, and no `method` key in the file.
    public var method: TrendMethod?
    /// For BMI (SPEC §12); nil until given.
    public var heightCentimetres: Double?
    /// For the formulas that need it (SPEC §16); nil until given.
    public var sex: Sex?
    /// The version the file was read with (0: there is no file yet); a
    /// newer one is never written.
    public var version: Int

    public init(unit: WeightUnit = .kilograms, method: TrendMethod? = nil, heightCentimetres: Double? = nil, sex: Sex? = nil, version: Int = 1) {
        self.unit = unit
        self.method = method
        self.heightCentimetres = heightCentimetres
        self.sex = sex
        self.version = version
    }

    /// What a data directory without `settings.json` has.
    public static let unsaved = Settings(version: 0)

    /// Nothing was ever set: there is no settings file.
    public var isUnsaved: Bool { version == 0 }

    /// The lowest version that holds this content (SPEC §1), so a file that
    /// sets no method stays readable by a trend that knows no methods.
    public var versionNeeded: Int { sex != nil ? 4 : heightCentimetres != nil ? 3 : method != nil ? 2 : 1 }
}
