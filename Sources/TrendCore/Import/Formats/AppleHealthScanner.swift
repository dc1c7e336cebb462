#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads `HKQuantityTypeIdentifierBodyMass` records from an Apple Health
/// `export.xml`, chunk by chunk, so a file of hundreds of megabytes is never
/// held in memory.
///
/// Not `XMLParser`: on Linux it crashes on the inline DOCTYPE with
/// `<!ATTLIST …>` lines that every real export starts with, and fails on
/// large inputs read at once. The records needed are flat, self-closing
/// elements, so a scanner for `<Record …>` tags is enough; it jumps from
/// one `<` to the next with `memchr`, reads only body-mass records, and
/// counts lines (SIMD) only as far as a row needs its line.
struct AppleHealthScanner {
    let cells: ImportCells
    var rows: [ImportRow] = []
    var carry: [UInt8] = []
    var line = 1
    var sawHealthData = false
    /// `<Record>` elements of other types (steps, heart rate, …).
    var otherRecords = 0
    var sawEnd = false
    /// Inside a comment that an earlier chunk opened: what follows is
    /// skipped until `-->`, never scanned again.
    var inComment = false

    /// A `<Record>` tag longer than this without its `>` is broken (a
    /// missing quote): real ones are a few hundred bytes. The bound keeps
    /// what is carried from one chunk to the next small, so a crafted file
    /// is read in one pass, never again and again.
    static let longestTag = 1 << 16

    init(cells: ImportCells) {
        self.cells = cells
    }

    private static let recordTag = Array("<Record".utf8)
    private static let healthDataTag = Array("<HealthData".utf8)
    private static let healthDataEnd = Array("</HealthData".utf8)
    private static let commentStart = Array("<!--".utf8)
    private static let commentEnd = Array("-->".utf8)

    /// Feeds the next chunk of the file. The chunk is scanned in place when
    /// nothing is carried over from the previous one.
    var fatReadings: [FatReading] = []
    /// Where each weigh-in row came from, to join body fat to it: its row, source and instant.
    var weighIns: [(row: Int, source: String, epochSeconds: Int64)] = []
    /// Body-fat readings without a weigh-in of the same source within two minutes.
    var loneFatReadings: [Int64] = []

    mutating func consume(_ chunk: ArraySlice<UInt8>) {
        if carry.isEmpty {
            let (tail, lines) = chunk.withUnsafeBufferPointer { scan($0) }
            line += lines
            carry = Array(chunk[(chunk.startIndex + tail)...])
        } else {
            let buffer = carry + chunk
            let (tail, lines) = buffer.withUnsafeBufferPointer { scan($0) }
            line += lines
            carry = Array(buffer[tail...])
        }
    }

    /// `<Record` as the low seven bytes of a little-endian word.
    private static let recordWord = word("<Record")

    /// Scans a whole buffer in place (a mapped file): no chunk is copied.
    /// `release` is told now and then how far the scan has read, so the
    /// pages behind it can go and a large file is never resident.
    mutating func consume(_ bytes: UnsafeBufferPointer<UInt8>, release: (Int) -> Void = { _ in }) {
        guard carry.isEmpty else {
            consume(Array(bytes)[...])
            return
        }
        let (tail, lines) = scan(bytes, release: release)
        line += lines
        carry = Array(bytes[tail...])
    }

    private static let bodyMassType = Array("type=\"HKQuantityTypeIdentifierBodyMass\"".utf8)
    /// Bytes as the low end of a little-endian word.
    static func word(_ text: String) -> UInt64 {
        text.utf8.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    }
    private static let typeWord = word("type=\"")
    /// Where `BodyMass` stands in `type="HKQuantityTypeIdentifierBodyMass"`.
    private static let bodyMassOffset = "type=\"HKQuantityTypeIdentifier".utf8.count
    private static let bodyMassWord = word("BodyMass")
    /// `BodyFatPercentage` begins with these eight bytes.
    private static let bodyFatWord = word("BodyFatP")
    /// `DietaryEnergyConsumed` (SPEC §15) and `WaistCircumference` (§16).
    private static let dietaryWord = word("DietaryE")
    private static let waistWord = word("WaistCir")
    /// `MenstrualFlow` (SPEC §21): a category, whose identifier is as long as a quantity's.
    private static let menstrualWord = word("Menstrua")
    private static let menstrualType = Array("type=\"HKCategoryTypeIdentifierMenstrualFlow\"".utf8)
    private static let dietaryType = Array("type=\"HKQuantityTypeIdentifierDietaryEnergyConsumed\"".utf8)
    private static let waistType = Array("type=\"HKQuantityTypeIdentifierWaistCircumference\"".utf8)

    /// Intake, waist and menstrual-flow records, read in the same pass as body mass.
    var body = BodyRecords()

    /// Scans `b` from one `<` to the next (`memchr`), parsing only body-mass
    /// records; newlines are counted (SIMD) only up to where a row needs its
    /// line. Returns where an unfinished tag starts and the newlines before it.
    mutating func scan(_ b: UnsafeBufferPointer<UInt8>, release: (Int) -> Void = { _ in }) -> (tail: Int, lines: Int) {
        guard let base = b.baseAddress, b.count > 0 else { return (0, 0) }
        var index = 0
        var counted = 0
        var lines = 0
        var released = 0
        // Read once, not per `<`: each static access costs a once-check.
        let recordWord = Self.recordWord
        let typeWord = Self.typeWord
        let bodyMassWord = Self.bodyMassWord
        let bodyFatWord = Self.bodyFatWord
        let dietaryWord = Self.dietaryWord
        let waistWord = Self.waistWord
        let menstrualWord = Self.menstrualWord
        let raw = UnsafeRawPointer(base)
        func lineAt(_ position: Int) -> Int {
            lines += Self.newlines(b, from: counted, to: position)
            counted = position
            return line + lines
        }
        func matches(_ word: [UInt8], at position: Int) -> Bool {
            guard position + word.count <= b.count else { return false }
            return word.withUnsafeBufferPointer { memcmp(base + position, $0.baseAddress!, word.count) == 0 }
        }
        if inComment {
            guard let close = ByteSearch.find(Self.commentEnd, in: b, from: 0) else {
                // Only the last two bytes can start a `-->` that the next chunk ends.
                let tail = max(0, b.count - 2)
                return (tail, Self.newlines(b, from: 0, to: tail))
            }
            inComment = false
            index = close + 3
        }
        while index < b.count {
            if index - released >= 8 << 20 {
                _ = lineAt(index)
                release(index)
                released = index
            }
            guard let found = memchr(base + index, Int32(UInt8(ascii: "<")), b.count - index) else {
                index = b.count
                break
            }
            let i = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            // Enough bytes to tell `</HealthData>`, `<!--` and `<Record ` apart;
            // a record's type is checked below, once its bytes are here.
            if i + 13 > b.count {
                index = i
                break
            }
            let next = b[i + 1]
            if next == UInt8(ascii: "!"), matches(Self.commentStart, at: i) {
                // A comment is skipped whole: a record inside one is not data.
                guard let close = ByteSearch.find(Self.commentEnd, in: b, from: i + 4) else {
                    inComment = true
                    index = max(i + 4, b.count - 2)
                    break
                }
                index = close + 3
                continue
            }
            if next == UInt8(ascii: "/") {
                if matches(Self.healthDataEnd, at: i) { sawEnd = true }
                index = i + 1
                continue
            }
            if next == UInt8(ascii: "H"), matches(Self.healthDataTag, at: i) { sawHealthData = true }
            // `<Record` and a space, tab or line break, in one 8-byte load.
            let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            let seven = word & 0x00FF_FFFF_FFFF_FFFF
            let after = UInt8(truncatingIfNeeded: word >> 56)
            guard seven == recordWord, after == 32 || after == 10 || after == 9 || after == 13 else {
                index = i + 1
                continue
            }
            // Apple writes `type` first: other kinds are counted and passed over unread.
            let attributesStart = i + 8
            // Enough bytes to tell the longest type this reads (`DietaryEnergyConsumed`).
            if attributesStart + Self.dietaryType.count > b.count {
                index = i
                break
            }
            // `type="` (six bytes), then the eight bytes where `BodyMass` would
            // stand, before any full compare: nearly every record is another kind.
            let hasType = raw.loadUnaligned(fromByteOffset: attributesStart, as: UInt64.self) & 0xFFFF_FFFF_FFFF == typeWord
            let kind = hasType ? raw.loadUnaligned(fromByteOffset: attributesStart + Self.bodyMassOffset, as: UInt64.self) : 0
            let isBodyMass = hasType && kind == bodyMassWord && matches(Self.bodyMassType, at: attributesStart)
            let isBodyFat = hasType && kind == bodyFatWord && matches(Self.bodyFatType, at: attributesStart)
            let isOther = hasType && ((kind == dietaryWord && matches(Self.dietaryType, at: attributesStart))
                || (kind == waistWord && matches(Self.waistType, at: attributesStart))
                || (kind == menstrualWord && matches(Self.menstrualType, at: attributesStart)))
            if !isBodyMass && !isBodyFat && !isOther && hasType {
                otherRecords += 1
                index = i + 1
                continue
            }
            // Find the end of the tag, outside quoted attribute values.
            var end = i + 7
            var quote: UInt8 = 0
            var broken = false
            let limit = min(b.count, i + Self.longestTag + 1)
            while end < limit {
                let c = b[end]
                // `<` is never inside a tag, quoted or not: this one was not
                // closed (a missing quote), and must not swallow the next records.
                if c == UInt8(ascii: "<") {
                    broken = true
                    break
                }
                if quote != 0 {
                    if c == quote { quote = 0 }
                } else if c == 34 || c == 39 {
                    quote = c
                } else if c == UInt8(ascii: ">") {
                    break
                }
                end += 1
            }
            if end >= limit {
                // The buffer ends inside a tag that may still close: carry it (at most `longestTag`).
                guard end - i > Self.longestTag else {
                    index = i
                    break
                }
                rows.append(.invalid(line: lineAt(i), reason: "a <Record> element is not closed (a missing quote?)"))
                index = i + 1
                continue
            }
            if broken {
                rows.append(.invalid(line: lineAt(i), reason: "a <Record> element is not closed (a missing quote?)"))
                index = end
                continue
            }
            record(attributes: Self.attributes(Array(b[(i + 7)..<end])[...]), line: lineAt(i))
            index = end + 1
        }
        lines += Self.newlines(b, from: counted, to: index)
        return (index, lines)
    }

    /// Newlines in `b[from..<to]`, sixty-four bytes at a time: each of
    /// sixteen byte lanes adds one where its byte is a newline, and the lanes
    /// are summed before any can pass 255. (Written with concrete 16-byte
    /// vectors, this compiles to vector compares and adds; the generic
    /// mask-and-sum did not, and an eight-byte word trick was a third slower.)
    static func newlines(_ b: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int {
        guard from < to, let base = b.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        let newline = SIMD16<UInt8>(repeating: 10)
        let one = SIMD16<UInt8>(repeating: 1)
        @inline(__always) func marks(_ offset: Int) -> SIMD16<UInt8> {
            one.replacing(with: 0, where: raw.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self) .!= newline)
        }
        var count = 0
        var i = from
        while i + 64 <= to {
            var lanes = SIMD16<UInt8>()
            var rounds = 0
            // At most 4 a round: 63 rounds stay within a byte.
            while i + 64 <= to && rounds < 63 {
                lanes &+= marks(i) &+ marks(i + 16) &+ marks(i + 32) &+ marks(i + 48)
                i += 64
                rounds += 1
            }
            for lane in lanes.indices { count += Int(lanes[lane]) }
        }
        while i < to {
            if base[i] == 10 { count += 1 }
            i += 1
        }
        return count
    }

    /// The end of the file: what is left unfinished is reported, never
    /// dropped: a truncated export must not look complete.
    mutating func finish() {
        if inComment {
            rows.append(.invalid(line: line, reason: "the file ends inside a comment: it is truncated"))
        } else if carry.starts(with: Self.recordTag) {
            rows.append(.invalid(line: line, reason: "the file ends inside a <Record> element: it is truncated"))
        } else if sawHealthData && !sawEnd {
            rows.append(.invalid(line: line, reason: "the file ends before </HealthData>: it is truncated"))
        }
        carry = []
    }

    private static let bodyFatType = Array("type=\"HKQuantityTypeIdentifierBodyFatPercentage\"".utf8)

    static func attributes(_ bytes: ArraySlice<UInt8>) -> [String: String] {
        var result: [String: String] = [:]
        var i = bytes.startIndex
        while i < bytes.endIndex {
            while i < bytes.endIndex, bytes[i] == 32 || bytes[i] == 10 || bytes[i] == 9 || bytes[i] == 13 || bytes[i] == 47 { i += 1 }
            let nameStart = i
            while i < bytes.endIndex, bytes[i] != UInt8(ascii: "="), bytes[i] != 32 { i += 1 }
            let name = String(decoding: bytes[nameStart..<i], as: UTF8.self)
            while i < bytes.endIndex, bytes[i] == 32 { i += 1 }
            guard i < bytes.endIndex, bytes[i] == UInt8(ascii: "=") else { break }
            i += 1
            while i < bytes.endIndex, bytes[i] == 32 { i += 1 }
            guard i < bytes.endIndex, bytes[i] == 34 || bytes[i] == 39 else { break }
            let quote = bytes[i]
            i += 1
            let valueStart = i
            while i < bytes.endIndex, bytes[i] != quote { i += 1 }
            let raw = String(decoding: bytes[valueStart..<i], as: UTF8.self)
            result[name] = raw.contains("&") ? decodeEntities(raw) : raw
            i += 1
        }
        return result
    }

    static func decodeEntities(_ text: String) -> String {
        text.replacing("&lt;", with: "<").replacing("&gt;", with: ">")
            .replacing("&quot;", with: "\"").replacing("&apos;", with: "'")
            .replacing("&amp;", with: "&")
    }
}
