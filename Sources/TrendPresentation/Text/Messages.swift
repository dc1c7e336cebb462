/// Sentences more than one screen says, written once.
public enum Messages {
    /// What every report says before the first weigh-in.
    public static let noWeighInsYet = "No weigh-ins yet. Log one with 'trend log 80.5'."
    /// What the intake screen says before the first entry.
    public static let noIntakeYet = "No intake logged yet. Log what you eat with 'trend eat 650'."
    /// What the measure screen says before the first measurement.
    public static let noMarksYet = "No marks yet. Mark a day with 'trend mark period' (or sick, travel, salty…)."
    public static let noMeasurementsYet = "No measurements yet. Measure your waist with 'trend measure waist 84.5'."
    /// Where a reminder asks only whether there is one.
    public static let noWeighInsYetShort = "No weigh-ins yet."
}

extension Messages {
    /// The same, in a page: the command as code.
    static let noWeighInsYetHTML = "No weigh-ins yet. Log one with <code>trend log 80.5</code>."
}
