import TrendCore

/// What a person can do about what a screen tells them, in the words of
/// the face they use: the command line names its options (`--force`), a
/// dashboard its keys ("Enter again"). A ViewModel asks its face for these
/// words and spells no option itself (SPEC §19, ARCHITECTURE.md).
public protocol FaceWording: Sendable {
    func words(for fix: Fix) -> String
}

/// The things a screen may suggest doing.
public enum Fix: Equatable, Sendable {
    /// Log the same amount again, though it repeats one just logged.
    case logAgain
    /// Set the weight unit to `unit` and give an entry its weight again in it.
    case switchUnitAndEdit(unit: WeightUnit, shortID: String, weight: String)
    /// Take an import's intake for the days that hold some already.
    case replaceIntake
    /// Say which way round the file's numeric dates are.
    case chooseDateOrder
    /// The unit this run was given, which the file's weights were read in.
    case givenUnit
    /// Read the file's weights in `unit` instead.
    case readIn(WeightUnit)
    /// Where the data directory was given by the person (rather than found
    /// from the environment).
    case dataDirectoryGiven
    /// Take back `count` rows an import skipped because they were removed earlier.
    case restoreRemoved(count: Int)
    /// Say which of two weight columns to read.
    case chooseWeightColumn
}

/// Plain words, for a face that has no options or keys of its own to name.
public struct PlainWording: FaceWording {
    public init() {}

    public func words(for fix: Fix) -> String {
        switch fix {
        case .logAgain: "log it again to keep both"
        case .switchUnitAndEdit(let unit, let id, let weight): "set the unit to \(unit.rawValue) and give \(id) its weight of \(weight) again"
        case .replaceIntake: "replace those days' intake to take the file's"
        case .chooseDateOrder: "say whether the day or the month comes first"
        case .givenUnit: "as asked"
        case .readIn(let unit): "\(unit.rawValue)"
        case .dataDirectoryGiven: "the data directory given"
        case .chooseWeightColumn: "say which one to read"
        case .restoreRemoved(let count): "restore \(count == 1 ? "it" : "them") to take \(count == 1 ? "it" : "them") back"
        }
    }
}
