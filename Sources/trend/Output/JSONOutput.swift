import TrendCore

/// JSON for scripts with a fixed key order, so output is stable and diffable.
indirect enum JSONOutput {
    case null
    case bool(Bool)
    case number(Double)
    case integer(Int)
    case string(String)
    case array([JSONOutput])
    case object([(String, JSONOutput)])

    static func optional(_ value: Double?) -> JSONOutput { value.map { .number($0) } ?? .null }
    static func optional(_ value: String?) -> JSONOutput { value.map { .string($0) } ?? .null }

    /// Rendered as bytes, then made a String once: appending small strings
    /// piece by piece was most of the time `progress --format json` took.
    func rendered() -> String {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        render(into: &out, indent: 0)
        out.append(UInt8(ascii: "\n"))
        return String(decoding: out, as: UTF8.self)
    }

    private func render(into out: inout [UInt8], indent: Int) {
        func pad(_ count: Int) { out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count)) }
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let value): JSONText.appendNumber(value, toBytes: &out)
        case .integer(let value): out.append(contentsOf: String(value).utf8)
        case .string(let value): JSONText.appendQuoted(value, to: &out)
        case .array(let items):
            if items.isEmpty {
                out.append(contentsOf: "[]".utf8)
                return
            }
            out.append(contentsOf: "[\n".utf8)
            for (i, item) in items.enumerated() {
                pad(indent + 2)
                item.render(into: &out, indent: indent + 2)
                out.append(contentsOf: (i + 1 < items.count ? ",\n" : "\n").utf8)
            }
            pad(indent)
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            if members.isEmpty {
                out.append(contentsOf: "{}".utf8)
                return
            }
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
}
