/// What was removed stays removed (SPEC §18): `rm` and `import
/// --replace-intake` remember each record they take out (its kind, its
/// instant to the minute, its value and name, never its id or note) in
/// the store's `removed` array, so a nightly re-import of the file it came
/// from does not bring it back. Each kind says what it remembers
/// (`StoredRecord.removalValue`) and recalls a record from a memory to
/// compare with its own repeat rule (`StoredRecord.recalled`).
public struct RemovedRecord: Hashable, Comparable, Sendable {
    /// The kind's name (`weigh-in`, `intake entry`, `measurement`, `mark`).
    public let kind: String
    /// The record's instant, its seconds dropped, at its own offset.
    public let minute: Timestamp
    /// Kilograms, kcal or centimetres; nil for a kind without a value (a mark).
    public let value: Double?
    /// A measurement's or a mark's name.
    public let name: String?

    public init(kind: String, minute: Timestamp, value: Double?, name: String?) {
        self.kind = kind
        let seconds = minute.epochSeconds
        let whole = seconds >= 0 ? seconds / 60 * 60 : (seconds - 59) / 60 * 60
        self.minute = Timestamp(epochSeconds: whole, utcOffsetSeconds: minute.utcOffsetSeconds)
        self.value = value
        self.name = name
    }

    /// What removing `record` remembers.
    public init<Record: StoredRecord>(_ record: Record) {
        let (value, name) = record.removalValue
        self.init(kind: Record.kind.name, minute: record.timestamp, value: value, name: name)
    }

    /// A record of `Record`'s kind standing for this memory; nil when it is of another kind.
    func recalled<Record: StoredRecord>(as _: Record.Type) -> Record? {
        kind == Record.kind.name ? Record.recalled(minute: minute, value: value, name: name) : nil
    }

    /// Whether a record of its kind can stand for it (a weigh-in's memory has a value, a measurement's a name).
    var isRecallable: Bool {
        func recalls<Record: StoredRecord>(_: Record.Type) -> Bool { recalled(as: Record.self) != nil }
        return RecordStore.kinds.contains { recalls($0) }
    }

    /// Whether `record` is the one this remembers: its kind's repeat rule (the same minute and value).
    public func remembers<Record: StoredRecord>(_ record: Record) -> Bool {
        recalled(as: Record.self)?.repeats(record) ?? false
    }

    /// The store's order: by instant, then kind, name and value, so the same memories always write the same bytes.
    public static func < (a: RemovedRecord, b: RemovedRecord) -> Bool {
        if a.minute.epochSeconds != b.minute.epochSeconds { return a.minute.epochSeconds < b.minute.epochSeconds }
        if a.kind != b.kind { return a.kind < b.kind }
        if a.name != b.name { return (a.name ?? "") < (b.name ?? "") }
        return (a.value ?? 0) < (b.value ?? 0)
    }
}
