#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A day mark: `day` and `name`, dated by the day alone (SPEC §21).
struct MarkCodec: RecordCodec {
    static let arrayKey = "marks"
    static let recordName: StaticString = "mark"
    static let members: [StaticString] = ["day", "name"]
    static let hasDate = false
    var day: CalendarDay?
    var name: MarkName?

    mutating func read(member: Int, _ s: inout JSONScanner, _ what: RecordPlace) throws(JSONScanner.Failure) {
        let offset = s.offset
        let key = member == 0 ? "day" : "name"
        guard s.peek() == UInt8(ascii: "\"") else { throw s.fail("\(what): \"\(key)\" must be a string, not \(s.kindOfNextValue())") }
        let text = try s.readString()
        if member == 0 {
            guard let value = CalendarDay(parsing: text) else { throw s.fail("\(what): \"\(text)\" is not a day like 2026-11-02", at: offset) }
            day = value
        } else {
            guard let value = MarkName(text) else {
                throw s.fail("\(what): \"\(text)\" is not a mark's name (lowercase letters, digits and -, 1 to 32, not a series or a measurement)", at: offset)
            }
            name = value
        }
    }

    func record(_ common: CommonFields, _ s: inout JSONScanner, _ what: RecordPlace, at start: Int) throws(JSONScanner.Failure) -> DayMark {
        guard let id = common.id else { throw s.fail("\(what): the \"id\" field is missing", at: start) }
        guard let day else { throw s.fail("\(what): the \"day\" field is missing", at: start) }
        guard let name else { throw s.fail("\(what): the \"name\" field is missing", at: start) }
        return DayMark(recordID: id, day: day, name: name, note: common.note)
    }

    /// `{"day": "2026-11-02", "id": …, "name": "period", "note": …}`.
    static func encode<Sink: ByteSink>(_ mark: DayMark, into out: inout Sink) {
        out.append(contentsOf: "{\"day\": \"\(mark.day)\", \"id\": \"".utf8)
        EntryID.withText(of: mark.recordID) { out.append(buffer: $0) }
        out.append("\", \"name\": ")
        out.append(contentsOf: JSONText.quoted(mark.name.text).utf8)
        StoreDocument.appendNote(mark.note, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    static let tableKind = "mark"

    static func tableCells(_ mark: DayMark) -> RecordTable.Cells {
        RecordTable.Cells(value: "", unit: "", name: mark.name.text, date: mark.day.description)
    }

    static func record(fromTable cells: RecordTable.Cells, id: RecordID, date: String, note: String?) -> Result<DayMark, RecordTable.Refusal> {
        guard cells.value.isEmpty, cells.unit.isEmpty else { return .failure(RecordTable.Refusal(reason: "a mark has no value or unit")) }
        guard let name = MarkName(cells.name) else { return .failure(RecordTable.Refusal(reason: "'\(cells.name)' is not a mark's name")) }
        guard let day = CalendarDay(parsing: date) else { return .failure(RecordTable.Refusal(reason: "'\(date)' is not a day like 2026-11-02")) }
        return .success(DayMark(recordID: id, day: day, name: name, note: note))
    }
}
