/// What an import did, or (dry run) would do (SPEC §6).
public struct ImportSummary: Equatable, Sendable {
    public let path: String
    public let format: ImportFormat
    public let added: Int
    /// Weigh-ins already stored that the file gave their body fat.
    public let updated: Int
    public let duplicates: Int
    public let noReading: Int
    /// The rows that could not be read (skipped with `--skip-invalid`).
    public let problems: [ImportProblem]
    public let goalSet: Bool
    public let dryRun: Bool
    /// The file is not UTF-8: its text was read as Windows-1252.
    public let readAsWindows1252: Bool
    /// Body-fat readings without a weigh-in of the same source within 2 minutes: not stored.
    public let loneBodyFatReadings: Int
    /// Set when the file names no unit and the weights were read in one it did not name.
    public let unitAssumption: UnitAssumption?
    /// Otherwise, where the file named its units (nil when nothing was read).
    public let namedUnit: NamedUnit?
    /// A backup's settings, and which were restored or kept.
    public let settingsRestore: SettingsRestore?
    /// The file held no weigh-in at all: what it held instead ("found no weigh-ins in FILE: …").
    public let nothingFound: String?
    /// Added weigh-ins far from the imported series' trend there: kept, and named.
    public let possibleTypos: [TypoGuard.Outlier]
    /// What the file's intake and measurements did; nil when it held none.
    public var body: BodyImport?
    /// How a table no layout named was read (SPEC §18): `read as a table: …`.
    public var tableReading: String?
    /// Rows that were a stored weigh-in seen within 30 minutes (counted among the duplicates and the updated).
    public var nearbyMatches = 0
    /// Rows that match a record removed earlier: skipped, or taken back with `restoreRemoved` (SPEC §18).
    public var removedSkipped = 0
    public var removedRestored = 0

    public var invalid: Int { problems.count }
}
