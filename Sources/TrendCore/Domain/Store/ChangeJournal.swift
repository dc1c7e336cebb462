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

/// The journal as `undo --list` shows it: the kept changes, oldest first,
/// and how many of them the store reflects now.
public struct ChangeJournal: Equatable, Sendable {
    public let steps: [JournalStep]
    /// The store is as it was after `steps[position - 1]` (0: before the
    /// first); nil when something other than trend changed it since.
    public let position: Int?

    public init(steps: [JournalStep], position: Int?) {
        self.steps = steps
        self.position = position
    }

    public static let empty = ChangeJournal(steps: [], position: 0)

    /// Whether `steps[index]` is undone now (a redo would re-apply it); none
    /// is when the store was changed by something else since.
    public func isUndone(_ index: Int) -> Bool {
        position.map { index + 1 > $0 } ?? false
    }

    /// Some steps are undone: `trend redo` can re-apply them.
    public var canRedo: Bool { position.map { $0 < steps.count } ?? false }
}

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
