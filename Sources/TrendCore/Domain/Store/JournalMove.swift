

/// What an undo or a redo did.
public struct JournalMove: Equatable, Sendable {
    public enum Direction: Sendable { case undo, redo }
    public let direction: Direction
    /// The change undone or redone.
    public let step: JournalStep
    /// What the move itself did to the weigh-ins (an undone import: entries removed).
    public let effect: ChangeSummary
    /// Merged copies put back (undo) or taken away again (redo).
    public let restoredFiles: [String]
    /// Merged copies that could not be put back because something is at
    /// their place now; they stay in the journal.
    public let keptFiles: [String]

    public init(direction: Direction, step: JournalStep, effect: ChangeSummary, restoredFiles: [String], keptFiles: [String]) {
        self.direction = direction
        self.step = step
        self.effect = effect
        self.restoredFiles = restoredFiles
        self.keptFiles = keptFiles
    }
}
