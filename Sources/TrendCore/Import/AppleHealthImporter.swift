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

    init(cells: ImportCells) {
        self.cells = cells
    }

    private static let recordTag = Array("<Record".utf8)
    private static let healthDataTag = Array("<HealthData".utf8)

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
            if !sawHealthData && buffer[index..<(index + 11)].elementsEqual(Self.healthDataTag) { sawHealthData = true }
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
            while end < buffer.count {
                let c = buffer[end]
                if c == 10 { newlines += 1 }
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
            record(attributes: Self.attributes(buffer[(index + 7)..<end]), line: lineAtIndex)
            lineAtIndex += newlines
            index = end + 1
        }
        // An unfinished tag waits for the next chunk; `line` is where it starts.
        line = lineAtIndex
        carry = Array(buffer[index...])
    }

    private mutating func record(attributes: [String: String], line: Int) {
        guard attributes["type"] == "HKQuantityTypeIdentifierBodyMass" else { return }
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
