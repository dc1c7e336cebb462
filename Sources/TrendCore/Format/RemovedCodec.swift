#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The store's `removed` array (SPEC §18): what `rm` and `import
/// --replace-intake` took out, one memory a line,
/// `{"date": "2026-11-02T07:20:00+01:00", "kind": "weigh-in", "value": 80.5}`
/// with `name` for a measurement or a mark. Read as strictly as every
/// other array: unknown keys, a kind trend does not know, a date that is
/// not one are refused.
enum RemovedCodec {
    static let arrayKey = "removed"

    static func read(_ s: inout JSONScanner, allowUnknownKeys: Bool) throws(JSONScanner.Failure) -> [RemovedRecord] {
        guard s.peek() == UInt8(ascii: "[") else { throw s.fail("\"removed\" must be an array, not \(s.kindOfNextValue())") }
        let kinds = Set(RecordStore.kinds.map { $0.kind.name })
        var memories: [RemovedRecord] = []
        var number = 0
        try s.readArray { (s: inout JSONScanner) throws(JSONScanner.Failure) in
            number += 1
            let start = s.offset
            let what = "removed record \(number)"
            guard s.peek() == UInt8(ascii: "{") else { throw s.fail("\(what) must be an object, not \(s.kindOfNextValue())") }
            var date: Timestamp?
            var kind: String?
            var value: Double?
            var name: String?
            try s.readObject { (s: inout JSONScanner, key: String, keyOffset: Int) throws(JSONScanner.Failure) in
                let offset = s.offset
                switch key {
                case "date":
                    guard s.peek() == UInt8(ascii: "\"") else { throw s.fail("\(what): \"date\" must be a string, not \(s.kindOfNextValue())") }
                    guard let read = try s.readString(width: 25, parsing: Timestamp.parse) else {
                        throw s.fail("\(what): \"\(try s.rereadString(at: offset))\" is not a date like 2026-11-29T07:30:00+01:00", at: offset)
                    }
                    date = read
                case "kind":
                    guard s.peek() == UInt8(ascii: "\"") else { throw s.fail("\(what): \"kind\" must be a string, not \(s.kindOfNextValue())") }
                    let text = try s.readString()
                    guard kinds.contains(text) else { throw s.fail("\(what): \"\(text)\" is not a kind of record", at: offset) }
                    kind = text
                case "value":
                    let read = try s.readNumber()
                    guard read.isFinite, read > 0 else { throw s.fail("\(what): \"value\" must be more than 0", at: offset) }
                    value = read
                case "name":
                    guard s.peek() == UInt8(ascii: "\"") else { throw s.fail("\(what): \"name\" must be a string, not \(s.kindOfNextValue())") }
                    name = try s.readString()
                default:
                    guard allowUnknownKeys else { throw s.fail("\(what): unknown key \"\(key)\"", at: keyOffset) }
                    try s.skipValue()
                }
            }
            guard let date, let kind else { throw s.fail("\(what) needs a \"date\" and a \"kind\"", at: start) }
            let memory = RemovedRecord(kind: kind, minute: date, value: value, name: name)
            guard memory.isRecallable else { throw s.fail("\(what): no \(kind) has that value and name", at: start) }
            memories.append(memory)
        }
        return memories
    }

    /// `  "removed": [\n    {…},\n    {…}\n  ],\n`, in store order.
    static func encode<Sink: ByteSink>(_ memories: [RemovedRecord], into out: inout Sink) {
        out.append(contentsOf: "  \"removed\": [".utf8)
        for (index, memory) in memories.enumerated() {
            out.append(contentsOf: (index == 0 ? "\n    " : ",\n    ").utf8)
            out.append(contentsOf: "{\"date\": \"".utf8)
            memory.minute.withISO8601 { out.append(contentsOf: $0) }
            out.append(contentsOf: "\", \"kind\": ".utf8)
            out.append(contentsOf: JSONText.quoted(memory.kind).utf8)
            if let name = memory.name {
                out.append(contentsOf: ", \"name\": ".utf8)
                out.append(contentsOf: JSONText.quoted(name).utf8)
            }
            if let value = memory.value {
                out.append(contentsOf: ", \"value\": ".utf8)
                JSONText.appendNumber(value, to: &out)
            }
            out.append(contentsOf: "}".utf8)
        }
        out.append(contentsOf: "\n  ],\n".utf8)
    }
}
