/// What going from one version of the weigh-ins to another does, in words a
/// person checks: what `undo` says it did.
public struct ChangeSummary: Equatable, Sendable {
    public let added: Int
    public let removed: Int
    public let changed: Int
    public let goalChanged: Bool

    public init(added: Int, removed: Int, changed: Int, goalChanged: Bool) {
        self.added = added
        self.removed = removed
        self.changed = changed
        self.goalChanged = goalChanged
    }

    /// The same change seen backwards: what undoing it does.
    public var reversed: ChangeSummary {
        ChangeSummary(added: removed, removed: added, changed: changed, goalChanged: goalChanged)
    }

    /// Compares by id: an id only in `after` was added, only in `before` removed.
    public init(from before: WeightStore, to after: WeightStore) {
        self = WeightChange(from: before, to: after).summary
    }

    public var isEmpty: Bool { added == 0 && removed == 0 && changed == 0 && !goalChanged }

    /// `608 weigh-ins removed`, `1 weigh-in changed, the goal changed`.
    public var description: String {
        func count(_ n: Int, _ what: String) -> String? { n == 0 ? nil : "\(n) weigh-in\(n == 1 ? "" : "s") \(what)" }
        let parts = [count(added, "added"), count(removed, "removed"), count(changed, "changed"), goalChanged ? "the goal changed" : nil]
            .compactMap { $0 }
        return parts.isEmpty ? "no difference" : parts.joined(separator: ", ")
    }
}
