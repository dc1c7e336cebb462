/// Encodes an `Encodable` document into trend's JSON: keys in
/// the order the type encodes them (a synthesized `encode(to:)` follows the
/// declaration), and a missing value written as `null`, never left out, so
/// a script always finds every key of the contract (SPEC §4). Foundation's
/// `JSONEncoder` leaves nil out and spaces its colons otherwise.
public struct DocumentEncoder {
    public init() {}

    /// The document's text, ending in a line break.
    public func encode(_ document: some Encodable) throws -> String {
        String(decoding: try bytes(document), as: UTF8.self)
    }

    /// The document's bytes, ending in a line break.
    public func bytes(_ document: some Encodable) throws -> [UInt8] {
        try value(of: document).bytes()
    }

    /// A document that is an array, written element by element through
    /// `write`: the bytes `bytes(_:)` gives for the whole array, but only one
    /// element is ever held, so a long list streams.
    public func writeArray<Element: Encodable>(_ elements: some Sequence<Element>, to write: ([UInt8]) -> Void) throws {
        let flushAt = 1 << 16
        var out: [UInt8] = []
        out.reserveCapacity(flushAt + 1024)
        var first = true
        for element in elements {
            out.append(contentsOf: (first ? "[\n  " : ",\n  ").utf8)
            first = false
            try value(of: element).render(into: &out, indent: 2)
            if out.count >= flushAt {
                write(out)
                out.removeAll(keepingCapacity: true)
            }
        }
        out.append(contentsOf: (first ? "[]\n" : "\n]\n").utf8)
        write(out)
    }

    /// The document as a tree of values, in the order it encodes them.
    func value(of document: some Encodable) throws -> JSONValue {
        let encoder = TreeEncoder(codingPath: [])
        try document.encode(to: encoder)
        return encoder.storage.value
    }
}

/// A value being built: reference cells, so nested containers can fill
/// their part after the parent has handed them out.
private final class Node {
    enum Content {
        case empty
        case single(JSONValue)
        case object([(String, Node)])
        case array([Node])
    }

    var kind: Content = .empty

    var value: JSONValue {
        switch kind {
        case .empty: .null
        case .single(let value): value
        case .object(let members): .object(members.map { ($0.0, $0.1.value) })
        case .array(let items): .array(items.map(\.value))
        }
    }

    /// The array is taken out of `kind` before it grows, so it is not
    /// shared and grows in place: otherwise every member copies all those
    /// before it, and a long list costs the square of its length.
    func member(_ key: String) -> Node {
        let node = Node()
        if case .object(var members) = kind {
            kind = .empty
            members.append((key, node))
            kind = .object(members)
        } else {
            kind = .object([(key, node)])
        }
        return node
    }

    func element() -> Node {
        let node = Node()
        if case .array(var items) = kind {
            kind = .empty
            items.append(node)
            kind = .array(items)
        } else {
            kind = .array([node])
        }
        return node
    }

    func beObject() { if case .object = kind {} else { kind = .object([]) } }
    func beArray() { if case .array = kind {} else { kind = .array([]) } }
}

private final class TreeEncoder: Encoder {
    let codingPath: [any CodingKey]
    let storage: Node
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(codingPath: [any CodingKey], storage: Node = Node()) {
        self.codingPath = codingPath
        self.storage = storage
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        storage.beObject()
        return KeyedEncodingContainer(KeyedContainer<Key>(node: storage, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        storage.beArray()
        return UnkeyedContainer(node: storage, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleContainer(node: storage, codingPath: codingPath)
    }
}

/// The leaves: what each type is written as. The coding path is only made
/// for a value that encodes itself: most are numbers and strings.
private func leaf(_ value: some Encodable, at node: Node, codingPath: @autoclosure () -> [any CodingKey]) throws {
    if let leaf = JSONValue(leaf: value) {
        node.kind = .single(leaf)
    } else {
        try value.encode(to: TreeEncoder(codingPath: codingPath(), storage: node))
    }
}

private struct KeyedContainer<Key: CodingKey>: NullForMissing {
    let node: Node
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { node.member(key.stringValue).kind = .single(.null) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try leaf(value, at: node.member(key.stringValue), codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = node.member(key.stringValue)
        child.beObject()
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = node.member(key.stringValue)
        child.beArray()
        return UnkeyedContainer(node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { TreeEncoder(codingPath: codingPath, storage: node.member("super")) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { TreeEncoder(codingPath: codingPath + [key], storage: node.member(key.stringValue)) }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]
    var count: Int {
        if case .array(let items) = node.kind { return items.count }
        return 0
    }

    mutating func encodeNil() throws { node.element().kind = .single(.null) }
    mutating func encode<T: Encodable>(_ value: T) throws { try leaf(value, at: node.element(), codingPath: codingPath) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = node.element()
        child.beObject()
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: child, codingPath: codingPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = node.element()
        child.beArray()
        return UnkeyedContainer(node: child, codingPath: codingPath)
    }

    mutating func superEncoder() -> any Encoder { TreeEncoder(codingPath: codingPath, storage: node.element()) }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.kind = .single(.null) }
    mutating func encode<T: Encodable>(_ value: T) throws { try leaf(value, at: node, codingPath: codingPath) }
}

/// A keyed container of trend's documents: a missing value is `null`, never
/// a missing key. Every `encodeIfPresent` overload is one here, as the
/// protocol's defaults leave the key out; both encoders' containers use them.
protocol NullForMissing: KeyedEncodingContainerProtocol {}

extension NullForMissing {
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
}
