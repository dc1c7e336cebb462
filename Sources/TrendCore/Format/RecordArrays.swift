#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The store's `"intake"` and `"measurements"` arrays (SPEC §1, §15, §16),
/// one record a line, keys sorted, as `"entries"` is written:
///
///     {"date": "2026-11-30T12:30:00+01:00", "id": "…", "kilocalories": 650, "note": "lunch"}
///     {"centimetres": 84.5, "date": "…", "id": "…", "name": "waist"}
///
/// and read as strictly: every key known, none twice, every value in range.
extension WeightsDocument {
    // MARK: Writing

    /// `  "intake": [\n    {…},\n    {…}\n  ],\n`: nothing for an empty array,
    /// so a store without intake keeps its older layout and version.
    static func encodeArray<Sink: ByteSink, Stored: StoredRecord>(
        _ name: String, _ records: [Stored], into out: inout Sink, line: (Stored, inout Sink) -> Void
    ) {
        guard !records.isEmpty else { return }
        out.append(contentsOf: "  \"\(name)\": [".utf8)
        for (i, record) in records.enumerated() {
            out.append(contentsOf: i == 0 ? "\n    ".utf8 : ",\n    ".utf8)
            line(record, &out)
        }
        out.append(contentsOf: "\n  ],\n".utf8)
    }

    static func encode<Sink: ByteSink>(_ entry: IntakeEntry, into out: inout Sink) {
        out.append(contentsOf: "{\"date\": \"".utf8)
        entry.timestamp.withISO8601 { out.append(contentsOf: $0) }
        out.append(contentsOf: "\", \"id\": \"".utf8)
        EntryID.withText(of: entry.recordID) { out.append(contentsOf: $0) }
        out.append(contentsOf: "\", \"kilocalories\": ".utf8)
        JSONText.appendNumber(entry.kilocalories, to: &out)
        appendNote(entry.note, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    static func encode<Sink: ByteSink>(_ entry: MeasurementEntry, into out: inout Sink) {
        out.append(contentsOf: "{\"centimetres\": ".utf8)
        JSONText.appendNumber(entry.centimetres, to: &out)
        out.append(contentsOf: ", \"date\": \"".utf8)
        entry.timestamp.withISO8601 { out.append(contentsOf: $0) }
        out.append(contentsOf: "\", \"id\": \"".utf8)
        EntryID.withText(of: entry.recordID) { out.append(contentsOf: $0) }
        out.append(contentsOf: "\", \"name\": ".utf8)
        out.append(contentsOf: JSONText.quoted(entry.name.text).utf8)
        appendNote(entry.note, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    private static func appendNote<Sink: ByteSink>(_ note: String?, to out: inout Sink) {
        guard let note else { return }
        out.append(contentsOf: ", \"note\": ".utf8)
        out.append(contentsOf: JSONText.quoted(note).utf8)
    }

    // MARK: Reading

    /// The `"intake"` array: each line at fixed offsets when it is
    /// canonical (`appendCanonical`), else key by key.
    static func decodeIntakeArray(_ s: inout JSONScanner, allowUnknownKeys: Bool) throws(JSONScanner.Failure) -> [IntakeEntry] {
        try decodeArray("intake", &s) { (s: inout JSONScanner, records: inout [IntakeEntry]) throws(JSONScanner.Failure) in
            if appendCanonical(&s, to: &records) { return }
            records.append(try decodeIntake(&s, number: records.count + 1, allowUnknownKeys: allowUnknownKeys))
        }
    }

    static func decodeMeasurementArray(_ s: inout JSONScanner, allowUnknownKeys: Bool) throws(JSONScanner.Failure) -> [MeasurementEntry] {
        try decodeArray("measurements", &s) { (s: inout JSONScanner, records: inout [MeasurementEntry]) throws(JSONScanner.Failure) in
            records.append(try decodeMeasurement(&s, number: records.count + 1, allowUnknownKeys: allowUnknownKeys))
        }
    }

    /// Reads an array of records, each appended by `append`.
    private static func decodeArray<Stored>(
        _ name: String, _ s: inout JSONScanner, _ append: (inout JSONScanner, inout [Stored]) throws(JSONScanner.Failure) -> Void
    ) throws(JSONScanner.Failure) -> [Stored] {
        guard s.peek() == UInt8(ascii: "[") else { throw s.fail("\"\(name)\" must be an array, not \(s.kindOfNextValue())") }
        var records: [Stored] = []
        // Room for the rest of the file: a record line is at least ~100
        // bytes, and pages never written cost nothing.
        records.reserveCapacity((s.bytes.count - s.offset) / 100)
        try s.readArray { (s: inout JSONScanner) throws(JSONScanner.Failure) in
            try append(&s, &records)
        }
        return records
    }

    /// The members every record has: an id, a date and an optional note.
    private struct CommonFields {
        var id: UUID?
        var timestamp: Timestamp?
        var note: String?

        /// Reads `key` when it is one of them; false otherwise.
        mutating func read(_ key: String, _ s: inout JSONScanner, _ what: String) throws(JSONScanner.Failure) -> Bool {
            let offset = s.offset
            switch key {
            case "id":
                guard s.peek() == UInt8(ascii: "\"") else { throw s.fail("\(what): \"id\" must be a string, not \(s.kindOfNextValue())") }
                if let range = s.takeFixedString(36), let value = parseUUID(s.bytes, range) {
                    id = value
                    break
                }
                s.index = offset
                let text = try s.readString()
                guard let value = UUID(uuidString: text), text.utf8.count == 36 else { throw s.fail("\(what): \"\(text)\" is not a UUID", at: offset) }
                id = value
            case "date":
                guard s.peek() == UInt8(ascii: "\"") else { throw s.fail("\(what): \"date\" must be a string, not \(s.kindOfNextValue())") }
                if let range = s.takeFixedString(25) ?? s.takeFixedString(20), let value = Timestamp.parse(s.bytes, range) {
                    timestamp = value
                    break
                }
                s.index = offset
                let text = try s.readString()
                guard let value = Timestamp(iso8601: text[...].utf8) else {
                    throw s.fail("\(what): \"\(text)\" is not a date like 2026-11-29T07:30:00+01:00", at: offset)
                }
                timestamp = value
            case "note":
                if s.peek() == UInt8(ascii: "n") {
                    try s.readNull()
                } else {
                    guard s.peek() == UInt8(ascii: "\"") else { throw s.fail("\(what): \"note\" must be a string, not \(s.kindOfNextValue())") }
                    note = try s.readString()
                }
            default:
                return false
            }
            return true
        }

        func required(_ s: inout JSONScanner, _ what: String, at start: Int) throws(JSONScanner.Failure) -> (UUID, Timestamp) {
            guard let id else { throw s.fail("\(what): the \"id\" field is missing", at: start) }
            guard let timestamp else { throw s.fail("\(what): the \"date\" field is missing", at: start) }
            return (id, timestamp)
        }
    }

    static func decodeIntake(_ s: inout JSONScanner, number n: Int, allowUnknownKeys: Bool) throws(JSONScanner.Failure) -> IntakeEntry {
        let start = s.offset
        let what = "intake entry \(n)"
        guard s.peek() == UInt8(ascii: "{") else { throw s.fail("\(what) must be an object, not \(s.kindOfNextValue())") }
        var common = CommonFields()
        var kilocalories: Double?
        try s.readObject { (s: inout JSONScanner, key: String, keyOffset: Int) throws(JSONScanner.Failure) in
            if try common.read(key, &s, what) { return }
            let offset = s.offset
            switch key {
            case "kilocalories":
                let value = try number(&s, "\(what): \"kilocalories\"")
                guard IntakeEntry.isValid(kilocalories: value) else { throw s.fail("\(what): \"kilocalories\" must be \(IntakeEntry.validRangeText)", at: offset) }
                kilocalories = value
            default:
                guard allowUnknownKeys else { throw s.fail("\(what): unknown key \"\(key)\"", at: keyOffset) }
                try s.skipValue()
            }
        }
        let (id, timestamp) = try common.required(&s, what, at: start)
        guard let kilocalories else { throw s.fail("\(what): the \"kilocalories\" field is missing", at: start) }
        return IntakeEntry(id: id, timestamp: timestamp, kilocalories: kilocalories, note: common.note)
    }

    static func decodeMeasurement(_ s: inout JSONScanner, number n: Int, allowUnknownKeys: Bool) throws(JSONScanner.Failure) -> MeasurementEntry {
        let start = s.offset
        let what = "measurement \(n)"
        guard s.peek() == UInt8(ascii: "{") else { throw s.fail("\(what) must be an object, not \(s.kindOfNextValue())") }
        var common = CommonFields()
        var centimetres: Double?
        var name: MeasurementName?
        try s.readObject { (s: inout JSONScanner, key: String, keyOffset: Int) throws(JSONScanner.Failure) in
            if try common.read(key, &s, what) { return }
            let offset = s.offset
            switch key {
            case "centimetres":
                let value = try number(&s, "\(what): \"centimetres\"")
                guard MeasurementEntry.isValid(centimetres: value) else { throw s.fail("\(what): \"centimetres\" must be 1 to 300", at: offset) }
                centimetres = value
            case "name":
                guard s.peek() == UInt8(ascii: "\"") else { throw s.fail("\(what): \"name\" must be a string, not \(s.kindOfNextValue())") }
                let text = try s.readString()
                guard let value = MeasurementName(text) else {
                    throw s.fail("\(what): \"\(text)\" is not a measurement name (a lowercase letter, then up to 31 letters, digits or dashes)", at: offset)
                }
                name = value
            default:
                guard allowUnknownKeys else { throw s.fail("\(what): unknown key \"\(key)\"", at: keyOffset) }
                try s.skipValue()
            }
        }
        let (id, timestamp) = try common.required(&s, what, at: start)
        guard let name else { throw s.fail("\(what): the \"name\" field is missing", at: start) }
        guard let centimetres else { throw s.fail("\(what): the \"centimetres\" field is missing", at: start) }
        return MeasurementEntry(id: id, timestamp: timestamp, name: name, centimetres: centimetres, note: common.note)
    }
}
