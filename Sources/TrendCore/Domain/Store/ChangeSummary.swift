/// What going from one version of the store to another does, in words a
/// person checks: what `undo` says it did. Counts are kept by kind, so a
/// change to any kind, and only such a change, makes it non-empty.
public struct ChangeSummary: Equatable, Sendable {
    public let goalChanged: Bool
    /// Each kind's counts; a kind absent is a kind untouched.
    private let counts: [RecordKind: Counts]

    /// Records of one kind added, removed and changed.
    public struct Counts: Equatable, Sendable {
        public let added: Int
        public let removed: Int
        public let changed: Int

        public init(added: Int = 0, removed: Int = 0, changed: Int = 0) {
            self.added = added
            self.removed = removed
            self.changed = changed
        }

        public static let none = Counts()
        public var isEmpty: Bool { added == 0 && removed == 0 && changed == 0 }
        var reversed: Counts { Counts(added: removed, removed: added, changed: changed) }
    }

    public init(goalChanged: Bool, counts: [RecordKind: Counts] = [:]) {
        self.goalChanged = goalChanged
        self.counts = counts.filter { !$0.value.isEmpty }
    }

    /// Compares by id: an id only in `after` was added, only in `before` removed.
    public init(from before: RecordStore, to after: RecordStore) {
        self = StoreChange(from: before, to: after).summary
    }

    /// One kind's counts.
    public subscript(kind: RecordKind) -> Counts { counts[kind] ?? .none }

    /// The same change seen backwards: what undoing it does.
    public var reversed: ChangeSummary {
        ChangeSummary(goalChanged: goalChanged, counts: counts.mapValues(\.reversed))
    }

    public var isEmpty: Bool { counts.isEmpty && !goalChanged }

    /// `608 weigh-ins removed`, `1 weigh-in changed, the goal changed`,
    /// `1 intake entry added`: kind by kind in the store's order.
    public var description: String {
        var parts: [String] = []
        for kind in RecordStore.kinds.map({ $0.kind }) {
            let counts = self[kind]
            for (n, what) in [(counts.added, "added"), (counts.removed, "removed"), (counts.changed, "changed")] where n > 0 {
                parts.append("\(kind.counted(n)) \(what)")
            }
        }
        if goalChanged { parts.append("the goal changed") }
        return parts.isEmpty ? "no difference" : parts.joined(separator: ", ")
    }
}
