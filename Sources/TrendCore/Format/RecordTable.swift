#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Every record of every kind in one table (SPEC §6, `export --kind all`):
/// `kind,id,date,value,unit,name,note`, and `fat` last when a weigh-in has
/// body fat; a mark's date is its day. Each kind says its own cells through its codec
/// (`RecordCodec.tableKind`, `tableCells`, `record(fromTable:)`); the
/// table iterates over `StoreDocument.codecs`, so a kind declared there is
/// in it. Ids, instants with their offsets, values as stored and notes
/// are kept: the table imports back without loss.
package enum RecordTable {
    /// The columns every table has, in order.
    package static let columns = ["kind", "id", "date", "value", "unit", "name", "note"]
    /// The column a weigh-in's body fat takes, after them, when there is any.
    package static let fatColumn = "fat"

    /// A record's own cells: what it measures, in what, of what.
    package struct Cells: Equatable, Sendable {
        package var value: String
        package var unit: String
        package var name = ""
        package var fat = ""
        /// The date cell of a kind dated by a day alone (a mark: `2026-11-02`); nil: the record's instant.
        package var date: String? = nil
    }

    /// Why a row makes no record.
    package struct Refusal: Error, Equatable, Sendable {
        package let reason: String
    }

    /// The table, written in pieces of about 64 KiB to `write`.
    package static func write(_ store: RecordStore, write: @escaping ([UInt8]) -> Void) {
        var sink = ChunkingSink(write: write)
        func hasFat<Codec: RecordCodec>(_: Codec.Type) -> Bool {
            store.records(Codec.Record.self).contains { !Codec.tableCells($0).fat.isEmpty }
        }
        let fat = StoreDocument.codecs.contains { hasFat($0) }
        sink.append(contentsOf: Array(((columns + (fat ? [fatColumn] : [])).joined(separator: ",") + "\n").utf8))
        func rows<Codec: RecordCodec>(_: Codec.Type) {
            for record in store.records(Codec.Record.self) {
                let cells = Codec.tableCells(record)
                var line = Codec.tableKind + ","
                line += record.idText + ","
                line += (cells.date ?? record.timestamp.iso8601) + ","
                line += CSVField.quoted(cells.value) + "," + CSVField.quoted(cells.unit) + "," + CSVField.quoted(cells.name) + ","
                line += record.note.map(CSVField.quoted) ?? ""
                if fat { line += "," + cells.fat }
                sink.append(contentsOf: Array((line + "\n").utf8))
            }
        }
        for codec in StoreDocument.codecs { rows(codec) }
        sink.flush()
    }

    /// Each kind's `kind` cell, in the kinds' order: the names `export --kind` takes.
    package static var kindNames: [(kind: RecordKind, name: String)] {
        func named<Codec: RecordCodec>(_: Codec.Type) -> (kind: RecordKind, name: String) { (Codec.Record.kind, Codec.tableKind) }
        return StoreDocument.codecs.map { named($0) }
    }

    /// Whether `fields` are the table's header.
    package static func isHeader(_ fields: [String]) -> Bool {
        fields == columns || fields == columns + [fatColumn]
    }

    /// An instant with its offset, as the table writes it.
    package static func instant(_ text: String) -> Result<Timestamp, Refusal> {
        let parsed = Array(text.utf8).withUnsafeBufferPointer { Timestamp.parse($0) }
        return parsed.map { .success($0) } ?? .failure(Refusal(reason: "'\(text)' is not a date like 2026-11-29T07:30:00+01:00"))
    }

    /// A number within what the kind allows.
    package static func number(_ text: String, _ what: String, valid: (Double) -> Bool, range: String) -> Result<Double, Refusal> {
        guard let value = Double(text), value.isFinite else { return .failure(Refusal(reason: "the \(what) '\(text)' is not a number")) }
        guard valid(value) else { return .failure(Refusal(reason: "the \(what) \(text) is not within \(range)")) }
        return .success(value)
    }
}
