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
    /// Everything the stream changes, in one value kept outside the object:
    /// a class's stored property is checked for exclusive access at every
    /// use, a call into the runtime at each of the several steps a value
    /// takes. No step calls out of this file while it changes the state
    /// (a document's `encode(to:)` runs between steps, never within one),
    /// so no two accesses can overlap, and the encoder is used on one thread.
    private let state: UnsafeMutablePointer<StreamState>

    /// What was written so far.
    var out: [UInt8] { state.pointee.out }

    init(baseIndent: Int = 0, capacity: Int = 4096) {
        state = .allocate(capacity: 1)
        state.initialize(to: StreamState(baseIndent: baseIndent))
        state.pointee.out.reserveCapacity(capacity)
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// The document's bytes, without the line break after it; false when
    /// the stream could not follow it.
    func encode(_ document: some Encodable) throws -> Bool {
        let start = state.pointee.out.count
        try document.encode(to: ValueEncoder(stream: self, depth: 0, codingPath: []))
        state.pointee.end(writtenSince: start)
        return !state.pointee.unsupported
    }

    /// What was written, handed over: the encoder keeps no copy.
    func takeBytes() -> [UInt8] { state.pointee.takeBytes() }

    /// Ready for another document, keeping the room `out` has grown to.
    func reset() { state.pointee.reset() }

    // MARK: Writing, for the containers below

    /// Opens a container at `depth`: `{` or `[` now, its end when it is left.
    fileprivate func open(array: Bool, depth: Int) -> Int { state.pointee.open(array: array, depth: depth) }

    /// Starts the next member or element of container `frame` (see
    /// `StreamState.beginItem`); false when that container was closed already.
    fileprivate func beginItem(in frame: Int, depth: Int, key: String?) -> Bool {
        state.pointee.beginItem(in: frame, depth: depth, key: key)
    }

    /// A member or an element that is a leaf, begun and written in one step.
    fileprivate func item(in frame: Int, depth: Int, key: String?, _ leaf: JSONValue) {
        state.pointee.item(in: frame, depth: depth, key: key, leaf)
    }

    /// Whether container `frame` is the innermost open at `depth`, once what
    /// was left open inside it is closed.
    fileprivate func isOpen(_ frame: Int, depth: Int) -> Bool { state.pointee.isOpen(frame, depth: depth) }

    fileprivate func markUnsupported() { state.pointee.unsupported = true }

    /// A leaf (a number, a string, a boolean, null), as the tree renders it.
    fileprivate func write(_ leaf: JSONValue) { state.pointee.write(leaf) }

    /// A value at an item just begun: a leaf, or one that encodes itself
    /// (`null` when it writes nothing, as the tree gives an untouched node).
    fileprivate func write(_ value: some Encodable, depth: Int, codingPath: @autoclosure () -> [any CodingKey]) throws {
        if let leaf = JSONValue(leaf: value) { return write(leaf) }
        let start = state.pointee.out.count
        try value.encode(to: ValueEncoder(stream: self, depth: depth, codingPath: codingPath()))
        state.pointee.nullIfNothing(writtenSince: start)
    }
}

extension StreamingEncoder {
    /// Writes a document of leaves (see `LeafMembers`) where `encoder`
    /// stands, as its container and items would, when `encoder` is this
    /// stream's; false for any other encoder. The type is told from the
    /// encoder, a class of this file: asking whether a value conforms to a
    /// protocol searched every conformance of the program for each new type.
    static func write(members: some LeafMembers, to encoder: any Encoder) -> Bool {
        guard let encoder = encoder as? ValueEncoder else { return false }
        encoder.write(members: members)
        return true
    }
}

/// The bytes written and the containers open, with every step that changes them.
private struct StreamState {
    var out: [UInt8] = []
    /// Set when the document used containers in a way the stream cannot
    /// follow; what `out` holds is then not to be used.
    var unsupported = false
    let baseIndent: Int
    /// The containers open, innermost last.
    private var frames: [Frame] = []
    private var nextFrameID = 0

    private struct Frame {
        let id: Int
        let closing: UInt8
        var count = 0
    }

    init(baseIndent: Int) {
        self.baseIndent = baseIndent
    }

    mutating func takeBytes() -> [UInt8] {
        defer { out = [] }
        return out
    }

    mutating func reset() {
        out.removeAll(keepingCapacity: true)
        frames.removeAll(keepingCapacity: true)
        unsupported = false
    }

    /// Closes what is open; `null` when the document wrote nothing.
    mutating func end(writtenSince start: Int) {
        close(downTo: 0)
        nullIfNothing(writtenSince: start)
    }

    /// `null` for a value that wrote nothing, as the tree gives an untouched node.
    mutating func nullIfNothing(writtenSince start: Int) {
        if out.count == start { write(.null) }
    }

    mutating func open(array: Bool, depth: Int) -> Int {
        close(downTo: depth)
        nextFrameID += 1
        out.append(array ? UInt8(ascii: "[") : UInt8(ascii: "{"))
        frames.append(Frame(id: nextFrameID, closing: array ? UInt8(ascii: "]") : UInt8(ascii: "}")))
        return nextFrameID
    }

    /// Closes what was left open inside container `frame`, then writes the
    /// separator, the indent and the key.
    mutating func beginItem(in frame: Int, depth: Int, key: String?) -> Bool {
        guard isOpen(frame, depth: depth) else {
            unsupported = true
            return false
        }
        if frames[depth].count > 0 { out.append(UInt8(ascii: ",")) }
        out.append(UInt8(ascii: "\n"))
        frames[depth].count += 1
        pad(baseIndent + 2 * (depth + 1))
        if let key {
            JSONText.appendQuoted(key, to: &out)
            out.append(UInt8(ascii: ":"))
            out.append(UInt8(ascii: " "))
        }
        return true
    }

    mutating func item(in frame: Int, depth: Int, key: String?, _ leaf: JSONValue) {
        if beginItem(in: frame, depth: depth, key: key) { write(leaf) }
    }

    mutating func isOpen(_ frame: Int, depth: Int) -> Bool {
        close(downTo: depth + 1)
        return frames.count == depth + 1 && frames[depth].id == frame
    }

    mutating func write(_ leaf: JSONValue) { leaf.render(into: &out, indent: 0) }

    /// Closes the containers from `depth` in.
    private mutating func close(downTo depth: Int) {
        while frames.count > depth {
            let frame = frames.removeLast()
            if frame.count > 0 {
                out.append(UInt8(ascii: "\n"))
                pad(baseIndent + 2 * frames.count)
            }
            out.append(frame.closing)
        }
    }

    private mutating func pad(_ count: Int) { JSONValue.pad(count, into: &out) }
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

    /// The members of a document of leaves, in the container it opens.
    func write(members: some LeafMembers) {
        let frame = frame(array: false)
        members.forEachMember { key, leaf in stream.item(in: frame, depth: depth, key: key, leaf) }
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

    private func item(_ key: Key, _ leaf: JSONValue) { stream.item(in: frame, depth: depth, key: key.stringValue, leaf) }

    mutating func encodeNil(forKey key: Key) throws { item(key, .null) }
    mutating func encode(_ value: Double, forKey key: Key) throws { item(key, .number(value)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { item(key, .integer(value)) }
    mutating func encode(_ value: String, forKey key: Key) throws { item(key, .string(value)) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { item(key, .bool(value)) }
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

    private mutating func item(_ leaf: JSONValue) {
        count += 1
        stream.item(in: frame, depth: depth, key: nil, leaf)
    }

    mutating func encodeNil() throws { item(.null) }
    mutating func encode(_ value: Double) throws { item(.number(value)) }
    mutating func encode(_ value: Int) throws { item(.integer(value)) }
    mutating func encode(_ value: String) throws { item(.string(value)) }
    mutating func encode(_ value: Bool) throws { item(.bool(value)) }
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
