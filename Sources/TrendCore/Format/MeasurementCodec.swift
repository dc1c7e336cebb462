#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A tape measurement: `name` and `centimetres`.
struct MeasurementCodec: RecordCodec {
    static let arrayKey = "measurements"
    static let recordName: StaticString = "measurement"
    static let members: [StaticString] = ["centimetres", "name"]
    var name: MeasurementName?
    var centimetres: Double?

    mutating func read(member: Int, _ s: inout JSONScanner, _ what: RecordPlace) throws(JSONScanner.Failure) {
        guard member == 1 else {
            centimetres = try s.readBoundedNumber("centimetres", what, range: MeasurementEntry.validRangeText) { MeasurementEntry.isValid(centimetres: $0) }
            return
        }
        let offset = s.offset
        guard s.peek() == UInt8(ascii: "\"") else { throw s.fail("\(what): \"name\" must be a string, not \(s.kindOfNextValue())") }
        let text = try s.readString()
        guard let value = MeasurementName(text) else {
            throw s.fail("\(what): \"\(text)\" is not a measurement name (a lowercase letter, then up to 31 letters, digits or dashes)", at: offset)
        }
        name = value
    }

    func record(_ common: CommonFields, _ s: inout JSONScanner, _ what: RecordPlace, at start: Int) throws(JSONScanner.Failure) -> MeasurementEntry {
        let (id, timestamp) = try common.required(&s, what, at: start)
        guard let name else { throw s.fail("\(what): the \"name\" field is missing", at: start) }
        guard let centimetres else { throw s.fail("\(what): the \"centimetres\" field is missing", at: start) }
        return MeasurementEntry(recordID: id, timestamp: timestamp, name: name, centimetres: centimetres, note: common.note)
    }

    /// `{"centimetres": 84.5, "date": …, "id": …, "name": "waist", "note": …}`.
    static func encode<Sink: ByteSink>(_ entry: MeasurementEntry, into out: inout Sink) {
        out.append("{\"centimetres\": ")
        JSONText.appendNumber(entry.centimetres, to: &out)
        out.append(", ")
        StoreDocument.appendDateAndID(entry, to: &out)
        out.append(", \"name\": ")
        out.append(contentsOf: JSONText.quoted(entry.name.text).utf8)
        StoreDocument.appendNote(entry.note, to: &out)
        out.append(UInt8(ascii: "}"))
    }
}
