import FoundationEssentials

/// The `weights.json` format (SPEC §1): reading it strictly, writing it
/// canonically (sorted keys, one entry per line, shortest numbers), so the
/// same data always gives the same bytes.
///
/// Both directions are hand-written for speed: every command reads the whole
/// history, so keys are matched as bytes, ids, dates and numbers are parsed
/// without formatters, and nothing is allocated per entry but the entry.
enum WeightsDocument {
    // MARK: Writing

    static func encode(_ store: WeightStore) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64 + store.entries.count * 112)
        encode(store, into: &out)
        return out
    }

    /// Writes the document into any byte sink: an array, or a file in chunks.
    static func encode<Sink: ByteSink>(_ store: WeightStore, into out: inout Sink) {
        out.append(contentsOf: "{\n  \"entries\": [".utf8)
        for (i, entry) in store.entries.enumerated() {
            out.append(contentsOf: i == 0 ? "\n    {\"date\": \"".utf8 : ",\n    {\"date\": \"".utf8)
            appendTimestamp(entry.timestamp, to: &out)
            out.append(contentsOf: "\", \"id\": \"".utf8)
            appendUUID(entry.id, to: &out)
            out.append(contentsOf: "\", \"kilograms\": ".utf8)
            out.append(contentsOf: JSONText.number(entry.kilograms).utf8)
            if let note = entry.note {
                out.append(contentsOf: ", \"note\": ".utf8)
                out.append(contentsOf: JSONText.quoted(note).utf8)
            }
            out.append(UInt8(ascii: "}"))
        }
        out.append(contentsOf: store.entries.isEmpty ? "],\n".utf8 : "\n  ],\n".utf8)
        if let goal = store.goalKilograms {
            out.append(contentsOf: "  \"goalKilograms\": \(JSONText.number(goal)),\n".utf8)
        }
        out.append(contentsOf: "  \"version\": \(store.version)\n}\n".utf8)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Formats into a small stack buffer and appends once: appending byte
    /// by byte cost a uniqueness check per byte.
    static func appendUUID<Sink: ByteSink>(_ id: UUID, to out: inout Sink) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { text in
            withUnsafeBytes(of: id.uuid) { raw in
                hexDigits.withUnsafeBufferPointer { hex in
                    var o = 0
                    for i in 0..<16 {
                        if i == 4 || i == 6 || i == 8 || i == 10 {
                            text[o] = UInt8(ascii: "-")
                            o += 1
                        }
                        text[o] = hex[Int(raw[i] >> 4)]
                        text[o + 1] = hex[Int(raw[i] & 0x0F)]
                        o += 2
                    }
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(text))
        }
    }

    static func appendTimestamp<Sink: ByteSink>(_ timestamp: Timestamp, to out: inout Sink) {
        let (year, month, dayOfMonth) = timestamp.day.civil
        guard (0...9999).contains(year) else {
            out.append(contentsOf: timestamp.iso8601Slow.utf8)
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 25) { text in
            func two(_ at: Int, _ value: Int) {
                text[at] = UInt8(48 + value / 10)
                text[at + 1] = UInt8(48 + value % 10)
            }
            two(0, year / 100)
            two(2, year % 100)
            text[4] = UInt8(ascii: "-")
            two(5, month)
            text[7] = UInt8(ascii: "-")
            two(8, dayOfMonth)
            text[10] = UInt8(ascii: "T")
            let second = timestamp.secondOfDay
            two(11, second / 3600)
            text[13] = UInt8(ascii: ":")
            two(14, second / 60 % 60)
            text[16] = UInt8(ascii: ":")
            two(17, second % 60)
            let offset = timestamp.utcOffsetSeconds
            text[19] = offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
            let minutes = abs(offset) / 60
            two(20, minutes / 60)
            text[22] = UInt8(ascii: ":")
            two(23, minutes % 60)
            out.append(contentsOf: UnsafeBufferPointer(text))
        }
    }

    // MARK: Reading

    /// Reads a document, refusing anything it cannot represent exactly:
    /// unknown or duplicate keys, wrong types, bad ids or dates, duplicate ids.
    static func decode(_ bytes: [UInt8], path: String) throws(StorageError) -> WeightStore {
        let result: Result<WeightStore, StorageError> = bytes.withUnsafeBufferPointer { buffer in
            do throws(StorageError) { return .success(try decode(buffer, path: path, consumed: nil)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Reads a mapped file; a large one on two cores (see `ParallelEntries`).
    static func decode(_ contents: MappedContents, path: String) async throws(StorageError) -> WeightStore {
        if let descriptor = contents.descriptor, let store = await ParallelEntries.decode(contents.bytes, descriptor: descriptor, releaser: contents.releaser) {
            return store
        }
        return try decode(contents.bytes, path: path, consumed: contents.releaser)
    }

    /// `consumed` is told, now and then, how far reading has got, so a
    /// mapped file lets go of the pages behind it.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, path: String, consumed: PageReleaser?) throws(StorageError) -> WeightStore {
        do {
            var scanner = JSONScanner(bytes: bytes)
            return try decodeStrict(&scanner, allowUnknownKeys: false, consumed: consumed)
        } catch {
            // A newer trend may add fields: read what we know if we can, but
            // blame the version, not the file, if we cannot.
            if let version = DocumentVersion.peek(bytes), version > WeightStore.currentVersion {
                var scanner = JSONScanner(bytes: bytes)
                if let store = try? decodeStrict(&scanner, allowUnknownKeys: true, consumed: nil) { return store }
                throw .newerVersion(path: path, version: version)
            }
            let (line, column) = JSONScanner(bytes: bytes).position(of: error.offset)
            throw .damaged(path: path, line: line, column: column, reason: error.reason)
        }
    }

    private static func decodeStrict(
        _ scanner: inout JSONScanner, allowUnknownKeys: Bool, consumed: PageReleaser?
    ) throws(JSONScanner.Failure) -> WeightStore {
        guard scanner.peek() == UInt8(ascii: "{") else {
            throw scanner.fail(scanner.bytes.isEmpty ? "the file is empty" : "the top level must be an object")
        }
        var entries: [WeightEntry] = []
        var sawEntries = false
        var goal: Double?
        var version: Int?
        try scanner.readObject { (s: inout JSONScanner, key: String, keyOffset: Int) throws(JSONScanner.Failure) in
            switch key {
            case "entries":
                sawEntries = true
                guard s.peek() == UInt8(ascii: "[") else { throw s.fail("\"entries\" must be an array, not \(s.kindOfNextValue())") }
                entries.reserveCapacity(s.bytes.count / 100)
                try s.expect(UInt8(ascii: "["), "'['")
                if s.take(UInt8(ascii: "]")) { return }
                var lastReported = s.offset
                repeat {
                    entries.append(try decodeEntry(&s, number: entries.count + 1, allowUnknownKeys: allowUnknownKeys))
                    if let consumed, s.offset - lastReported >= 1 << 22 {
                        consumed.release(upTo: s.offset)
                        lastReported = s.offset
                    }
                } while s.take(UInt8(ascii: ","))
                try s.expect(UInt8(ascii: "]"), "',' or ']'")
            case "goalKilograms":
                if s.peek() == UInt8(ascii: "n") {
                    try s.readNull()
                } else {
                    let offset = s.offset
                    let value = try number(&s, "\"goalKilograms\"")
                    guard value > 0, value <= WeightInput.maximumKilograms else {
                        throw s.fail("\"goalKilograms\" must be more than 0 and at most 1000", at: offset)
                    }
                    goal = value
                }
            case "version":
                let offset = s.offset
                let value = try number(&s, "\"version\"")
                guard value >= 1, value == value.rounded(), value < 1e9 else {
                    throw s.fail("\"version\" must be a whole number from 1", at: offset)
                }
                version = Int(value)
            default:
                guard allowUnknownKeys else { throw s.fail("unknown key \"\(key)\"", at: keyOffset) }
                try s.skipValue()
            }
        }
        try scanner.expectEnd()
        guard let version else { throw scanner.fail("the \"version\" field is missing", at: 0) }
        guard sawEntries else { throw scanner.fail("the \"entries\" field is missing", at: 0) }
        if let duplicate = firstDuplicateID(entries) {
            throw scanner.fail("entry \(duplicate + 1): id \(entries[duplicate].idText) appears twice", at: 0)
        }
        return WeightStore(entries: entries, goalKilograms: goal, version: version)
    }

    /// The index of the first entry whose id appeared before, if any.
    static func firstDuplicateID(_ entries: [WeightEntry]) -> Int? {
        DuplicateIDs.first(in: entries)
    }

    /// `what` is built only when reporting: it is evaluated per entry otherwise.
    static func number(_ s: inout JSONScanner, _ what: @autoclosure () -> String) throws(JSONScanner.Failure) -> Double {
        guard let next = s.peek(), next == UInt8(ascii: "-") || (48...57).contains(next) else {
            throw s.fail("\(what()) must be a number, not \(s.kindOfNextValue())")
        }
        return try s.readNumber()
    }

    static func decodeEntry(_ s: inout JSONScanner, number n: Int, allowUnknownKeys: Bool) throws(JSONScanner.Failure) -> WeightEntry {
        let start = s.offset
        guard s.peek() == UInt8(ascii: "{") else { throw s.fail("entry \(n) must be an object, not \(s.kindOfNextValue())") }
        s.index += 1
        var id: UUID?
        var timestamp: Timestamp?
        var kilograms: Double?
        var note: String?
        var seen: UInt8 = 0
        if !s.take(UInt8(ascii: "}")) {
            repeat {
                guard s.peek() == UInt8(ascii: "\"") else { throw s.unexpected(expecting: "a key in quotes") }
                let keyOffset = s.offset
                let field: UInt8
                // The canonical layout first: a known key in quotes, read in one step.
                if let known = s.takeKnownKey() {
                    field = known
                } else {
                    // Unusual spelling (escapes): decode the key, then match it.
                    switch try s.readString() {
                    case "date": field = 1
                    case "id": field = 2
                    case "kilograms": field = 4
                    case "note": field = 8
                    default: field = 0
                    }
                }
                if field != 0 && seen & field != 0 {
                    s.index = keyOffset
                    let name = try s.readString()
                    throw s.fail("duplicate key \"\(name)\"", at: keyOffset)
                }
                seen |= field
                try s.expect(UInt8(ascii: ":"), "':'")
                _ = s.peek()
                let offset = s.offset
                switch field {
                case 1:
                    guard s.peek() == UInt8(ascii: "\"") else { throw s.fail("entry \(n): \"date\" must be a string, not \(s.kindOfNextValue())") }
                    if let range = s.takeFixedString(25) ?? s.takeFixedString(20), let value = Timestamp.parse(s.bytes, range) {
                        timestamp = value
                        break
                    }
                    s.index = offset
                    guard let range = try s.readRawString(), let value = Timestamp.parse(s.bytes, range) else {
                        s.index = offset
                        let text = try s.readString()
                        throw s.fail("entry \(n): \"\(text)\" is not a date like 2026-11-29T07:30:00+01:00", at: offset)
                    }
                    timestamp = value
                case 2:
                    guard s.peek() == UInt8(ascii: "\"") else { throw s.fail("entry \(n): \"id\" must be a string, not \(s.kindOfNextValue())") }
                    if let range = s.takeFixedString(36), let value = parseUUID(s.bytes, range) {
                        id = value
                        break
                    }
                    s.index = offset
                    guard let range = try s.readRawString(), let value = parseUUID(s.bytes, range) else {
                        s.index = offset
                        let text = try s.readString()
                        throw s.fail("entry \(n): \"\(text)\" is not a UUID", at: offset)
                    }
                    id = value
                case 4:
                    let value = try number(&s, "entry \(n): \"kilograms\"")
                    guard value > 0, value <= WeightInput.maximumKilograms else {
                        throw s.fail("entry \(n): \"kilograms\" must be more than 0 and at most 1000", at: offset)
                    }
                    kilograms = value
                case 8:
                    if s.peek() == UInt8(ascii: "n") {
                        try s.readNull()
                    } else {
                        guard s.peek() == UInt8(ascii: "\"") else { throw s.fail("entry \(n): \"note\" must be a string, not \(s.kindOfNextValue())") }
                        note = try s.readString()
                    }
                default:
                    let end = s.offset
                    s.index = keyOffset
                    let name = try s.readString()
                    s.index = end
                    guard allowUnknownKeys else { throw s.fail("entry \(n): unknown key \"\(name)\"", at: keyOffset) }
                    _ = s.peek()
                    try s.skipValue()
                }
            } while s.take(UInt8(ascii: ","))
            try s.expect(UInt8(ascii: "}"), "',' or '}'")
        }
        guard let id else { throw s.fail("entry \(n): the \"id\" field is missing", at: start) }
        guard let timestamp else { throw s.fail("entry \(n): the \"date\" field is missing", at: start) }
        guard let kilograms else { throw s.fail("entry \(n): the \"kilograms\" field is missing", at: start) }
        return WeightEntry(id: id, timestamp: timestamp, kilograms: kilograms, note: note)
    }

    /// `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`, either case. Unrolled: the
    /// 16 byte positions are fixed.
    static func parseUUID(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UUID? {
        guard range.count == 36, let base = b.baseAddress, range.upperBound <= b.count else { return nil }
        let p = base + range.lowerBound
        guard p[8] == 45, p[13] == 45, p[18] == 45, p[23] == 45 else { return nil }
        // An invalid digit sets bit 8 of its nibble, which survives the
        // shifts and ORs: validity is checked once, without mutable state
        // (a captured `bad` flag made every digit a memory round trip).
        @inline(__always) func nibble(_ c: UInt8) -> UInt16 {
            let digit = c &- 48
            let letter = (c | 0x20) &- 97
            return digit < 10 ? UInt16(digit) : (letter < 6 ? UInt16(letter &+ 10) : 0x100)
        }
        @inline(__always) func pair(_ i: Int) -> UInt16 { nibble(p[i]) << 4 | nibble(p[i + 1]) }
        let v0 = pair(0), v1 = pair(2), v2 = pair(4), v3 = pair(6)
        let v4 = pair(9), v5 = pair(11), v6 = pair(14), v7 = pair(16)
        let v8 = pair(19), v9 = pair(21), v10 = pair(24), v11 = pair(26)
        let v12 = pair(28), v13 = pair(30), v14 = pair(32), v15 = pair(34)
        let all = v0 | v1 | v2 | v3 | v4 | v5 | v6 | v7 | v8 | v9 | v10 | v11 | v12 | v13 | v14 | v15
        guard all & 0xFF00 == 0 else { return nil }
        @inline(__always) func byte(_ v: UInt16) -> UInt8 { UInt8(truncatingIfNeeded: v) }
        return UUID(uuid: (
            byte(v0), byte(v1), byte(v2), byte(v3), byte(v4), byte(v5), byte(v6), byte(v7),
            byte(v8), byte(v9), byte(v10), byte(v11), byte(v12), byte(v13), byte(v14), byte(v15)
        ))
    }
}

/// Finds repeated ids among many, cache-friendly: the ids are first spread
/// into 256 partitions by their top byte in one sequential pass, then each
/// small partition is checked with a table that fits in cache. (A hash set
/// over a million random ids misses the cache on every insert.)
enum DuplicateIDs {
    /// The index of the first entry whose id appeared earlier, if any.
    static func first(in entries: [WeightEntry]) -> Int? {
        let count = entries.count
        guard count > 1 else { return nil }
        var keys = [(UInt64, UInt64)](repeating: (0, 0), count: count)
        var counts = [Int](repeating: 0, count: 257)
        for (i, entry) in entries.enumerated() {
            let key = withUnsafeBytes(of: entry.id.uuid) { raw in
                (UInt64(bigEndian: raw.load(as: UInt64.self)), UInt64(bigEndian: raw.load(fromByteOffset: 8, as: UInt64.self)))
            }
            keys[i] = key
            counts[Int(key.0 >> 56) + 1] += 1
        }
        for bucket in 1...256 { counts[bucket] += counts[bucket - 1] }
        var starts = counts
        var order = [Int32](repeating: 0, count: count)
        for i in 0..<count {
            let bucket = Int(keys[i].0 >> 56)
            order[starts[bucket]] = Int32(i)
            starts[bucket] += 1
        }
        var firstRepeat: Int?
        var table = [Int32](repeating: -1, count: 16)
        for bucket in 0..<256 {
            let members = counts[bucket]..<counts[bucket + 1]
            guard members.count > 1 else { continue }
            var size = 16
            while size < members.count * 2 { size <<= 1 }
            if table.count < size { table = [Int32](repeating: -1, count: size) } else { table.withUnsafeMutableBufferPointer { $0.update(repeating: -1) } }
            let mask = size - 1
            for position in members {
                let i = Int(order[position])
                let key = keys[i]
                var slot = Int(truncatingIfNeeded: (key.0 ^ key.1) &* 0x9E37_79B9_7F4A_7C15 >> 40) & mask
                while table[slot] >= 0 {
                    let other = Int(table[slot])
                    if keys[other] == key {
                        let later = max(i, other)
                        firstRepeat = min(firstRepeat ?? later, later)
                        break
                    }
                    slot = (slot + 1) & mask
                }
                if table[slot] < 0 { table[slot] = Int32(i) }
            }
        }
        return firstRepeat
    }
}

/// Finds a document's top-level `version` without judging the rest, so a
/// file from a newer trend is reported as such rather than as damaged.
enum DocumentVersion {
    static func peek(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var scanner = JSONScanner(bytes: bytes)
        var version: Int?
        try? scanner.readObject { (s: inout JSONScanner, key: String, _: Int) throws(JSONScanner.Failure) in
            if key == "version", let value = try? s.readNumber(), value >= 1, value < 1e9, value == value.rounded() {
                version = Int(value)
            } else {
                try s.skipValue()
            }
        }
        return version
    }
}
