/// The short ids a store's records are shown by: the first 8 hex digits,
/// lengthened, as git lengthens a commit's, until no other record of the
/// store starts the same way. Two records of a long history share their
/// first 8 digits now and then, and a listing must never show one id for
/// two of them, nor `rm` name two by one.
public struct ShortIDs: Sendable {
    /// The digits each record needs whose first 8 another record shares.
    private let lengths: [RecordID: Int]

    /// Every record's id gets 8 digits.
    public init() {
        lengths = [:]
    }

    public init(_ ids: [RecordID]) {
        // The first 8 digits are the id's top 32 bits.
        let shared = RepeatedIDs.repeated(ids.map { $0.high >> 32 })
        self.init(crowded: shared.isEmpty ? [] : ids.filter { shared.contains($0.high >> 32) })
    }

    /// The records whose first 8 digits another shares, each given the digits that tell it apart.
    private init(crowded ids: [RecordID]) {
        guard !ids.isEmpty else {
            lengths = [:]
            return
        }
        var crowded = ids.map { (id: $0, text: EntryID.withText(of: $0) { Array($0) }) }
        crowded.sort { $0.text.lexicographicallyPrecedes($1.text) }
        func common(_ a: [UInt8], _ b: [UInt8]) -> Int { zip(a, b).prefix { $0 == $1 }.count }
        var lengths: [RecordID: Int] = [:]
        for index in crowded.indices {
            var length = ShortIDs.shortest
            if index > 0 { length = max(length, common(crowded[index - 1].text, crowded[index].text) + 1) }
            if index + 1 < crowded.count { length = max(length, common(crowded[index].text, crowded[index + 1].text) + 1) }
            // A dash is never where an id ends.
            if length < 36, crowded[index].text[length - 1] == UInt8(ascii: "-") { length += 1 }
            lengths[crowded[index].id] = min(length, 36)
        }
        self.lengths = lengths
    }

    /// Every kind's records, their ids walked where they lie: a long
    /// history's ids are not copied to be compared.
    public init(_ store: RecordStore) {
        let shared = RepeatedIDs.repeated(count: store.recordCount) { body in store.forEachRecordID { body($0.high >> 32) } }
        var crowded: [RecordID] = []
        if !shared.isEmpty { store.forEachRecordID { if shared.contains($0.high >> 32) { crowded.append($0) } } }
        self.init(crowded: crowded)
    }

    public static let shortest = 8

    /// `3f2a1b0c`, or `3f2a1b0c-9` where another record starts `3f2a1b0c`.
    public func text(of id: RecordID) -> String {
        let length = lengths[id] ?? Self.shortest
        return EntryID.withText(of: id) { String(decoding: UnsafeBufferPointer(rebasing: $0.prefix(length)), as: UTF8.self) }
    }

    public func text(of record: some StoredRecord) -> String { text(of: record.recordID) }
}
