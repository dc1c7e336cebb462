/// What going from one version of the store to another does, in words a
/// person checks: what `undo` says it did.
public struct ChangeSummary: Equatable, Sendable {
    /// Weigh-ins.
    public let added: Int
    public let removed: Int
    public let changed: Int
    public let goalChanged: Bool
    /// Intake entries and body measurements (SPEC §15, §16).
    public let intake: Counts
    public let measurements: Counts

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

    public init(added: Int, removed: Int, changed: Int, goalChanged: Bool, intake: Counts = .none, measurements: Counts = .none) {
        self.added = added
        self.removed = removed
        self.changed = changed
        self.goalChanged = goalChanged
        self.intake = intake
        self.measurements = measurements
    }

    /// The same change seen backwards: what undoing it does.
    public var reversed: ChangeSummary {
        ChangeSummary(added: removed, removed: added, changed: changed, goalChanged: goalChanged, intake: intake.reversed, measurements: measurements.reversed)
    }

    /// Compares by id: an id only in `after` was added, only in `before` removed.
    public init(from before: RecordStore, to after: RecordStore) {
        self = StoreChange(from: before, to: after).summary
    }

    public var isEmpty: Bool { added == 0 && removed == 0 && changed == 0 && !goalChanged && intake.isEmpty && measurements.isEmpty }

    /// `608 weigh-ins removed`, `1 weigh-in changed, the goal changed`,
    /// `1 intake entry added`.
    public var description: String {
        func count(_ n: Int, _ one: String, _ many: String, _ what: String) -> String? { n == 0 ? nil : "\(n) \(n == 1 ? one : many) \(what)" }
        var parts = [count(added, "weigh-in", "weigh-ins", "added"), count(removed, "weigh-in", "weigh-ins", "removed"), count(changed, "weigh-in", "weigh-ins", "changed")]
        for (counts, one, many) in [(intake, "intake entry", "intake entries"), (measurements, "measurement", "measurements")] {
            parts += [count(counts.added, one, many, "added"), count(counts.removed, one, many, "removed"), count(counts.changed, one, many, "changed")]
        }
        parts.append(goalChanged ? "the goal changed" : nil)
        let said = parts.compactMap { $0 }
        return said.isEmpty ? "no difference" : said.joined(separator: ", ")
    }
}
