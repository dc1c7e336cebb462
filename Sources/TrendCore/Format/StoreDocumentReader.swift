#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reading `weights.json` strictly: anything it cannot represent exactly is refused.
extension StoreDocument {
    /// Reads a document, refusing anything it cannot represent exactly:
    /// unknown or duplicate keys, wrong types, bad ids or dates, an id met twice.
    static func decode(_ bytes: [UInt8], path: String) throws(DataFileError) -> RecordStore {
        let result: Result<RecordStore, DataFileError> = bytes.withUnsafeBufferPointer { buffer in
            do throws(DataFileError) { return .success(try decode(buffer, path: path)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// `release`: lets go of the bytes before an offset once they are read
    /// (a mapped file's pages), so a long history is not held twice.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, path: String, release: ((Int) -> Void)? = nil) throws(DataFileError) -> RecordStore {
        try DocumentVersion.decode(bytes, path: path, supported: RecordStore.currentVersion, release: release) {
            (scanner: inout JSONScanner, lenient: Bool) throws(JSONScanner.Failure) in
            try decodeStrict(&scanner, allowUnknownKeys: lenient, settingsAllowed: false).store
        }
    }

    /// A JSON export: the weights document, and the settings it carries
    /// when it carries them (SPEC §6: a full backup). `weights.json` itself
    /// holds no settings.
    static func decodeExport(
        _ bytes: [UInt8], path: String, reached: ((Int) -> Void)? = nil
    ) throws(DataFileError) -> (store: RecordStore, settings: Settings?) {
        let result: Result<(store: RecordStore, settings: Settings?), DataFileError> = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(DataFileError) in
                try DocumentVersion.decode(buffer, path: path, supported: RecordStore.currentVersion, release: reached) {
                    (scanner: inout JSONScanner, lenient: Bool) throws(JSONScanner.Failure) in
                    try decodeStrict(&scanner, allowUnknownKeys: lenient, settingsAllowed: true)
                }
            }
        }
        return try result.get()
    }

    private static func decodeStrict(
        _ scanner: inout JSONScanner, allowUnknownKeys: Bool, settingsAllowed: Bool
    ) throws(JSONScanner.Failure) -> (store: RecordStore, settings: Settings?) {
        guard scanner.peek() == UInt8(ascii: "{") else {
            throw scanner.fail(scanner.bytes.isEmpty ? "the file is empty" : "the top level must be an object")
        }
        var store = RecordStore()
        var arraysRead: Set<String> = []
        var goal: Double?
        var plan = PlanFields()
        var version: Int?
        var settings: Settings?
        /// One kind's array, read into the store.
        func read<Codec: RecordCodec>(_: Codec.Type, _ s: inout JSONScanner) throws(JSONScanner.Failure) {
            try Codec.readArray(&s, allowUnknownKeys: allowUnknownKeys, into: &store)
        }
        try scanner.readObject { (s: inout JSONScanner, key: String, keyOffset: Int) throws(JSONScanner.Failure) in
            if try plan.read(key, &s) { return }
            switch key {
            case "settings" where settingsAllowed:
                guard s.peek() == UInt8(ascii: "{") else { throw s.fail("\"settings\" must be an object, not \(s.kindOfNextValue())") }
                var members = SettingsDocument.Members()
                try s.readObject { (inner: inout JSONScanner, name: String, nameOffset: Int) throws(JSONScanner.Failure) in
                    guard try members.read(name, &inner) else {
                        guard allowUnknownKeys else { throw inner.fail("unknown key \"\(name)\" in \"settings\"", at: nameOffset) }
                        try inner.skipValue()
                        return
                    }
                }
                settings = members.settings
            case let key where codecs.contains(where: { $0.arrayKey == key }):
                arraysRead.insert(key)
                for codec in codecs where codec.arrayKey == key { try read(codec, &s) }
            case "goalKilograms":
                if s.peek() == UInt8(ascii: "n") {
                    try s.readNull()
                } else {
                    let offset = s.offset
                    let value = try number(&s, "\"goalKilograms\"")
                    guard WeightInput.isValid(kilograms: value) else {
                        throw s.fail("\"goalKilograms\" must be \(WeightInput.validRangeText)", at: offset)
                    }
                    goal = value
                }
            case RemovedCodec.arrayKey:
                for memory in try RemovedCodec.read(&s, allowUnknownKeys: allowUnknownKeys) { store.remember(memory) }
            case "version":
                version = try s.readVersion()
            default:
                guard allowUnknownKeys else { throw s.fail("unknown key \"\(key)\"", at: keyOffset) }
                try s.skipValue()
            }
        }
        try scanner.expectEnd()
        guard let version else { throw scanner.fail("the \"version\" field is missing", at: 0) }
        for codec in codecs where codec.isRequired && !arraysRead.contains(codec.arrayKey) {
            throw scanner.fail("the \"\(codec.arrayKey)\" field is missing", at: 0)
        }
        if let repeated = repeatedID(in: store) { throw scanner.fail(repeated, at: 0) }
        store.setGoal(goal, plan: try plan.plan(goal: goal, &scanner))
        store.version = version
        return (store, settings)
    }

    /// The goal's plan: `goalStart` and either `goalBy` or `goalWeeklyRateKilograms` (SPEC §1, §13).
    struct PlanFields {
        var start: CalendarDay?
        var by: CalendarDay?
        var rate: Double?

        /// Reads `key` when it is one of the plan's; false otherwise.
        mutating func read(_ key: String, _ s: inout JSONScanner) throws(JSONScanner.Failure) -> Bool {
            let offset = s.offset
            switch key {
            case "goalStart", "goalBy":
                guard s.peek() == UInt8(ascii: "\"") else { throw s.fail("\"\(key)\" must be a date like 2026-12-01, not \(s.kindOfNextValue())") }
                let text = try s.readString()
                guard let day = CalendarDay(parsing: text) else { throw s.fail("\"\(key)\": \"\(text)\" is not a date like 2026-12-01", at: offset) }
                if key == "goalStart" { start = day } else { by = day }
            case "goalWeeklyRateKilograms":
                let value = try number(&s, "\"goalWeeklyRateKilograms\"")
                guard value.isFinite, value != 0, abs(value) <= GoalPlan.maximumWeeklyKilograms else {
                    throw s.fail("\"goalWeeklyRateKilograms\" must not be 0 and at most \(DecimalText.shortest(GoalPlan.maximumWeeklyKilograms)) kg a week", at: offset)
                }
                rate = value
            default:
                return false
            }
            return true
        }

        func plan(goal: Double?, _ s: inout JSONScanner) throws(JSONScanner.Failure) -> GoalPlan? {
            guard start != nil || by != nil || rate != nil else { return nil }
            guard goal != nil else { throw s.fail("a plan (goalStart, goalBy, goalWeeklyRateKilograms) without \"goalKilograms\"", at: 0) }
            guard let start else { throw s.fail("a plan without \"goalStart\"", at: 0) }
            switch (by, rate) {
            case (let by?, nil):
                guard by > start else { throw s.fail("\"goalBy\" must be after \"goalStart\"", at: 0) }
                return GoalPlan(start: start, pace: .by(by))
            case (nil, let rate?): return GoalPlan(start: start, pace: .weeklyRate(kilograms: rate))
            default: throw s.fail("a plan needs either \"goalBy\" or \"goalWeeklyRateKilograms\", not both", at: 0)
            }
        }
    }

    /// What is wrong when an id is met twice: ids are unique within and
    /// across the kinds (SPEC §1); nil when none is.
    static func repeatedID(in store: RecordStore) -> String? {
        guard store.repeatedID != nil else { return nil }
        // One is there: the first met again, array by array in the file's order, is named.
        var seen: [RecordID: String] = [:]
        seen.reserveCapacity(store.recordCount)
        var found: String?
        func look<Codec: RecordCodec>(_: Codec.Type) {
            for (index, record) in store.records(Codec.Record.self).enumerated() where found == nil {
                guard let earlier = seen.updateValue(Codec.arrayKey, forKey: record.recordID) else { continue }
                found = earlier == Codec.arrayKey
                    ? "\(Codec.recordName) \(index + 1): id \(record.idText) appears twice"
                    : "id \(record.idText) appears twice: ids are unique across \(arrayNames)"
            }
        }
        for codec in codecs where found == nil { look(codec) }
        return found
    }

    /// `entries, intake and measurements`.
    private static var arrayNames: String {
        let keys = codecs.map { $0.arrayKey }
        return keys.dropLast().joined(separator: ", ") + " and " + keys[keys.count - 1]
    }

    /// `what` is built only when reporting: it is evaluated per entry otherwise.
    static func number(_ s: inout JSONScanner, _ what: @autoclosure () -> String) throws(JSONScanner.Failure) -> Double {
        guard let next = s.peek(), next == UInt8(ascii: "-") || (48...57).contains(next) else {
            throw s.fail("\(what()) must be a number, not \(s.kindOfNextValue())")
        }
        return try s.readNumber()
    }
}
