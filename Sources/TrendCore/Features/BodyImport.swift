/// What importing a file's intake and measurements did (SPEC §15, §16).
public struct BodyImport: Equatable, Sendable {
    /// Each kind the file held besides weigh-ins, in the store's order: added and duplicates.
    public let kinds: [(kind: RecordKind, counts: ImportBatch.Outcome.OtherCounts)]
    /// Days with intake the file marks as not completed (Cronometer): imported, and named.
    public let incompleteIntakeDays: Int
    /// The file held weigh-ins (or rows for them) too.
    public let readWeighIns: Bool
    /// Days already logged whose intake in the file was left out, or replaced (SPEC §15).
    public let intakeDaysKept: [CalendarDay]
    public let intakeDaysReplaced: [CalendarDay]
    /// The unit lengths were read in because the file names none.
    public let assumedLength: LengthUnit?
    /// Measurements far from their neighbours of the same name: imported, and listed (SPEC §16).
    public var possibleTapeTypos: [TapeGuard.Outlier] = []

    public static func == (a: BodyImport, b: BodyImport) -> Bool {
        a.kinds.map(\.kind) == b.kinds.map(\.kind) && a.kinds.map(\.counts) == b.kinds.map(\.counts) && a.incompleteIntakeDays == b.incompleteIntakeDays
            && a.readWeighIns == b.readWeighIns && a.intakeDaysKept == b.intakeDaysKept && a.intakeDaysReplaced == b.intakeDaysReplaced
            && a.assumedLength == b.assumedLength && a.possibleTapeTypos == b.possibleTapeTypos
    }
}
