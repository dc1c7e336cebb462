import TrendCore

/// What every face needs to say of an error: the library's own sentence,
/// and whether a person may overrule it once seen. How a face words the
/// way to overrule it (`--force`, "Enter again") is the face's own.
public enum ErrorText {}

extension ErrorText {
    /// A guard the user may overrule once they have seen it (`--force`): a
    /// likely typo or a repeat, never a value that cannot be stored.
    public static func isOverridable(_ error: any Error) -> Bool {
        switch error {
        case LogError.unlikelyWeight, LogError.implausibleWeight, LogError.unlikelyIntake, LogError.unlikelyMeasurement,
            LogError.unlikelyGoal, LogError.goalUnderHealthyBMI, ImportError.farFromHistory:
            true
        default: false
        }
    }

    /// The error's own sentence, ended, without the command line's hint.
    public static func sentence(for error: any Error) -> String {
        let text = "\(error)".terminalSafe
        return text.hasSuffix(".") || text.hasSuffix("?") ? text : text + "."
    }
}
