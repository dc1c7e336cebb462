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
/// elements, so a scanner for `<Record …>` tags is enough and is fast.
struct AppleHealthImporter {
    let cells: ImportCells
    private(set) var rows: [ImportRow] = []
    private var carry: [UInt8] = []
    private var line = 1
    private(set) var sawHealthData = false
    /// `<Record>` elements of other types (steps, heart rate, …).
    private(set) var otherRecords = 0
    private var sawEnd = false

    init(cells: ImportCells) {
        self.cells = cells
    }

    private static let recordTag = Array("<Record".utf8)
    private static let healthDataTag = Array("<HealthData".utf8)
    private static let healthDataEnd = Array("</HealthData".utf8)
    private static let commentStart = Array("<!--".utf8)
    private static let commentEnd = Array("-->".utf8)

    /// Feeds the next chunk of the file.
    mutating func consume(_ chunk: ArraySlice<UInt8>) {
        var buffer = carry
        buffer.append(contentsOf: chunk)
        var index = 0
        var lineAtIndex = line
        while index < buffer.count {
            let byte = buffer[index]
            if byte == 10 {
                lineAtIndex += 1
                index += 1
                continue
            }
            guard byte == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            // Need enough bytes to recognise the tag name.
            if index + 12 > buffer.count { break }
            // A comment is skipped whole: a record inside one is not data.
            if buffer[index..<(index + 4)].elementsEqual(Self.commentStart) {
                guard let close = Self.find(Self.commentEnd, in: buffer, from: index + 4) else { break }
                lineAtIndex += buffer[index..<close].reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
                index = close + 3
                continue
            }
            if !sawHealthData && buffer[index..<(index + 11)].elementsEqual(Self.healthDataTag) { sawHealthData = true }
            if buffer[index..<(index + 12)].elementsEqual(Self.healthDataEnd) { sawEnd = true }
            guard buffer[index..<(index + 7)].elementsEqual(Self.recordTag),
                buffer[index + 7] == 32 || buffer[index + 7] == 10 || buffer[index + 7] == 9 || buffer[index + 7] == 13
            else {
                index += 1
                continue
            }
            // Find the end of the tag, outside quoted attribute values.
            var end = index + 7
            var quote: UInt8 = 0
            var newlines = 0
            var broken = false
            while end < buffer.count {
                let c = buffer[end]
                if c == 10 { newlines += 1 }
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
            if end >= buffer.count { break }
            if broken {
                rows.append(.invalid(line: lineAtIndex, reason: "a <Record> element is not closed (a missing quote?)"))
                lineAtIndex += newlines
                index = end
                continue
            }
            record(attributes: Self.attributes(buffer[(index + 7)..<end]), line: lineAtIndex)
            lineAtIndex += newlines
            index = end + 1
        }
        // An unfinished tag waits for the next chunk; `line` is where it starts.
        line = lineAtIndex
        carry = Array(buffer[index...])
    }

    /// The end of the file: what is left unfinished is reported, never
    /// dropped: a truncated export must not look complete.
    mutating func finish() {
        if carry.starts(with: Self.recordTag) {
            rows.append(.invalid(line: line, reason: "the file ends inside a <Record> element: it is truncated"))
        } else if sawHealthData && !sawEnd {
            rows.append(.invalid(line: line, reason: "the file ends before </HealthData>: it is truncated"))
        }
        carry = []
    }

    private static func find(_ needle: [UInt8], in buffer: [UInt8], from start: Int) -> Int? {
        guard buffer.count >= needle.count else { return nil }
        var i = start
        while i + needle.count <= buffer.count {
            if buffer[i] == needle[0] && buffer[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }

    private mutating func record(attributes: [String: String], line: Int) {
        guard attributes["type"] == "HKQuantityTypeIdentifierBodyMass" else {
            otherRecords += 1
            return
        }
        let unitName = attributes["unit"] ?? ""
        var unit = WeightUnit(parsing: unitName)
        var value = attributes["value"] ?? ""
        if unitName == "g", let grams = Double(value), grams.isFinite {
            value = JSONText.number(grams / 1000)
            unit = .kilograms
        } else if unit == nil {
            rows.append(.invalid(line: line, reason: "unknown unit '\(unitName)'"))
            return
        }
        let kilograms: Double
        switch cells.weight(value, unit: unit) {
        case .noReading:
            rows.append(.noReading(line: line))
            return
        case .invalid(let reason):
            rows.append(.invalid(line: line, reason: reason))
            return
        case .kilograms(let value):
            kilograms = value
        }
        switch cells.timestamp(attributes["startDate"] ?? "") {
        case .failure(let failure): rows.append(.invalid(line: line, reason: failure.reason))
        case .success(let timestamp): rows.append(.entry(WeightEntry(timestamp: timestamp, kilograms: kilograms), line: line))
        }
    }

    /// `name="value"` pairs, with the five predefined XML entities decoded.
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

    private static func decodeEntities(_ text: String) -> String {
        text.replacing("&lt;", with: "<").replacing("&gt;", with: ">")
            .replacing("&quot;", with: "\"").replacing("&apos;", with: "'")
            .replacing("&amp;", with: "&")
    }
}
