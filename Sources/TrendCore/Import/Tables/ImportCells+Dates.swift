#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The date spellings real files use, turned into ones `DateInput` reads.
extension ImportCells {
    /// `20150603050200+0100` (Apple Health from iOS 9) and `20260228105137`
    /// (InBody, local time): `yyyyMMddHHmmss`, an offset `±HHMM` optional;
    /// rewritten as ISO, or nil.
    static func compactDate(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        guard bytes.count == 14 || bytes.count == 19, bytes.prefix(14).allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        var offset = ""
        if bytes.count == 19 {
            guard bytes[14] == UInt8(ascii: "+") || bytes[14] == UInt8(ascii: "-"), bytes[15...].allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
            offset = String(decoding: bytes[14...16], as: UTF8.self) + ":" + String(decoding: bytes[17...18], as: UTF8.self)
        }
        func part(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        return part(0..<4) + "-" + part(4..<6) + "-" + part(6..<8) + " " + part(8..<10) + ":" + part(10..<12) + ":" + part(12..<14) + offset
    }

    /// Unix time as apps write it: seconds (Zepp's `timestamp`, 9 to 11
    /// digits), milliseconds (12 or 13), microseconds (15 or 16) or
    /// nanoseconds (18 or 19, Google Fit's `startTimeNanos`); in seconds.
    static func unixSeconds(_ text: String) -> Int64? {
        let digits = text.utf8.count
        guard text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let value = Int64(text) else { return nil }
        switch digits {
        case 9...11: return value
        case 12...13: return value / 1_000
        case 15...16: return value / 1_000_000
        case 18...19: return value / 1_000_000_000
        default: return nil
        }
    }

    /// Dates with the month's name, in any of SPEC §18's languages, as
    /// Garmin, Renpho, QS Access and people write them: `Mar 13, 2025`,
    /// `July 4, 2022 09:34:26`, `2022 Dec 21`, `13 Mar 2025`,
    /// `26-Sep-2015 00:00`, `1-août-20`, `Donnerstag, 17.Dezember 2020`,
    /// `17 de diciembre de 2020`, `17. prosince 2020`; rewritten as ISO, or nil.
    static func monthNameDate(_ text: String) -> String? {
        var words = dateTokens(text)
        if let first = words.first, DateWords.isWeekday(first), words.count > 3 { words.removeFirst() }
        words.removeAll { DateWords.isFiller($0) }
        guard words.count >= 3 else { return nil }
        func number(_ word: String) -> Int? {
            let digits = word.filter { $0 != "." && $0 != "," }
            return digits.isEmpty || digits.count > 4 || !digits.allSatisfy(\.isASCII) ? nil : Int(digits)
        }
        func yearNumber(_ word: String, allowShort: Bool) -> Int? {
            let digits = word.filter { $0 != "." && $0 != "," }
            guard let value = number(word) else { return nil }
            if digits.count == 4 { return value }
            // `1-août-20`: a two-digit year after a day and a month's name.
            return allowShort && digits.count == 2 ? (value < 70 ? 2000 + value : 1900 + value) : nil
        }
        let year: Int, month: Int, day: Int
        if let m = DateWords.month(words[0]), let d = number(words[1]), let y = yearNumber(words[2], allowShort: false) {
            (year, month, day) = (y, m, d)
        } else if words[0].count == 4, let y = number(words[0]), let m = DateWords.month(words[1]), let d = number(words[2]) {
            (year, month, day) = (y, m, d)
        } else if let d = number(words[0]), let m = DateWords.month(words[1]), let y = yearNumber(words[2], allowShort: true) {
            (year, month, day) = (y, m, d)
        } else {
            return nil
        }
        guard (1000...9999).contains(year), (1...31).contains(day) else { return nil }
        let rest = words.dropFirst(3).joined(separator: " ")
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + (rest.isEmpty ? "" : " " + rest)
    }

    /// A date's words: split at spaces and commas, a first word at `-` and
    /// `/` (`26-Sep-2015`), and a number from a name it is glued to
    /// (`17.Dezember`); a time (`09:34:26`) stays one word.
    static func dateTokens(_ text: String) -> [String] {
        var tokens: [String] = []
        for (index, word) in text.split(whereSeparator: { $0 == " " || $0 == "," }).enumerated() {
            let parts = index == 0 || word.contains(where: \.isLetter) && !word.contains(":")
                ? word.split(whereSeparator: { $0 == "-" || $0 == "/" }) : [word]
            for part in parts {
                // `17.Dezember`, `17Dez`: where digits meet letters.
                var current = ""
                for character in part {
                    if let last = current.last, (last.isNumber || last == ".") && character.isLetter && current.contains(where: \.isNumber) && !current.contains(":") {
                        tokens.append(current)
                        current = ""
                    }
                    current.append(character)
                }
                if !current.isEmpty { tokens.append(current) }
            }
        }
        return tokens
    }

    /// Times as real files write them, as `HH:MM[:SS]`: one-digit hours
    /// (`7:05`) and 12-hour clocks (`9:34:26 AM`, `7:13 PM`, `12:05 am`).
    static func twentyFourHour(_ text: String) -> String {
        var words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        var meridiem: String?
        if let last = words.last?.lowercased(), last == "am" || last == "pm" || last == "a.m." || last == "p.m." {
            meridiem = String(last.prefix(1))
            words.removeLast()
        } else if let last = words.last, last.count > 2, ["am", "pm"].contains(last.suffix(2).lowercased()), last.dropLast(2).last?.isNumber == true {
            meridiem = String(last.suffix(2).lowercased().prefix(1))
            words[words.count - 1] = String(last.dropLast(2))
        }
        guard let time = words.last, words.count >= 2 else { return text }
        let parts = time.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), let hour = Int(parts[0]), parts[0].count <= 2, parts.dropFirst().allSatisfy({ $0.count == 2 && Int($0) != nil })
        else { return text }
        var hour24 = hour
        if let meridiem {
            guard (1...12).contains(hour) else { return text }
            hour24 = hour % 12 + (meridiem == "p" ? 12 : 0)
        }
        words[words.count - 1] = (hour24 < 10 ? "0" : "") + String(hour24) + ":" + parts.dropFirst().joined(separator: ":")
        return words.joined(separator: " ")
    }

    /// The order a numeric date shows by itself: a first number over 12 is a day, a second over 12 is.
    static func shownOrder(_ a: Int, _ b: Int) -> NumericDateOrder? {
        if a > 12 && b <= 12 { return .dayFirst }
        if b > 12 && a <= 12 { return .monthFirst }
        return nil
    }

    /// The first two numbers of a numeric date (`27/5/2025 07:00` → 27, 5), or nil for any other text.
    static func leadingPair(_ text: String) -> (Int, Int)? {
        let utf8 = text.utf8
        guard let first = utf8.first, first >= 48 && first <= 57 else { return nil }
        var numbers: [Int] = []
        var current = 0
        var digits = 0
        var separator: UInt8?
        for byte in utf8 {
            if byte >= 48 && byte <= 57 {
                current = current * 10 + Int(byte - 48)
                digits += 1
                if digits > 2 && numbers.count < 2 { return nil }
                continue
            }
            guard digits > 0, byte == UInt8(ascii: "/") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") else { break }
            if let separator, separator != byte { return nil }
            separator = byte
            numbers.append(current)
            current = 0
            digits = 0
            if numbers.count == 2 { return (numbers[0], numbers[1]) }
        }
        return nil
    }

    /// `31/12/2024`, `12/31/24`, `01-15-2024 07:30`: rewritten as ISO, or
    /// nil when the text does not start with a numeric day-month-year date.
    func numericDate(_ text: String) throws -> String? {
        // ISO dates (`2026-01-31…`, by far the most common) are not numeric day/month dates.
        let head = text.utf8.prefix(5)
        if head.count == 5 && head.prefix(4).allSatisfy({ $0 >= 48 && $0 <= 57 }) && head.last == UInt8(ascii: "-") { return nil }
        let written = text.prefix { $0 != " " && $0 != "T" }
        let rest = text.dropFirst(written.count)
        // `3/1/2026, 12:31:53 PM`: Apple's date and time, a comma between them.
        let datePart = written.last == "," && !rest.isEmpty ? written.dropLast() : written
        let separators: Set<Character> = ["/", "-", "."]
        guard let separator = datePart.first(where: { separators.contains($0) }) else { return nil }
        let groups = datePart.split(separator: separator, omittingEmptySubsequences: false)
        guard groups.count == 3, groups.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            groups[0].count <= 2, groups[1].count <= 2, groups[2].count == 2 || groups[2].count == 4,
            let a = Int(groups[0]), let b = Int(groups[1]), var year = Int(groups[2])
        else { return nil }
        if groups[2].count == 2 { year += 2000 }
        let day: Int
        let month: Int
        if settings.numericDateOrder == nil && formatDateOrder == nil, let file = fileDateOrder {
            // A row that shows the other order contradicts the file's.
            let shown = Self.shownOrder(a, b)
            if let shown, shown != file.order {
                let name = file.order == .dayFirst ? "day-first" : "month-first"
                throw ImportFailure("'\(text)' contradicts the file's \(name) dates (line \(file.line))")
            }
        }
        switch settings.numericDateOrder ?? formatDateOrder ?? fileDateOrder?.order {
        case .dayFirst?: (day, month) = (a, b)
        case .monthFirst?: (day, month) = (b, a)
        case nil:
            if a > 12 && b <= 12 {
                (day, month) = (a, b)
            } else if b > 12 && a <= 12 {
                (day, month) = (b, a)
            } else if a == b {
                (day, month) = (a, a)
            } else if separator == "." {
                // Dots are written day first in every language that writes them (`01.03.2026`).
                (day, month) = (a, b)
            } else {
                throw ImportFailure("'\(text)' is ambiguous: " + ParsedImport.dateOrderQuestion)
            }
        }
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + rest
    }
}
