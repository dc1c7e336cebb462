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
/// (read back by `readRecords`, `RecordFields.swift`).
extension StoreDocument {
    /// `  "intake": [\n    {…},\n    {…}\n  ],\n`: nothing for an empty array,
    /// so a store without intake keeps its older layout and version.
    static func encodeArray<Sink: ByteSink, Stored: StoredRecord>(
        _ name: String, _ records: [Stored], into out: inout Sink, line: (Stored, inout Sink) -> Void
    ) {
        guard !records.isEmpty else { return }
        out.append(contentsOf: "  \"\(name)\": [".utf8)
        for (i, record) in records.enumerated() {
            out.append(i == 0 ? "\n    " : ",\n    ")
            line(record, &out)
        }
        out.append("\n  ],\n")
    }

    static func encode<Sink: ByteSink>(_ entry: IntakeEntry, into out: inout Sink) {
        out.append("{\"date\": \"")
        entry.timestamp.withISO8601 { out.append(contentsOf: $0) }
        out.append("\", \"id\": \"")
        EntryID.withText(of: entry.recordID) { out.append(contentsOf: $0) }
        out.append("\", \"kilocalories\": ")
        JSONText.appendNumber(entry.kilocalories, to: &out)
        appendNote(entry.note, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    static func encode<Sink: ByteSink>(_ entry: MeasurementEntry, into out: inout Sink) {
        out.append("{\"centimetres\": ")
        JSONText.appendNumber(entry.centimetres, to: &out)
        out.append(", \"date\": \"")
        entry.timestamp.withISO8601 { out.append(contentsOf: $0) }
        out.append("\", \"id\": \"")
        EntryID.withText(of: entry.recordID) { out.append(contentsOf: $0) }
        out.append("\", \"name\": ")
        out.append(contentsOf: JSONText.quoted(entry.name.text).utf8)
        appendNote(entry.note, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    private static func appendNote<Sink: ByteSink>(_ note: String?, to out: inout Sink) {
        guard let note else { return }
        out.append(", \"note\": ")
        out.append(contentsOf: JSONText.quoted(note).utf8)
    }
}
