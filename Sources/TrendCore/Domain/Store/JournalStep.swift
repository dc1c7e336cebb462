

/// One change trend made to the weigh-ins, as the undo journal keeps it
/// (SPEC §9): when, the command as typed, and what it did.
public struct JournalStep: Equatable, Sendable {
    public let at: Timestamp
    /// `import w.csv`, `log 80.5`: what the user typed, without `trend`.
    public let command: String
    /// What the change did, from the version before it to the one after.
    public let summary: ChangeSummary

    /// What the journal calls a change it could not record when it was made
    /// (a full disk), taken in afterwards from the version it left.
    public static let notRecordedCommand = "(a change the journal could not record)"

    public init(at: Timestamp, command: String, summary: ChangeSummary) {
        self.at = at
        self.command = command
        self.summary = summary
    }
}
