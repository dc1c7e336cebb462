import TrendCore

/// A JSON document as trend writes it for scripts (SPEC §4): members in the
/// order declared, two spaces a level, numbers in shortest round-trip form,
/// the same bytes for the same value. What `DocumentEncoder` builds from an
/// `Encodable` document.
/// Not `indirect`: the arrays hold the nesting, so a number or a string is
/// a plain value, which `StreamingEncoder` writes without allocating.
enum JSONValue: Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case integer(Int)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// The leaf `value` is written as, if it is one (a number, an integer, a
    /// string, a boolean, or an Optional of one, `null` when nil, as
    /// `Optional.encode(to:)` writes it); nil for a value that encodes
    /// itself. Both encoders ask this. A document's optional figures
    /// (`encode(weight, forKey:)` with a `Double?`) are most of its
    /// values: through `Optional.encode(to:)` each took an encoder and a
    /// boxed container of its own.
    ///
    /// The type is compared first: a nested document (most values that
    /// come here) is then told apart without four failing dynamic casts.
    init?<Value: Encodable>(leaf value: Value) {
        // Each cast is to the type `Value` was just found to be: a bit-for-bit
        // copy, where `as!` asked the runtime each time.
        switch ObjectIdentifier(Value.self) {
        case LeafTypes.double: self = .number(unsafeBitCast(value, to: Double.self))
        case LeafTypes.int: self = .integer(unsafeBitCast(value, to: Int.self))
        case LeafTypes.string: self = .string(unsafeBitCast(value, to: String.self))
        case LeafTypes.bool: self = .bool(unsafeBitCast(value, to: Bool.self))
        case LeafTypes.optionalDouble: self = unsafeBitCast(value, to: Double?.self).map { .number($0) } ?? .null
        case LeafTypes.optionalString: self = unsafeBitCast(value, to: String?.self).map { .string($0) } ?? .null
        case LeafTypes.optionalInt: self = unsafeBitCast(value, to: Int?.self).map { .integer($0) } ?? .null
        case LeafTypes.optionalBool: self = unsafeBitCast(value, to: Bool?.self).map { .bool($0) } ?? .null
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

    /// `count` spaces, the indent of both encoders' layout.
    static func pad(_ count: Int, into out: inout [UInt8]) {
        var left = count
        while left > 0 {
            let run = min(left, spaces.count)
            out.append(contentsOf: spaces[..<run])
            left -= run
        }
    }
}

/// The types `JSONValue(leaf:)` writes as leaves, each looked up once: an
/// Optional's type is made by the runtime, asked for at every mention.
private enum LeafTypes {
    static let double = ObjectIdentifier(Double.self)
    static let int = ObjectIdentifier(Int.self)
    static let string = ObjectIdentifier(String.self)
    static let bool = ObjectIdentifier(Bool.self)
    static let optionalDouble = ObjectIdentifier(Double?.self)
    static let optionalString = ObjectIdentifier(String?.self)
    static let optionalInt = ObjectIdentifier(Int?.self)
    static let optionalBool = ObjectIdentifier(Bool?.self)
}
