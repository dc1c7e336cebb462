import TrendCore

/// Writes an `Encodable` document's JSON as it is encoded, in the layout
/// `JSONValue.render` gives (two spaces a level, `null` for a missing
/// value), without building a tree first: a command's document was some
/// two thousand small allocations, and freeing them cost more than writing
/// the bytes.
///
/// A container is closed when something is next written outside it, which
/// is how a synthesized `encode(to:)` (and every document's) uses them. A
/// document that comes back to a container it has left, or asks for a
/// super encoder, is marked `unsupported`, and `DocumentEncoder` encodes it
/// again through the tree.
final class StreamingEncoder {
    private(set) var out: [UInt8] = []
    /// Set when the document used containers in a way the stream cannot
    /// follow; what `out` holds is then not to be used.
    private(set) var unsupported = false
    private let baseIndent: Int
    /// The containers open, innermost last.
    private var frames: [Frame] = []
    private var nextFrameID = 0

    private struct Frame {
        let id: Int
        let closing: UInt8
        var count = 0
    }

    init(baseIndent: Int = 0, capacity: Int = 4096) {
        self.baseIndent = baseIndent
        out.reserveCapacity(capacity)
    }

    /// The document's bytes, without the line break after it; false when
    /// the stream could not follow it.
    func encode(_ document: some Encodable) throws -> Bool {
        let start = out.count
        try document.encode(to: ValueEncoder(stream: self, depth: 0, codingPath: []))
        close(downTo: 0)
        if out.count == start { write(.null) }
        return !unsupported
    }

    /// What was written, handed over: the encoder keeps no copy.
    func takeBytes() -> [UInt8] {
        defer { out = [] }
        return out
    }

    /// Ready for another document, keeping the room `out` has grown to.
    func reset() {
        out.removeAll(keepingCapacity: true)
        frames.removeAll(keepingCapacity: true)
        unsupported = false
    }

    // MARK: Writing, for the containers below

    /// Opens a container at `depth`: `{` or `[` now, its end when it is left.
    fileprivate func open(array: Bool, depth: Int) -> Int {
        close(downTo: depth)
        nextFrameID += 1
        out.append(array ? UInt8(ascii: "[") : UInt8(ascii: "{"))
        frames.append(Frame(id: nextFrameID, closing: array ? UInt8(ascii: "]") : UInt8(ascii: "}")))
        return nextFrameID
    }

    /// Starts the next member or element of container `frame`: closes what
    /// was left open inside it, then the separator, the indent and the key.
    /// False when that container was closed already.
    fileprivate func beginItem(in frame: Int, depth: Int, key: String?) -> Bool {
        guard isOpen(frame, depth: depth) else {
            unsupported = true
            return false
        }
        out.append(contentsOf: (frames[depth].count > 0 ? ",\n" : "\n").utf8)
        frames[depth].count += 1
        pad(baseIndent + 2 * (depth + 1))
        if let key {
            JSONText.appendQuoted(key, to: &out)
            out.append(contentsOf: ": ".utf8)
        }
        return true
    }

    /// Whether container `frame` is the innermost open at `depth`, once what
    /// was left open inside it is closed.
    fileprivate func isOpen(_ frame: Int, depth: Int) -> Bool {
        close(downTo: depth + 1)
        return frames.count == depth + 1 && frames[depth].id == frame
    }

    fileprivate func markUnsupported() { unsupported = true }

    /// A leaf (a number, a string, a boolean, null), as the tree renders it.
    fileprivate func write(_ leaf: JSONValue) { leaf.render(into: &out, indent: 0) }

    /// A value at an item just begun: a leaf, or one that encodes itself
    /// (`null` when it writes nothing, as the tree gives an untouched node).
    fileprivate func write(_ value: some Encodable, depth: Int, codingPath: @autoclosure () -> [any CodingKey]) throws {
        if let leaf = JSONValue(leaf: value) { return write(leaf) }
        let start = out.count
        try value.encode(to: ValueEncoder(stream: self, depth: depth, codingPath: codingPath()))
        if out.count == start { write(.null) }
    }

    /// Closes the containers from `depth` in.
    private func close(downTo depth: Int) {
        while frames.count > depth {
            let frame = frames.removeLast()
            if frame.count > 0 {
                out.append(UInt8(ascii: "\n"))
                pad(baseIndent + 2 * frames.count)
            }
            out.append(frame.closing)
        }
    }

    private func pad(_ count: Int) {
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
    }
}

/// The encoder of one value's position: the document, a member or an element.
private final class ValueEncoder: Encoder {
    let stream: StreamingEncoder
    /// How many containers enclose this value.
    let depth: Int
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// The container this value opened, which a second request continues.
    private var opened: Int?

    init(stream: StreamingEncoder, depth: Int, codingPath: [any CodingKey]) {
        self.stream = stream
        self.depth = depth
        self.codingPath = codingPath
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(StreamKeyedContainer<Key>(stream: stream, frame: frame(array: false), depth: depth, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        StreamUnkeyedContainer(stream: stream, frame: frame(array: true), depth: depth, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        StreamSingleContainer(stream: stream, depth: depth, codingPath: codingPath)
    }

    private func frame(array: Bool) -> Int {
        if let opened {
            if !stream.isOpen(opened, depth: depth) { stream.markUnsupported() }
            return opened
        }
        let frame = stream.open(array: array, depth: depth)
        opened = frame
        return frame
    }
}

private struct StreamKeyedContainer<Key: CodingKey>: NullForMissing {
    let stream: StreamingEncoder
    let frame: Int
    let depth: Int
    let codingPath: [any CodingKey]

    private func begin(_ key: Key) -> Bool { stream.beginItem(in: frame, depth: depth, key: key.stringValue) }

    mutating func encodeNil(forKey key: Key) throws { if begin(key) { stream.write(.null) } }
    mutating func encode(_ value: Double, forKey key: Key) throws { if begin(key) { stream.write(.number(value)) } }
    mutating func encode(_ value: Int, forKey key: Key) throws { if begin(key) { stream.write(.integer(value)) } }
    mutating func encode(_ value: String, forKey key: Key) throws { if begin(key) { stream.write(.string(value)) } }
    mutating func encode(_ value: Bool, forKey key: Key) throws { if begin(key) { stream.write(.bool(value)) } }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        if begin(key) { try stream.write(value, depth: depth + 1, codingPath: codingPath + [key]) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        _ = begin(key)
        let nested = stream.open(array: false, depth: depth + 1)
        return KeyedEncodingContainer(StreamKeyedContainer<NestedKey>(stream: stream, frame: nested, depth: depth + 1, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        _ = begin(key)
        let nested = stream.open(array: true, depth: depth + 1)
        return StreamUnkeyedContainer(stream: stream, frame: nested, depth: depth + 1, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        stream.markUnsupported()
        return ValueEncoder(stream: stream, depth: depth + 1, codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        stream.markUnsupported()
        return ValueEncoder(stream: stream, depth: depth + 1, codingPath: codingPath + [key])
    }
}

private struct StreamUnkeyedContainer: UnkeyedEncodingContainer {
    let stream: StreamingEncoder
    let frame: Int
    let depth: Int
    let codingPath: [any CodingKey]
    private(set) var count = 0

    init(stream: StreamingEncoder, frame: Int, depth: Int, codingPath: [any CodingKey]) {
        self.stream = stream
        self.frame = frame
        self.depth = depth
        self.codingPath = codingPath
    }

    private mutating func begin() -> Bool {
        count += 1
        return stream.beginItem(in: frame, depth: depth, key: nil)
    }

    mutating func encodeNil() throws { if begin() { stream.write(.null) } }
    mutating func encode(_ value: Double) throws { if begin() { stream.write(.number(value)) } }
    mutating func encode(_ value: Int) throws { if begin() { stream.write(.integer(value)) } }
    mutating func encode(_ value: String) throws { if begin() { stream.write(.string(value)) } }
    mutating func encode(_ value: Bool) throws { if begin() { stream.write(.bool(value)) } }
    mutating func encode<T: Encodable>(_ value: T) throws {
        if begin() { try stream.write(value, depth: depth + 1, codingPath: codingPath) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        _ = begin()
        let nested = stream.open(array: false, depth: depth + 1)
        return KeyedEncodingContainer(StreamKeyedContainer<NestedKey>(stream: stream, frame: nested, depth: depth + 1, codingPath: codingPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        _ = begin()
        let nested = stream.open(array: true, depth: depth + 1)
        return StreamUnkeyedContainer(stream: stream, frame: nested, depth: depth + 1, codingPath: codingPath)
    }

    mutating func superEncoder() -> any Encoder {
        stream.markUnsupported()
        return ValueEncoder(stream: stream, depth: depth + 1, codingPath: codingPath)
    }
}

/// A value written where its encoder stands: the item is begun already.
private struct StreamSingleContainer: SingleValueEncodingContainer {
    let stream: StreamingEncoder
    let depth: Int
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { stream.write(.null) }
    mutating func encode(_ value: Double) throws { stream.write(.number(value)) }
    mutating func encode(_ value: Int) throws { stream.write(.integer(value)) }
    mutating func encode(_ value: String) throws { stream.write(.string(value)) }
    mutating func encode(_ value: Bool) throws { stream.write(.bool(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { try stream.write(value, depth: depth, codingPath: codingPath) }
}
