#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A weigh-in: `kilograms` and, when measured, `fatPercent`.
struct WeighInCodec: RecordCodec {
    static let arrayKey = "entries"
    static let isRequired = true
    static let recordName: StaticString = "entry"
    static let members: [StaticString] = ["kilograms", "fatPercent"]
    var kilograms: Double?
    var fatPercent: Double?

    mutating func read(member: Int, _ s: inout JSONScanner, _ what: RecordPlace) throws(JSONScanner.Failure) {
        if member == 0 {
            kilograms = try s.readBoundedNumber("kilograms", what, range: WeightInput.validRangeText) { WeightInput.isValid(kilograms: $0) }
        } else if s.peek() == UInt8(ascii: "n") {
            try s.readNull()
        } else {
            fatPercent = try s.readBoundedNumber("fatPercent", what, range: WeightInput.validFatRangeText) { WeightInput.isValid(fatPercent: $0) }
        }
    }

    func record(_ common: CommonFields, _ s: inout JSONScanner, _ what: RecordPlace, at start: Int) throws(JSONScanner.Failure) -> WeightEntry {
        let (id, timestamp) = try common.required(&s, what, at: start)
        guard let kilograms else { throw s.fail("\(what): the \"kilograms\" field is missing", at: start) }
        return WeightEntry(recordID: id, timestamp: timestamp, kilograms: kilograms, note: common.note, fatPercent: fatPercent)
    }

    /// `{"date": …, "fatPercent": …, "id": …, "kilograms": …, "note": …}`.
    static func encode<Sink: ByteSink>(_ entry: WeightEntry, into out: inout Sink) {
        out.append("{\"date\": \"")
        entry.timestamp.withISO8601 { out.append(buffer: $0) }
        if let fat = entry.fatPercent {
            out.append("\", \"fatPercent\": ")
            JSONText.appendNumber(fat, to: &out)
            out.append(", \"id\": \"")
        } else {
            out.append("\", \"id\": \"")
        }
        EntryID.withText(of: entry.recordID) { out.append(buffer: $0) }
        out.append("\", \"kilograms\": ")
        JSONText.appendNumber(entry.kilograms, to: &out)
        StoreDocument.appendNote(entry.note, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    static let tableKind = "weight"

    static func tableCells(_ entry: WeightEntry) -> RecordTable.Cells {
        RecordTable.Cells(value: DecimalText.shortest(entry.kilograms), unit: "kg", fat: entry.fatPercent.map(DecimalText.shortest) ?? "")
    }

    static func record(fromTable cells: RecordTable.Cells, id: RecordID, date: String, note: String?) -> Result<WeightEntry, RecordTable.Refusal> {
        guard cells.unit == "kg" else { return .failure(RecordTable.Refusal(reason: "a weight's unit is kg, not '\(cells.unit)'")) }
        return RecordTable.instant(date).flatMap { timestamp in
            RecordTable.number(cells.value, "weight", valid: WeightInput.isValid(kilograms:), range: WeightInput.validRangeText).flatMap { kilograms in
                if cells.fat.isEmpty { return .success(WeightEntry(recordID: id, timestamp: timestamp, kilograms: kilograms, note: note, fatPercent: nil)) }
                return RecordTable.number(cells.fat, "body fat", valid: WeightInput.isValid(fatPercent:), range: WeightInput.validFatRangeText).map { fat in
                    WeightEntry(recordID: id, timestamp: timestamp, kilograms: kilograms, note: note, fatPercent: fat)
                }
            }
        }
    }
}
