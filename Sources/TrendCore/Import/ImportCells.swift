#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads the weight and date cells of import files, with the rules of
/// SPEC §6: a date alone is noon local, `Z` takes the local offset, an
/// explicit offset is kept, numeric dates are read only when unambiguous or
/// when `--date-format` says how.
struct ImportCells {
    enum WeightCell {
        case kilograms(Double)
        case noReading
        case invalid(String)
    }

    let settings: ImportSettings
    private let dates: DateInput
    /// The order a format itself defines for numeric dates (QS Access and
    /// Renpho write day first, Fitbit's JSON month first); `--date-format` wins.
    var formatDateOrder: NumericDateOrder?
    /// The file mixes UTF-8 with bytes that are not: a row holding them
    /// (read as U+FFFD) cannot be read.
    var textIsBroken = false
    /// The app stores UTC and writes it as a zero offset (Zepp's `+0000`):
    /// that is `Z`, and takes the local offset (SPEC §6).
    var zeroOffsetIsUTC = false
    /// The order the file's own dates show (SPEC §6: one row with a day
    /// over 12 decides every row), and a line that shows it.
    var fileDateOrder: (order: NumericDateOrder, line: Int)?

    /// The latest instant a row may have (now, and the clock's tolerance), read once for the file.
    let latestAcceptableSeconds: Int64

    init(settings: ImportSettings) {
        self.settings = settings
        latestAcceptableSeconds = settings.clock.nowEpochSeconds + WeightEntry.futureTolerance
        // Rows come many to a day: the zone is looked at once a day.
        var dates = DateInput(timeZone: DayCachedTimeZone(settings.clock.timeZone), nowEpochSeconds: settings.clock.nowEpochSeconds)
        dates.dateAlone = .noon
        dates.utcDesignator = .localOffset
        dates.acceptsWords = false
        self.dates = dates
    }

    /// `unit` is what the row or header says; nil falls back to `--unit` or the configured unit.
    func weight(_ cell: String, unit: WeightUnit?) -> WeightCell {
        // Most cells are a plain number (`80.5`): read straight, the rest by the full reader.
        if let value = Self.plainDecimal(cell) {
            let kilograms = (unit ?? settings.fallbackUnit).kilograms(from: value)
            if kilograms == 0 { return .noReading }
            if WeightInput.isValid(kilograms: kilograms) { return .kilograms(kilograms) }
        }
        let text = DateWords.plainSpaces(cell).trimmed
        // Empty, or an app's placeholder for no measurement.
        if Self.isNoReading(text) { return .noReading }
        do {
            return .kilograms(try WeightInput.kilograms(parsing: text, defaultUnit: unit ?? settings.fallbackUnit))
        } catch .notPositive {
            return .noReading
        } catch {
            return .invalid(error.description)
        }
    }

    /// What apps write for "not measured" (SPEC §6): empty, `--`, `-`, and
    /// `null` (Zepp's `fatRate`), in any case. (A 0 is no reading too, read as a number.)
    static func isNoReading(_ text: String) -> Bool {
        text.isEmpty || text == "--" || text == "-" || text.lowercased() == "null"
    }

    /// `80`, `80.5`, `180.25`: digits, at most one point with digits after
    /// it, nothing else, at most 16 bytes; what `Double` reads exactly as the
    /// full reader would.
    static func plainDecimal(_ cell: String) -> Double? {
        var cell = cell
        return cell.withUTF8 { plainDecimal($0) }
    }

    static func plainDecimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard bytes.count <= 16 else { return nil }
        return decimal(bytes)
    }

    /// The same digits of any length (Apple Health writes
    /// `78.900000000000006`): `Double` reads those exactly, and never sees
    /// the hex, exponents, `nan` or NUL-ended prefixes it would also accept.
    static func decimal(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { decimal($0) }
    }

    static func decimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard !bytes.isEmpty else { return nil }
        // Up to 16 digits fit the mantissa; up to 15 significant ones are
        // exact as an integer over a power of ten.
        let short = bytes.count <= 16
        var point = false
        var digits = 0
        var mantissa: Int64 = 0
        var scale = 0
        for byte in bytes {
            if byte >= 48 && byte <= 57 {
                digits += 1
                if short { mantissa = mantissa * 10 + Int64(byte - 48) }
                if point { scale += 1 }
            } else if byte == 46 && !point && digits > 0 {
                point = true
                digits = 0
            } else {
                return nil
            }
        }
        guard digits > 0 else { return nil }
        // Correctly rounded: an integer below 2^53 divided by an exact power of ten.
        if short && mantissa < (1 << 53) && scale <= 22 { return Double(mantissa) / Self.powersOfTen[scale] }
        return Double(String(decoding: bytes, as: UTF8.self))
    }

    static let powersOfTen: [Double] = (0...22).map { exponent in (0..<exponent).reduce(1.0) { result, _ in result * 10 } }

    /// An ISO date read from its bytes (see `DateInput.isoTimestamp`), with this file's rule for `Z`.
    func isoTimestamp(_ bytes: UnsafeBufferPointer<UInt8>) -> Timestamp? {
        dates.isoTimestamp(bytes: bytes)
    }

    /// Body fat as files write it: `22.4`, `22.4%`, `22,4`, a ratio `0.224`;
    /// empty, `--` or 0 is none (Fitbit writes 0 for "not measured").
    func fatPercent(_ cell: String) -> Result<Double?, ImportFailure> {
        var text = cell.trimmed
        if Self.isNoReading(text) { return .success(nil) }
        if text.hasSuffix("%") { text = String(text.dropLast()).trimmed }
        guard let value = try? WeightInput.kilograms(parsing: text, defaultUnit: .kilograms) else {
            if let zero = Self.plainDecimal(text), zero == 0 { return .success(nil) }
            return .failure(ImportFailure("body fat '\(cell.trimmed)' is not a percentage"))
        }
        guard let percent = Self.fatPercent(reading: value) else {
            return .failure(ImportFailure("body fat '\(cell.trimmed)' is not a percentage: it must be \(WeightInput.validFatRangeText)"))
        }
        return .success(percent)
    }

    /// A body-fat number as files write it: a percentage, or a ratio
    /// (`0.224`, Apple Health and some scales); nil when it is neither.
    /// Both CSV lanes read body fat through this one rule.
    static func fatPercent(reading value: Double) -> Double? {
        let percent = value < 1 ? WeightInput.fatPercent(computed: value * 100) : value
        return WeightInput.isValid(fatPercent: percent) ? percent : nil
    }

    func timestamp(_ cell: String) -> Result<Timestamp, ImportFailure> {
        // `12:31:53\u{202F}PM` (iOS 17), `17\u{A0}Dez`: any space is a space.
        var text = DateWords.plainSpaces(cell).trimmed
        if zeroOffsetIsUTC {
            for zero in ["+0000", "+00:00", "-0000", "-00:00"] where text.hasSuffix(zero) {
                text = String(text.dropLast(zero.count)).trimmed + "Z"
                break
            }
        }
        let stamp: Timestamp
        do {
            if let iso = dates.isoTimestamp(text) {
                stamp = iso
            } else if let compact = Self.compactDate(text) {
                stamp = try dates.timestamp(parsing: compact)
            } else if let seconds = Self.unixSeconds(text) {
                stamp = Timestamp(epochSeconds: seconds, utcOffsetSeconds: settings.clock.timeZone.utcOffset(atEpochSeconds: seconds))
            } else {
                let clock = Self.twentyFourHour(text)
                if let named = Self.monthNameDate(clock) {
                    stamp = try dates.timestamp(parsing: named)
                } else if let numeric = try numericDate(clock) {
                    stamp = try dates.timestamp(parsing: numeric)
                } else {
                    stamp = try dates.timestamp(parsing: clock)
                }
            }
        } catch let error as DateInputError {
            // Quote the file's own text, not what it was rewritten to.
            switch error {
            case .malformed, .future, .ambiguousMinutes:
                return .failure(ImportFailure("'\(text)' is not a date (dates like 2026-11-03 07:05, 2026-11-03T07:05:00+01:00, 03/11/2026 or Nov 3, 2026)"))
            case .impossible: return .failure(ImportFailure(DateInputError.impossible(input: text).description))
            case .notStorable: return .failure(ImportFailure(DateInputError.notStorable(input: text).description))
            }
        } catch let error as ImportFailure {
            return .failure(error)
        } catch {
            return .failure(ImportFailure("'\(text)' is not a date"))
        }
        guard settings.clock.accepts(stamp) else {
            return .failure(ImportFailure("'\(text)' is in the future"))
        }
        return .success(stamp)
    }

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
    private func numericDate(_ text: String) throws -> String? {
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

/// A reason a row cannot be read.
struct ImportFailure: Error {
    let reason: String

    init(_ reason: String) {
        self.reason = reason
    }
}
