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
}

/// A reason a row cannot be read.
struct ImportFailure: Error {
    let reason: String

    init(_ reason: String) {
        self.reason = reason
    }
}
