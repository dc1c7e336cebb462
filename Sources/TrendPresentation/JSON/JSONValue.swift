import TrendCore

/// A JSON document as trend writes it for scripts (SPEC §4): members in the
/// order declared, two spaces a level, numbers in shortest round-trip form,
/// the same bytes for the same value. What `DocumentEncoder` builds from an
/// `Encodable` document.
enum JSONValue: Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case integer(Int)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// The leaf `value` is written as, if it is one (a number, an integer, a
    /// string or a boolean); nil for a value that encodes itself. An
    /// Optional encodes itself: `null`, or its value through here.
    init?<Value: Encodable>(leaf value: Value) {
        switch value {
        case let bool as Bool: self = .bool(bool)
        case let number as Double: self = .number(number)
        case let integer as Int: self = .integer(integer)
        case let text as String: self = .string(text)
        default: return nil
        }
    }

    static func == (a: JSONValue, b: JSONValue) -> Bool {
        a.rendered() == b.rendered()
    }

    /// The text, ending in a line break; rendered as bytes, made a String once.
    func rendered() -> String {
        String(decoding: bytes(), as: UTF8.self)
    }

    func bytes() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        render(into: &out, indent: 0)
        out.append(UInt8(ascii: "\n"))
        return out
    }

    /// The value at `indent` spaces, without a line break after it.
    func render(into out: inout [UInt8], indent: Int) {
        func pad(_ count: Int) { Self.pad(count, into: &out) }
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let value): JSONText.appendNumber(value, toBytes: &out)
        case .integer(let value): out.append(contentsOf: String(value).utf8)
        case .string(let value): JSONText.appendQuoted(value, to: &out)
        case .array(let items):
            guard !items.isEmpty else { return out.append(contentsOf: "[]".utf8) }
            out.append(contentsOf: "[\n".utf8)
            for (i, item) in items.enumerated() {
                pad(indent + 2)
                item.render(into: &out, indent: indent + 2)
                out.append(contentsOf: (i + 1 < items.count ? ",\n" : "\n").utf8)
            }
            pad(indent)
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            guard !members.isEmpty else { return out.append(contentsOf: "{}".utf8) }
            out.append(contentsOf: "{\n".utf8)
            for (i, (key, value)) in members.enumerated() {
                pad(indent + 2)
                JSONText.appendQuoted(key, to: &out)
                out.append(contentsOf: ": ".utf8)
                value.render(into: &out, indent: indent + 2)
                out.append(contentsOf: (i + 1 < members.count ? ",\n" : "\n").utf8)
            }
            pad(indent)
            out.append(UInt8(ascii: "}"))
        }
    }

    private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 64)

    /// `count` spaces: the layout's indent.
    static func pad(_ count: Int, into out: inout [UInt8]) {
        var left = count
        while left > 0 {
            let run = min(left, spaces.count)
            out.append(contentsOf: spaces[..<run])
            left -= run
        }
    }
}
