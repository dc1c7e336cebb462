/// What one kind of record is called: in messages, in the undo journal and
/// in the post-change hook's payload (SPEC §9, §14). Each kind declares its
/// own beside its value (`WeightEntry.kind`, `IntakeEntry.kind`, …), and
/// every door that counts or names records reads it from there.
public struct RecordKind: Hashable, Sendable, CustomStringConvertible {
    /// `weigh-in`, `intake entry`, `measurement`.
    public let name: String
    /// `weigh-ins`, `intake entries`, `measurements`.
    public let pluralName: String
    /// What a summary heads this kind's counts with (`intake: 3 added`), and
    /// the key of its counts in an undo journal step; nil for weigh-ins,
    /// whose counts are the step's own (`added`, `removed`, `changed`).
    public let groupName: String?
    /// The hook payload's member for the records written (`entries`,
    /// `intake`); those removed are `removed` + it capitalised.
    public let hookName: String

    public init(name: String, pluralName: String, groupName: String?, hookName: String) {
        self.name = name
        self.pluralName = pluralName
        self.groupName = groupName
        self.hookName = hookName
    }

    /// `removedEntries`, `removedIntake`.
    public var removedHookName: String { "removed" + hookName.prefix(1).uppercased() + hookName.dropFirst() }

    /// `a weigh-in`, `an intake entry`.
    public var withArticle: String { ("aeiou".contains(name.first ?? "x") ? "an " : "a ") + name }

    /// `1 weigh-in`, `3 intake entries`.
    public func counted(_ count: Int) -> String { "\(count) \(count == 1 ? name : pluralName)" }

    public var description: String { name }
}
