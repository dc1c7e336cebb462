/// What the undo journal has to say about one change, beyond the change
/// itself: a front end shows these as warnings after it (SPEC §9).
public enum JournalNote: Equatable, Sendable {
    /// The journal could not be read (damaged, too large, not trend's): it
    /// was moved aside whole, to `setAsidePath`, and a new one begins.
    case setAside(journal: String, setAsidePath: String, reason: String)
    /// The change was made, but the journal could not record it (a full
    /// disk): `trend undo --list` names it only as a change not recorded.
    case notJournalled(reason: String)
    /// A merged copy that only an undone step still held, and that holds
    /// weigh-ins the store lacks, was put back beside the store at `path`
    /// rather than deleted with the step.
    case copyRestored(path: String)
}
