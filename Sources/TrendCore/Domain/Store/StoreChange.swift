#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One change to the store as it was written: what a post-change hook is
/// told (SPEC §14), and what `undo` counts. Found once, kind by kind, in
/// the write that made the change (each kind records its own edits), or,
/// for undo and redo, by comparing the two versions by id.
public struct StoreChange: Equatable, Sendable {
    public let summary: ChangeSummary
    /// The goal after the change (nil: none).
    public let goal: RecordStore.Goal?
    /// What the undo journal said of this change (set aside, not recorded, a copy put back).
    public var journalNotes: [JournalNote] = []
    /// The command that would have made it (`log 81.2`), when a screen
    /// that makes many changes named it (`HistoryFeature.naming`); nil: the
    /// process's own command.
    public var command: String?
    /// Each kind's `RecordChange`, by the kind's type.
    private let kinds: [ObjectIdentifier: AnyChange]

    /// What the write recorded: `after` is the store it left.
    init(edits: RecordStore.Edits, after: RecordStore) {
        var kinds: [ObjectIdentifier: AnyChange] = [:]
        func record<Record: StoredRecord>(_: Record.Type) {
            kinds[ObjectIdentifier(Record.self)] = AnyChange(RecordChange(edits: edits.of(Record.self)))
        }
        for kind in RecordStore.kinds { record(kind) }
        self.init(kinds: kinds, goalBefore: edits.goalBefore, after: after)
    }

    /// Compares two versions of the store by id.
    public init(from before: RecordStore, to after: RecordStore) {
        var kinds: [ObjectIdentifier: AnyChange] = [:]
        func compare<Record: StoredRecord>(_: Record.Type) {
            kinds[ObjectIdentifier(Record.self)] = AnyChange(RecordChange(before: before.records(Record.self), after: after.records(Record.self)))
        }
        for kind in RecordStore.kinds { compare(kind) }
        self.init(kinds: kinds, goalBefore: before.goal, after: after)
    }

    private init(kinds: [ObjectIdentifier: AnyChange], goalBefore: RecordStore.Goal?, after: RecordStore) {
        self.kinds = kinds
        goal = after.goal
        var counts: [RecordKind: ChangeSummary.Counts] = [:]
        for change in kinds.values { counts[change.kind] = change.counts }
        summary = ChangeSummary(goalChanged: goalBefore != after.goal, counts: counts)
    }

    /// What the change did to the records of one kind.
    public func records<Record: StoredRecord>(_: Record.Type) -> RecordChange<Record> {
        kinds[ObjectIdentifier(Record.self)]?.change as? RecordChange<Record> ?? .none
    }

    /// One kind's change with what every kind's has in common: what the
    /// summary counts and what compares.
    private struct AnyChange: Equatable, Sendable {
        let change: any Sendable
        let kind: RecordKind
        let counts: ChangeSummary.Counts
        let isEqual: @Sendable (any Sendable) -> Bool

        init<Record: StoredRecord>(_ change: RecordChange<Record>) {
            self.change = change
            kind = Record.kind
            counts = change.counts
            isEqual = { ($0 as? RecordChange<Record>) == change }
        }

        static func == (a: AnyChange, b: AnyChange) -> Bool { a.isEqual(b.change) }
    }
}
