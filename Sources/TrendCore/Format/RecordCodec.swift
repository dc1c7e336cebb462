#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One kind of record as `weights.json` holds it (SPEC §1): its codec,
/// declared once per kind (`WeighInCodec`, `IntakeCodec`, …) and
/// registered in `StoreDocument.codecs`. It names the array the kind lives
/// in, what a message calls one, and the members of its own beside the id,
/// date and note every record has; `readRecords` walks each record's keys
/// once and hands this kind's members to the codec, and `encode` writes
/// one record as the document's canonical line, keys sorted.
protocol RecordCodec {
    associatedtype Record: StoredRecord
    /// The top-level array: `entries`, `intake`, `measurements`.
    static var arrayKey: String { get }
    /// Whether a document must hold the array (only `entries`, which is
    /// written even when empty, as every version of the format has it).
    static var isRequired: Bool { get }
    /// `entry`, `intake entry`, `measurement` (then its number).
    static var recordName: StaticString { get }
    /// This kind's own members, by the index `read` is given.
    static var members: [StaticString] { get }
    /// Whether its records carry the shared `date` (an instant); a kind
    /// dated by a day alone (a mark) reads its own member instead.
    static var hasDate: Bool { get }
    init()
    /// Reads the value of `members[member]`.
    mutating func read(member: Int, _ s: inout JSONScanner, _ what: RecordPlace) throws(JSONScanner.Failure)
    /// The record, or the member that is missing.
    func record(_ common: CommonFields, _ s: inout JSONScanner, _ what: RecordPlace, at start: Int) throws(JSONScanner.Failure) -> Record
    /// One record as the document writes it: `{…}`, keys sorted.
    static func encode<Sink: ByteSink>(_ record: Record, into out: inout Sink)
    /// This kind's array, read record by record into `store`. A requirement
    /// (with the one implementation below) so that each kind's reading, and
    /// the check of its order, is compiled for that kind: reached through
    /// `StoreDocument.codecs`, a generic function asks every record's type
    /// at run time, and a long history reads at half speed.
    static func readArray(_ s: inout JSONScanner, allowUnknownKeys: Bool, into store: inout RecordStore) throws(JSONScanner.Failure)
    /// The kind's `kind` cell in the table of every kind (`RecordTable`): `weight`, `intake`, `measurement`.
    static var tableKind: String { get }
    /// A record's own cells in that table, as stored: nothing rounded.
    static func tableCells(_ record: Record) -> RecordTable.Cells
    /// The record a row of that table makes, or why it makes none.
    static func record(fromTable cells: RecordTable.Cells, id: RecordID, date: String, note: String?) -> Result<Record, RecordTable.Refusal>
}

extension RecordCodec {
    static var isRequired: Bool { false }
    static var hasDate: Bool { true }
}

/// Which record a message is about (`intake entry 3`): spelt out only when
/// there is something to say.
struct RecordPlace: CustomStringConvertible {
    let kind: StaticString
    let number: Int
    var description: String { "\(kind) \(number)" }
}

/// The members every record has: an id, a date and an optional note.
struct CommonFields {
    static let members: [StaticString] = ["date", "id", "note"]
    var id: RecordID?
    var timestamp: Timestamp?
    var note: String?

    mutating func read(member: Int, _ s: inout JSONScanner, _ what: RecordPlace) throws(JSONScanner.Failure) {
        let offset = s.offset
        switch member {
        case 0:
            guard s.peek() == UInt8(ascii: "\"") else { throw s.fail("\(what): \"date\" must be a string, not \(s.kindOfNextValue())") }
            guard let value = try s.readString(width: 25, parsing: Timestamp.parse) else {
                throw s.fail("\(what): \"\(try s.rereadString(at: offset))\" is not a date like 2026-11-29T07:30:00+01:00", at: offset)
            }
            timestamp = value
        case 1:
            guard s.peek() == UInt8(ascii: "\"") else { throw s.fail("\(what): \"id\" must be a string, not \(s.kindOfNextValue())") }
            guard let value = try s.readString(width: 36, parsing: EntryID.parse) else {
                throw s.fail("\(what): \"\(try s.rereadString(at: offset))\" is not a UUID", at: offset)
            }
            id = value
        default:
            if s.peek() == UInt8(ascii: "n") {
                try s.readNull()
            } else {
                guard s.peek() == UInt8(ascii: "\"") else { throw s.fail("\(what): \"note\" must be a string, not \(s.kindOfNextValue())") }
                note = try s.readString()
            }
        }
    }

    func required(_ s: inout JSONScanner, _ what: RecordPlace, at start: Int) throws(JSONScanner.Failure) -> (RecordID, Timestamp) {
        guard let id else { throw s.fail("\(what): the \"id\" field is missing", at: start) }
        guard let timestamp else { throw s.fail("\(what): the \"date\" field is missing", at: start) }
        return (id, timestamp)
    }
}

extension JSONScanner {
    /// A number member of a record, bounded by `isValid`.
    mutating func readBoundedNumber(
        _ key: StaticString, _ what: RecordPlace, range text: String, _ isValid: (Double) -> Bool
    ) throws(Failure) -> Double {
        let offset = self.offset
        let value = try StoreDocument.number(&self, "\(what): \"\(key)\"")
        guard isValid(value) else { throw fail("\(what): \"\(key)\" must be \(text)", at: offset) }
        return value
    }
}

extension RecordCodec {
    static func readArray(_ s: inout JSONScanner, allowUnknownKeys: Bool, into store: inout RecordStore) throws(JSONScanner.Failure) {
        store.insert(contentsOf: try StoreDocument.readRecords(Self.self, &s, allowUnknownKeys: allowUnknownKeys))
    }
}

extension StoreDocument {
    /// Reads one of the record arrays, each record key by key: every key
    /// known (unless `allowUnknownKeys`: a newer trend's file), none twice,
    /// every value in range.
    static func readRecords<Fields: RecordCodec>(
        _: Fields.Type, _ s: inout JSONScanner, allowUnknownKeys: Bool
    ) throws(JSONScanner.Failure) -> [Fields.Record] {
        guard s.peek() == UInt8(ascii: "[") else { throw s.fail("\"\(Fields.arrayKey)\" must be an array, not \(s.kindOfNextValue())") }
        // Without a date, the shared members are id and note, read as the shared reader's 1 and 2.
        let skipped = Fields.hasDate ? 0 : 1
        let names = JSONScanner.MemberNames(Array(CommonFields.members.dropFirst(skipped)) + Fields.members)
        let common = CommonFields.members.count - skipped
        var records: [Fields.Record] = []
        let arrayStart = s.offset
        try s.readArray { (s: inout JSONScanner) throws(JSONScanner.Failure) in
            let start = s.offset
            let what = RecordPlace(kind: Fields.recordName, number: records.count + 1)
            guard s.peek() == UInt8(ascii: "{") else { throw s.fail("\(what) must be an object, not \(s.kindOfNextValue())") }
            var shared = CommonFields()
            var fields = Fields()
            try s.readMembers(names) { (s: inout JSONScanner, member: Int?, keyOffset: Int) throws(JSONScanner.Failure) in
                switch member {
                case let member? where member < common: try shared.read(member: member + skipped, &s, what)
                case let member?: try fields.read(member: member - common, &s, what)
                case nil:
                    guard allowUnknownKeys else { throw s.fail("\(what): unknown key \"\(try s.rereadString(at: keyOffset))\"", at: keyOffset) }
                    try s.skipValue()
                }
            }
            records.append(try fields.record(shared, &s, what, at: start))
            if records.count == 256 {
                // Room for the rest of the file at the length records have had so
                // far: growing by doubling would hold up to twice a long history.
                let perRecord = max(1, (s.offset - arrayStart) / records.count)
                records.reserveCapacity(records.count + (s.bytes.count - s.offset) / perRecord * 21 / 20)
            }
            s.releaseRead()
        }
        return records
    }
}

extension StoreDocument {
    /// Appends `, "note": "…"` when there is a note: the last member of every record.
    static func appendNote<Sink: ByteSink>(_ note: String?, to out: inout Sink) {
        guard let note else { return }
        out.append(", \"note\": ")
        out.append(contentsOf: JSONText.quoted(note).utf8)
    }

    /// Appends `"date": "…", "id": "…"`, the members every record has, in their sorted place.
    static func appendDateAndID<Sink: ByteSink>(_ record: some StoredRecord, to out: inout Sink) {
        out.append("\"date\": \"")
        record.timestamp.withISO8601 { out.append(buffer: $0) }
        out.append("\", \"id\": \"")
        EntryID.withText(of: record.recordID) { out.append(buffer: $0) }
        out.append(UInt8(ascii: "\""))
    }
}
