#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reading `weights.json` strictly: anything it cannot represent exactly is refused.
extension WeightsDocument {
    /// Reads a document, refusing anything it cannot represent exactly:
    /// unknown or duplicate keys, wrong types, bad ids or dates, duplicate ids.
    static func decode(_ bytes: [UInt8], path: String) throws(DataFileError) -> WeightStore {
        let result: Result<WeightStore, DataFileError> = bytes.withUnsafeBufferPointer { buffer in
            do throws(DataFileError) { return .success(try decode(buffer, path: path, progress: nil)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// `progress` is told, now and then, how far reading has got, so a
    /// mapped file can let go of the pages behind it.
    static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>, path: String, progress: ((Int) -> Void)?
    ) throws(DataFileError) -> WeightStore {
        try DocumentVersion.decode(bytes, path: path, supported: WeightStore.currentVersion) {
            (scanner: inout JSONScanner, lenient: Bool) throws(JSONScanner.Failure) in
            try decodeStrict(&scanner, allowUnknownKeys: lenient, progress: lenient ? nil : progress, settingsAllowed: false).store
        }
    }

    /// A JSON export: the weights document, and the settings it carries
    /// when it carries them (SPEC §6: a full backup). `weights.json` itself
    /// holds no settings.
    static func decodeExport(_ bytes: [UInt8], path: String) throws(DataFileError) -> (store: WeightStore, settings: Settings?) {
        let result: Result<(store: WeightStore, settings: Settings?), DataFileError> = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(DataFileError) in
                try DocumentVersion.decode(buffer, path: path, supported: WeightStore.currentVersion) {
                    (scanner: inout JSONScanner, lenient: Bool) throws(JSONScanner.Failure) in
                    try decodeStrict(&scanner, allowUnknownKeys: lenient, progress: nil, settingsAllowed: true)
                }
            }
        }
        return try result.get()
    }

    private static func decodeStrict(
        _ scanner: inout JSONScanner, allowUnknownKeys: Bool, progress: ((Int) -> Void)?, settingsAllowed: Bool
    ) throws(JSONScanner.Failure) -> (store: WeightStore, settings: Settings?) {
        guard scanner.peek() == UInt8(ascii: "{") else {
            throw scanner.fail(scanner.bytes.isEmpty ? "the file is empty" : "the top level must be an object")
        }
        var entries: [WeightEntry] = []
        var sawEntries = false
        var goal: Double?
        var plan = PlanFields()
        var version: Int?
        var settings: Settings?
        var intake: [IntakeEntry] = []
        var measurements: [MeasurementEntry] = []
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
            case "entries":
                sawEntries = true
                guard s.peek() == UInt8(ascii: "[") else { throw s.fail("\"entries\" must be an array, not \(s.kindOfNextValue())") }
                entries.reserveCapacity(s.bytes.count / 104)
                try s.expect(UInt8(ascii: "["), "'['")
                if s.take(UInt8(ascii: "]")) { return }
                var lastReported = s.offset
                repeat {
                    try appendEntry(&s, to: &entries, number: entries.count + 1, allowUnknownKeys: allowUnknownKeys)
                    if let progress, s.offset - lastReported >= 1 << 20 {
                        progress(s.offset)
                        lastReported = s.offset
                    }
                } while s.take(UInt8(ascii: ","))
                try s.expect(UInt8(ascii: "]"), "',' or ']'")
            case "intake":
                intake = try decodeIntakeArray(&s, allowUnknownKeys: allowUnknownKeys)
            case "measurements":
                measurements = try decodeMeasurementArray(&s, allowUnknownKeys: allowUnknownKeys)
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
            case "version":
                version = try s.readVersion()
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
        if let repeated = repeatedID(entries: entries, intake: intake, measurements: measurements) {
            throw scanner.fail("id \(repeated) appears twice: ids are unique across entries, intake and measurements", at: 0)
        }
        let store = WeightStore(
            entries: entries, goalKilograms: goal, goalPlan: try plan.plan(goal: goal, &scanner), intake: intake, measurements: measurements, version: version)
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

    /// An id of an intake entry or a measurement that another record of
    /// any kind also has (the weigh-ins among themselves are checked apart,
    /// the fast way, since there can be a million of them).
    static func repeatedID(entries: [WeightEntry], intake: [IntakeEntry], measurements: [MeasurementEntry]) -> String? {
        guard !intake.isEmpty || !measurements.isEmpty else { return nil }
        // Read where they lie, by index: the intake's, then the measurements'.
        let shared = intake.withUnsafeBufferPointer { intake in
            measurements.withUnsafeBufferPointer { measurements in
                DuplicateIDs.firstShared(
                    count: intake.count + measurements.count,
                    { $0 < intake.count ? intake[$0].recordID : measurements[$0 - intake.count].recordID }, with: entries)
            }
        }
        return shared.map { id in EntryID.withText(of: id) { String(decoding: $0, as: UTF8.self) } }
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

    /// Appends one entry: the canonical line at fixed offsets when it is one,
    /// else read key by key. Appended, not returned: an entry returned
    /// through an optional was copied out of it (a retain and a release apiece).
    static func appendEntry(
        _ s: inout JSONScanner, to entries: inout [WeightEntry], number n: Int, allowUnknownKeys: Bool
    ) throws(JSONScanner.Failure) {
        if appendCanonical(&s, to: &entries) { return }
        entries.append(try decodeEntryByKeys(&s, number: n, allowUnknownKeys: allowUnknownKeys))
    }

    /// Any spelling JSON allows, checked key by key, with the exact message for what is wrong.
    static func decodeEntryByKeys(_ s: inout JSONScanner, number n: Int, allowUnknownKeys: Bool) throws(JSONScanner.Failure) -> WeightEntry {
        let start = s.offset
        guard s.peek() == UInt8(ascii: "{") else { throw s.fail("entry \(n) must be an object, not \(s.kindOfNextValue())") }
        s.index += 1
        var id: UUID?
        var timestamp: Timestamp?
        var kilograms: Double?
        var note: String?
        var fatPercent: Double?
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
                    case "fatPercent": field = 16
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
                    guard WeightInput.isValid(kilograms: value) else {
                        throw s.fail("entry \(n): \"kilograms\" must be \(WeightInput.validRangeText)", at: offset)
                    }
                    kilograms = value
                case 16:
                    if s.peek() == UInt8(ascii: "n") {
                        try s.readNull()
                    } else {
                        let value = try number(&s, "entry \(n): \"fatPercent\"")
                        guard WeightInput.isValid(fatPercent: value) else {
                            throw s.fail("entry \(n): \"fatPercent\" must be \(WeightInput.validFatRangeText)", at: offset)
                        }
                        fatPercent = value
                    }
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
        return WeightEntry(id: id, timestamp: timestamp, kilograms: kilograms, note: note, fatPercent: fatPercent)
    }

    /// `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`, either case. The 32 digits
    /// are read as four words of eight, each checked and converted without
    /// a branch per digit: a digit or a letter is a coin toss per
    /// character, so a branch on it was mispredicted half the time.
    static func parseUUID(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UUID? {
        parseID(b, range)?.uuid
    }

    /// The id as it is kept (see `parseUUID`).
    static func parseID(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> RecordID? {
        guard range.count == 36, let base = b.baseAddress, range.lowerBound >= 0, range.upperBound <= b.count else { return nil }
        return parseID(at: base + range.lowerBound)
    }

    /// The 36 bytes at `p`, which the caller has checked are there. The
    /// four words are all checked before any is converted, with one
    /// branch: every record of a file reads its id here.
    @inline(__always) static func parseID(at p: UnsafePointer<UInt8>) -> RecordID? {
        guard p[8] == 45, p[13] == 45, p[18] == 45, p[23] == 45 else { return nil }
        @inline(__always) func load32(_ offset: Int) -> UInt64 {
            UInt64(UInt32(littleEndian: UnsafeRawPointer(p + offset).loadUnaligned(as: UInt32.self)))
        }
        let first = CanonicalBytes.load(p, 0), second = load32(9) | load32(14) << 32
        let third = load32(19) | load32(24) << 32, fourth = CanonicalBytes.load(p, 28)
        guard notHex(first) | notHex(second) | notHex(third) | notHex(fourth) == 0 else { return nil }
        // Each word holds its first byte lowest: swapped, the first is highest.
        return RecordID(
            high: UInt64(hexBytes(first).byteSwapped) << 32 | UInt64(hexBytes(second).byteSwapped),
            low: UInt64(hexBytes(third).byteSwapped) << 32 | UInt64(hexBytes(fourth).byteSwapped))
    }

    /// Of eight bytes (a little-endian word), the high bit of each that is
    /// not a hex digit; zero when all eight are.
    @inline(__always) static func notHex(_ w: UInt64) -> UInt64 {
        let high: UInt64 = 0x8080_8080_8080_8080
        // Per byte, with bit 7 clear: (x | 0x80) - n has bit 7 set iff x >= n.
        let x = w ^ lanes(0x30)
        let notDigit = ((x | high) &- lanes(0x0A)) & high
        let lower = w | lanes(0x20)
        let letter = ((lower | high) &- lanes(0x61)) & ~((lower | high) &- lanes(0x67)) & high
        return (w & high) | (notDigit & ~letter)
    }

    /// Eight hex digits (a little-endian word of their bytes, `notHex` zero)
    /// as the four bytes they spell, first byte lowest.
    @inline(__always) static func hexBytes(_ w: UInt64) -> UInt32 {
        // A digit's value is its low nibble, a letter's that plus 9 (bit 6 is set in letters only).
        let value = (w & lanes(0x0F)) &+ ((w >> 6) & lanes(0x01)) &* 9
        // Nibble pairs into bytes, then the four bytes side by side.
        var t = ((value << 4) | (value >> 8)) & 0x00FF_00FF_00FF_00FF
        t = (t | (t >> 8)) & 0x0000_FFFF_0000_FFFF
        t = (t | (t >> 16)) & 0xFFFF_FFFF
        return UInt32(truncatingIfNeeded: t)
    }

    /// `byte` in each of a word's eight bytes.
    @inline(__always) private static func lanes(_ byte: UInt64) -> UInt64 { byte &* 0x0101_0101_0101_0101 }
}
