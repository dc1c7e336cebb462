

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
