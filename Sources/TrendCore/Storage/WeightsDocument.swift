import Foundation

/// The `weights.json` format (SPEC §1): reading it strictly, writing it
/// canonically (sorted keys, one entry per line, shortest numbers), so the
/// same data always gives the same bytes.
enum WeightsDocument {
    static func encode(_ store: WeightStore) -> [UInt8] {
        var out = "{\n  \"entries\": ["
        out.reserveCapacity(64 + store.entries.count * 110)
        for (i, entry) in store.entries.enumerated() {
            out += i == 0 ? "\n    " : ",\n    "
            out += "{\"date\": \""
            out += entry.timestamp.iso8601
            out += "\", \"id\": \""
            out += entry.idText
            out += "\", \"kilograms\": "
            out += JSONText.number(entry.kilograms)
            if let note = entry.note {
                out += ", \"note\": "
                out += JSONText.quoted(note)
            }
            out += "}"
        }
        out += store.entries.isEmpty ? "],\n" : "\n  ],\n"
        if let goal = store.goalKilograms {
            out += "  \"goalKilograms\": " + JSONText.number(goal) + ",\n"
        }
        out += "  \"version\": \(store.version)\n}\n"
        return Array(out.utf8)
    }

    /// Reads a document, refusing anything it cannot represent exactly:
    /// unknown or duplicate keys, wrong types, bad ids or dates, duplicate ids.
    static func decode(_ bytes: [UInt8], path: String) throws(StorageError) -> WeightStore {
        do {
            return try decodeStrict(bytes, allowUnknownKeys: false)
        } catch {
            // A newer trend may add fields: read what we know if we can, but
            // blame the version, not the file, if we cannot.
            if let version = DocumentVersion.peek(bytes), version > WeightStore.currentVersion {
                if let store = try? decodeStrict(bytes, allowUnknownKeys: true) { return store }
                throw .newerVersion(path: path, version: version)
            }
            let scanner = JSONScanner(bytes: bytes)
            let (line, column) = scanner.position(of: error.offset)
            throw .damaged(path: path, line: line, column: column, reason: error.reason)
        }
    }

    private static func decodeStrict(_ bytes: [UInt8], allowUnknownKeys: Bool) throws(JSONScanner.Failure) -> WeightStore {
        var scanner = JSONScanner(bytes: bytes)
        guard scanner.peek() == UInt8(ascii: "{") else {
            throw scanner.fail(bytes.isEmpty ? "the file is empty" : "the top level must be an object")
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
                entries.reserveCapacity(bytes.count / 100)
                try s.readArray { (s: inout JSONScanner) throws(JSONScanner.Failure) in
                    entries.append(try decodeEntry(&s, number: entries.count + 1, allowUnknownKeys: allowUnknownKeys))
                }
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
        var ids = Set<UUID>(minimumCapacity: entries.count)
        for (i, entry) in entries.enumerated() where !ids.insert(entry.id).inserted {
            throw scanner.fail("entry \(i + 1): id \(entry.idText) appears twice", at: 0)
        }
        return WeightStore(entries: entries, goalKilograms: goal, version: version)
    }

    private static func number(_ s: inout JSONScanner, _ what: String) throws(JSONScanner.Failure) -> Double {
        guard let next = s.peek(), next == UInt8(ascii: "-") || (48...57).contains(next) else {
            throw s.fail("\(what) must be a number, not \(s.kindOfNextValue())")
        }
        return try s.readNumber()
    }

    private static func string(_ s: inout JSONScanner, _ what: String) throws(JSONScanner.Failure) -> String {
        guard s.peek() == UInt8(ascii: "\"") else { throw s.fail("\(what) must be a string, not \(s.kindOfNextValue())") }
        return try s.readString()
    }

    private static func decodeEntry(_ s: inout JSONScanner, number n: Int, allowUnknownKeys: Bool) throws(JSONScanner.Failure) -> WeightEntry {
        let start = s.offset
        guard s.peek() == UInt8(ascii: "{") else { throw s.fail("entry \(n) must be an object, not \(s.kindOfNextValue())") }
        var id: UUID?
        var timestamp: Timestamp?
        var kilograms: Double?
        var note: String?
        try s.readObject { (s: inout JSONScanner, key: String, keyOffset: Int) throws(JSONScanner.Failure) in
            let offset = s.offset
            switch key {
            case "id":
                let text = try string(&s, "entry \(n): \"id\"")
                guard text.utf8.count == 36, let value = UUID(uuidString: text) else {
                    throw s.fail("entry \(n): \"\(text)\" is not a UUID", at: offset)
                }
                id = value
            case "date":
                let text = try string(&s, "entry \(n): \"date\"")
                guard let value = Timestamp(iso8601: text[...].utf8) else {
                    throw s.fail("entry \(n): \"\(text)\" is not a date like 2026-11-29T07:30:00+01:00", at: offset)
                }
                timestamp = value
            case "kilograms":
                let value = try number(&s, "entry \(n): \"kilograms\"")
                guard value > 0, value <= WeightInput.maximumKilograms else {
                    throw s.fail("entry \(n): \"kilograms\" must be more than 0 and at most 1000", at: offset)
                }
                kilograms = value
            case "note":
                if s.peek() == UInt8(ascii: "n") {
                    try s.readNull()
                } else {
                    note = try string(&s, "entry \(n): \"note\"")
                }
            default:
                guard allowUnknownKeys else { throw s.fail("entry \(n): unknown key \"\(key)\"", at: keyOffset) }
                try s.skipValue()
            }
        }
        guard let id else { throw s.fail("entry \(n): the \"id\" field is missing", at: start) }
        guard let timestamp else { throw s.fail("entry \(n): the \"date\" field is missing", at: start) }
        guard let kilograms else { throw s.fail("entry \(n): the \"kilograms\" field is missing", at: start) }
        return WeightEntry(id: id, timestamp: timestamp, kilograms: kilograms, note: note)
    }
}

/// Finds a document's top-level `version` without judging the rest, so a
/// file from a newer trend is reported as such rather than as damaged.
enum DocumentVersion {
    static func peek(_ bytes: [UInt8]) -> Int? {
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
