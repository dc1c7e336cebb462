/// A document whose members are all leaves (numbers, strings, booleans,
/// `null`), such as a chart's point: a report has one for each of hundreds
/// of days. Its `encode(to:)` is `encodeMembers`: the streaming encoder
/// then writes the members straight into its output, where through a
/// keyed container each took a boxed container and a call per member; any
/// other encoder gets them through a keyed container.
protocol LeafMembers: Encodable {
    /// Each member's key and value, in the document's order.
    func forEachMember(_ body: (String, JSONValue) throws -> Void) rethrows
}

extension LeafMembers {
    /// The members through a keyed container: `encode(to:)` for a type
    /// that lists its members in `forEachMember`.
    func encodeMembers(to encoder: any Encoder) throws {
        if StreamingEncoder.write(members: self, to: encoder) { return }
        var container = encoder.container(keyedBy: MemberKey.self)
        try forEachMember { key, value in
            let key = MemberKey(key)
            switch value {
            case .null: try container.encodeNil(forKey: key)
            case .bool(let flag): try container.encode(flag, forKey: key)
            case .number(let number): try container.encode(number, forKey: key)
            case .integer(let integer): try container.encode(integer, forKey: key)
            case .string(let text): try container.encode(text, forKey: key)
            case .array, .object: preconditionFailure("a member of a LeafMembers document is a leaf")
            }
        }
    }
}

/// A key given as text.
private struct MemberKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ text: String) { stringValue = text }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
