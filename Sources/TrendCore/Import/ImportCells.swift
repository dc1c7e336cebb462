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

    init(settings: ImportSettings) {
        self.settings = settings
        var dates = settings.clock.dateInput
        dates.dateAlone = .noon
        dates.utcDesignator = .localOffset
        dates.acceptsWords = false
        self.dates = dates
    }

    /// `unit` is what the row or header says; nil falls back to `--unit` or the configured unit.
    func weight(_ cell: String, unit: WeightUnit?) -> WeightCell {
        let text = cell.trimmed
        // Empty, or an app's placeholder for no measurement.
        if text.isEmpty || text == "--" || text == "-" { return .noReading }
        do {
            return .kilograms(try WeightInput.kilograms(parsing: text, defaultUnit: unit ?? settings.fallbackUnit))
        } catch .notPositive {
            return .noReading
        } catch {
            return .invalid(error.description)
        }
    }

    /// Body fat as files write it: `22.4`, `22.4%`, `22,4`, a ratio `0.224`;
    /// empty, `--` or 0 is none (Fitbit writes 0 for "not measured").
    func fatPercent(_ cell: String) -> Result<Double?, ImportFailure> {
        var text = cell.trimmed
        if text.isEmpty || text == "--" || text == "-" { return .success(nil) }
        if text.hasSuffix("%") { text = String(text.dropLast()).trimmed }
        guard let value = try? WeightInput.kilograms(parsing: text, defaultUnit: .kilograms) else {
            if let zero = Double(text), zero == 0 { return .success(nil) }
            return .failure(ImportFailure("body fat '\(cell.trimmed)' is not a percentage"))
        }
        let percent = value < 1 ? WeightInput.fatPercent(computed: value * 100) : value
        guard WeightInput.isValid(fatPercent: percent) else { return .failure(ImportFailure("body fat '\(cell.trimmed)' is not a percentage: it must be \(WeightInput.validFatRangeText)")) }
        return .success(percent)
    }

    func timestamp(_ cell: String) -> Result<Timestamp, ImportFailure> {
        let text = cell.trimmed
        let stamp: Timestamp
        do {
            if let seconds = Self.unixSeconds(text) {
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

    /// Unix seconds (Zepp's `timestamp`): 9 to 11 digits and nothing else.
    static func unixSeconds(_ text: String) -> Int64? {
        guard (9...11).contains(text.utf8.count), text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return Int64(text)
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    private static func month(_ word: Substring) -> Int? {
        let name = word.lowercased().filter { $0 != "." && $0 != "," }
        guard name.count >= 3, let index = months.firstIndex(where: { name.hasPrefix($0) }) else { return nil }
        // `March`, `Mar`, `Sept`: a prefix of the English name.
        let full = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"][index]
        return full.hasPrefix(name) || name == "sept" ? index + 1 : nil
    }

    /// Dates with the month's name, as Garmin, Renpho and QS Access write
    /// them: `Mar 13, 2025`, `July 4, 2022 09:34:26`, `2022 Dec 21`,
    /// `13 Mar 2025`, `26-Sep-2015 00:00`; rewritten as ISO, or nil.
    static func monthNameDate(_ text: String) -> String? {
        var words = text.split(separator: " ", omittingEmptySubsequences: true)
        if let first = words.first, first.split(separator: "-").count == 3 {
            words = first.split(separator: "-") + words.dropFirst()
        }
        guard words.count >= 3 else { return nil }
        func number(_ word: Substring) -> Int? { Int(word.filter { $0 != "." && $0 != "," }) }
        let year: Int, month: Int, day: Int
        if let m = Self.month(words[0]), let d = number(words[1]), let y = number(words[2]) {
            (year, month, day) = (y, m, d)
        } else if let y = number(words[0]), words[0].count == 4, let m = Self.month(words[1]), let d = number(words[2]) {
            (year, month, day) = (y, m, d)
        } else if let d = number(words[0]), let m = Self.month(words[1]), let y = number(words[2]) {
            (year, month, day) = (y, m, d)
        } else {
            return nil
        }
        guard (1000...9999).contains(year), (1...31).contains(day) else { return nil }
        let rest = words.dropFirst(3).joined(separator: " ")
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + (rest.isEmpty ? "" : " " + rest)
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

    /// `31/12/2024`, `12/31/24`, `01-15-2024 07:30`: rewritten as ISO, or
    /// nil when the text does not start with a numeric day-month-year date.
    private func numericDate(_ text: String) throws -> String? {
        // ISO dates (`2026-01-31…`, by far the most common) are not numeric day/month dates.
        let head = text.utf8.prefix(5)
        if head.count == 5 && head.prefix(4).allSatisfy({ $0 >= 48 && $0 <= 57 }) && head.last == UInt8(ascii: "-") { return nil }
        let datePart = text.prefix { $0 != " " && $0 != "T" }
        let rest = text.dropFirst(datePart.count)
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
        switch settings.numericDateOrder ?? formatDateOrder {
        case .dayFirst?: (day, month) = (a, b)
        case .monthFirst?: (day, month) = (b, a)
        case nil:
            if a > 12 && b <= 12 {
                (day, month) = (a, b)
            } else if b > 12 && a <= 12 {
                (day, month) = (b, a)
            } else if a == b {
                (day, month) = (a, a)
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
