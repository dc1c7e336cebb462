#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Food energy eaten: `kilocalories`.
struct IntakeCodec: RecordCodec {
    static let arrayKey = "intake"
    static let recordName: StaticString = "intake entry"
    static let members: [StaticString] = ["kilocalories"]
    var kilocalories: Double?

    mutating func read(member: Int, _ s: inout JSONScanner, _ what: RecordPlace) throws(JSONScanner.Failure) {
        kilocalories = try s.readBoundedNumber("kilocalories", what, range: IntakeEntry.validRangeText) { IntakeEntry.isValid(kilocalories: $0) }
    }

    func record(_ common: CommonFields, _ s: inout JSONScanner, _ what: RecordPlace, at start: Int) throws(JSONScanner.Failure) -> IntakeEntry {
        let (id, timestamp) = try common.required(&s, what, at: start)
        guard let kilocalories else { throw s.fail("\(what): the \"kilocalories\" field is missing", at: start) }
        return IntakeEntry(recordID: id, timestamp: timestamp, kilocalories: kilocalories, note: common.note)
    }

    /// `{"date": …, "id": …, "kilocalories": 650, "note": "lunch"}`.
    static func encode<Sink: ByteSink>(_ entry: IntakeEntry, into out: inout Sink) {
        out.append(UInt8(ascii: "{"))
        StoreDocument.appendDateAndID(entry, to: &out)
        out.append(", \"kilocalories\": ")
        JSONText.appendNumber(entry.kilocalories, to: &out)
        StoreDocument.appendNote(entry.note, to: &out)
        out.append(UInt8(ascii: "}"))
    }
}
