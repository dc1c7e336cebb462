/// Sentences more than one screen says, written once.
public enum Messages {
    /// What every report says before the first weigh-in.
    public static let noWeighInsYet = "No weigh-ins yet. Log one with 'trend log 80.5'."
    /// Where a reminder asks only whether there is one.
    public static let noWeighInsYetShort = "No weigh-ins yet."
}

extension Messages {
    /// The same, in a page: the command as code.
    static let noWeighInsYetHTML = "No weigh-ins yet. Log one with <code>trend log 80.5</code>."
}
