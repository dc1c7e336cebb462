#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The entry line exactly as trend writes it, read at fixed offsets:
/// `{"date": "2026-11-29T07:30:00+01:00", "id": "…", "kilograms": 80.5}`,
/// with `"fatPercent"` and `"note"` where the writer puts them. Every
/// command reads every entry, and walking the keys one by one was most of
/// what a command did. It is the fast lane of `WeightsDocument.decode`, and
/// nothing else calls it.
///
/// It only ever declines: anything else (other spacing, key order, escapes
/// in the id, an exponent, a value out of range) returns false with nothing
/// consumed, and the key-by-key reader decides, with its exact message.
/// What it accepts, it reads to the same entry that reader gives.
extension WeightsDocument {
    /// Appends the entry and returns true; false, appending nothing, when it declines.
    static func appendCanonical(_ scanner: inout JSONScanner, to entries: inout [WeightEntry]) -> Bool {
        // A copy to read the note with: declining leaves `scanner` untouched.
        var s = scanner
        s.skipWhitespace()
        guard let base = s.bytes.baseAddress else { return false }
        let count = s.bytes.count
        let start = s.index
        // The fixed part: the opening, a 25-byte date, the id, the weight's key.
        var i = start
        guard i + 100 <= count, CanonicalBytes.load(base, i) == CanonicalBytes.entryOpen, CanonicalBytes.load16(base, i + 8) == CanonicalBytes.entryOpenTail,
            let timestamp = CanonicalBytes.timestamp(base + i + 10)
        else { return false }
        i += 35
        var fatPercent: Double?
        if CanonicalBytes.load(base, i) == CanonicalBytes.afterDate, CanonicalBytes.load16(base, i + 8) == CanonicalBytes.afterDateTail {
            i += 10
        } else if CanonicalBytes.load(base, i) == CanonicalBytes.fatKey, CanonicalBytes.load(base, i + 8) == CanonicalBytes.fatKeyMiddle,
            base[i + 16] == 32
        {
            i += 17
            guard let (fat, end) = CanonicalBytes.decimal(base, i, count), WeightInput.isValid(fatPercent: fat), end + 9 <= count,
                CanonicalBytes.load(base, end) == CanonicalBytes.idKey, base[end + 8] == 34
            else { return false }
            fatPercent = fat
            i = end + 9
        } else {
            return false
        }
        // The id, the weight's key, and a digit and what ends it.
        guard i + 54 <= count, let id = WeightsDocument.parseID(at: base + i),
            CanonicalBytes.load(base, i + 36) == CanonicalBytes.kilogramsKey, CanonicalBytes.load(base, i + 44) == CanonicalBytes.kilogramsKeyTail,
            let (kilograms, end) = CanonicalBytes.decimal(base, i + 52, count), WeightInput.isValid(kilograms: kilograms)
        else { return false }
        guard let (note, next) = CanonicalBytes.noteAndClose(&s, from: end) else { return false }
        scanner.index = next
        entries.append(WeightEntry(recordID: id, timestamp: timestamp, kilograms: kilograms, note: note, fatPercent: fatPercent))
        return true
    }
}

/// The canonical layout's fixed bytes as little-endian words, and readers of
/// its fixed-width fields that check every byte they use.
enum CanonicalBytes {
    /// `{"date":`
    static let entryOpen: UInt64 = 0x3A22_6574_6164_227B
    /// ` "`
    static let entryOpenTail: UInt16 = 0x2220
    /// `", "id":`
    static let afterDate: UInt64 = 0x3A22_6469_2220_2C22
    /// ` "`
    static let afterDateTail: UInt16 = 0x2220
    /// `", "fatP`
    static let fatKey: UInt64 = 0x5074_6166_2220_2C22
    /// `ercent":`
    static let fatKeyMiddle: UInt64 = 0x3A22_746E_6563_7265
    /// `, "id": ` (then the id's opening quote)
    static let idKey: UInt64 = 0x203A_2264_6922_202C
    /// `", "kilo`
    static let kilogramsKey: UInt64 = 0x6F6C_696B_2220_2C22
    /// `grams": `
    static let kilogramsKeyTail: UInt64 = 0x203A_2273_6D61_7267
    /// `, "note"`
    static let noteKey: UInt64 = 0x2265_746F_6E22_202C

    /// At `i` (which the caller has checked is in the file), either the
    /// closing `}` or `, "note": "…"}`: the note, if any, and the offset
    /// after the `}`; nil for anything else. Inlined in every line's
    /// reading: most lines end there, and a call cost more than the check.
    @inline(__always) static func noteAndClose(_ s: inout JSONScanner, from i: Int) -> (String?, Int)? {
        guard let base = s.bytes.baseAddress else { return nil }
        if base[i] == UInt8(ascii: "}") { return (nil, i + 1) }
        return note(&s, from: i)
    }

    /// `, "note": "…"}` at `i`, read as `noteAndClose` returns it.
    @inline(never) private static func note(_ s: inout JSONScanner, from i: Int) -> (String?, Int)? {
        guard let base = s.bytes.baseAddress else { return nil }
        let count = s.bytes.count
        guard i + 11 < count, load(base, i) == noteKey, base[i + 8] == 58, base[i + 9] == 32, base[i + 10] == 34 else { return nil }
        s.index = i + 10
        guard let text = try? s.readString(), s.index < count, base[s.index] == UInt8(ascii: "}") else { return nil }
        return (text, s.index + 1)
    }

    @inline(__always) static func load(_ base: UnsafePointer<UInt8>, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
    }

    @inline(__always) static func load16(_ base: UnsafePointer<UInt8>, _ offset: Int) -> UInt16 {
        UInt16(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt16.self))
    }

    /// `YYYY-MM-DDTHH:MM:SS±HH:MM` then its closing quote, with what
    /// `Timestamp.parse` accepts of that form: years 0001–9999, real days,
    /// offsets within ±18:00. The digits are checked eight bytes at a time.
    @inline(__always) static func timestamp(_ p: UnsafePointer<UInt8>) -> Timestamp? {
        let a = load(p, 0)  // YYYY-MM-
        let b = load(p, 8)  // DDTHH:MM
        let c = load(p, 16)  // :SS±HH:M
        let last = p[24]
        // Separators where the form has them (the sign is checked below).
        guard a & 0xFF00_00FF_0000_0000 == 0x2D00_002D_0000_0000, b & 0x0000_FF00_00FF_0000 == 0x0000_3A00_0054_0000,
            c & 0x00FF_0000_0000_00FF == 0x003A_0000_0000_003A, p[25] == 34, last &- 48 < 10
        else { return nil }
        let sign = UInt8(truncatingIfNeeded: c >> 24)
        guard sign == 43 || sign == 45 else { return nil }
        // Every other byte a digit: each of those lanes minus '0' below 10.
        let digitsA = a & 0x00FF_FF00_FFFF_FFFF, digitsB = b & 0xFFFF_00FF_FF00_FFFF, digitsC = c & 0xFF00_FFFF_00FF_FF00
        guard allDigits(digitsA, mask: 0x00FF_FF00_FFFF_FFFF), allDigits(digitsB, mask: 0xFFFF_00FF_FF00_FFFF),
            allDigits(digitsC, mask: 0xFF00_FFFF_00FF_FF00)
        else { return nil }
        // Byte i of `pairs(w)` is the two-digit number from bytes i and i + 1:
        // ten times the one digit plus the next, all eight at once (no byte
        // passes 99, so none carries into the next).
        @inline(__always) func pairs(_ word: UInt64) -> UInt64 {
            let digits = word & 0x0F0F_0F0F_0F0F_0F0F
            return digits &* 10 &+ (digits >> 8)
        }
        let pa = pairs(a), pb = pairs(b), pc = pairs(c)
        @inline(__always) func two(_ pairs: UInt64, _ lane: Int) -> Int { Int(truncatingIfNeeded: (pairs >> UInt64(lane * 8)) & 0xFF) }
        let year = two(pa, 0) * 100 + two(pa, 2)
        let month = two(pa, 5), dayOfMonth = two(pb, 0)
        let hour = two(pb, 3), minute = two(pb, 6), second = two(pc, 1)
        let offsetHours = two(pc, 4), offsetMinutes = Int(truncatingIfNeeded: (c >> 56) & 0x0F) * 10 + Int(last &- 48)
        // Every month has 28 days: only the days after need the month's length.
        guard year >= 1, month >= 1, month <= 12, dayOfMonth >= 1, dayOfMonth <= 28 || dayOfMonth <= CalendarDay.daysInMonth(year: year, month: month),
            hour < 24, minute < 60, second < 60, offsetMinutes < 60, offsetHours * 60 + offsetMinutes <= Timestamp.maximumOffsetSeconds / 60
        else { return nil }
        let offset = (offsetHours * 3600 + offsetMinutes * 60) * (sign == 45 ? -1 : 1)
        let day = civilDays(year: year, month: month, day: dayOfMonth)
        let local = Int64(day) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        return Timestamp(epochSeconds: local - Int64(offset), utcOffsetSeconds: offset)
    }

    /// `CalendarDay.daysFromCivil` for the years 1–9999 the form allows, in
    /// unsigned arithmetic that cannot overflow there: nothing to trap on,
    /// and divisions by constants become multiplications. Every line of a
    /// file converts its date.
    @inline(__always) static func civilDays(year: Int, month: Int, day: Int) -> Int {
        let m = UInt32(truncatingIfNeeded: month), d = UInt32(truncatingIfNeeded: day)
        let y = UInt32(truncatingIfNeeded: year) &- (m <= 2 ? 1 : 0)
        let era = y / 400
        let yearOfEra = y &- era &* 400
        let shiftedMonth = m > 2 ? m &- 3 : m &+ 9
        let dayOfYear = (153 &* shiftedMonth &+ 2) / 5 &+ d &- 1
        let dayOfEra = yearOfEra &* 365 &+ yearOfEra / 4 &- yearOfEra / 100 &+ dayOfYear
        return Int(era) * 146_097 + Int(dayOfEra) - 719_468
    }

    /// True when every byte `mask` selects is an ASCII digit.
    @inline(__always) static func allDigits(_ word: UInt64, mask: UInt64) -> Bool {
        let x = word ^ (0x3030_3030_3030_3030 & mask)
        // A lane is a digit when x < 10 there: no bit above the low nibble,
        // and adding 6 does not carry out of it.
        return (x & 0xF0F0_F0F0_F0F0_F0F0 | (x &+ (0x0606_0606_0606_0606 & mask)) & 0x1010_1010_1010_1010) & mask == 0
    }

    /// A positive decimal as `readNumber` reads it when it has at most 15
    /// significant digits and no exponent (exact: Clinger's fast path, as
    /// `fastDecimal`), followed by `,` or `}`; its value and where it ends.
    @inline(__always) static func decimal(_ p: UnsafePointer<UInt8>, _ start: Int, _ count: Int) -> (Double, Int)? {
        var i = start
        var mantissa: Int64 = 0
        var significant = 0
        let limit = min(count, start + 40)
        // No leading zero before more digits (JSON's grammar).
        guard i + 1 < limit, p[i] &- 48 < 10, !(p[i] == 48 && p[i + 1] &- 48 < 10) else { return nil }
        while i < limit, p[i] &- 48 < 10 {
            mantissa = mantissa &* 10 &+ Int64(p[i] &- 48)
            if mantissa != 0 { significant += 1 }
            i += 1
        }
        var scale: Int64 = 1
        if i < limit, p[i] == UInt8(ascii: ".") {
            i += 1
            guard i < limit, p[i] &- 48 < 10 else { return nil }
            while i < limit, p[i] &- 48 < 10 {
                mantissa = mantissa &* 10 &+ Int64(p[i] &- 48)
                significant += 1  // as `fastDecimal` counts: every digit after the point
                scale &*= 10
                i += 1
            }
        }
        guard significant <= 15, i < limit, p[i] == UInt8(ascii: "}") || p[i] == UInt8(ascii: ",") else { return nil }
        // 10^k is exact up to 10^15 as an Int64 and as a Double: the same
        // divisor `fastDecimal` uses. A whole number (intake's kilocalories
        // mostly) skips the division, the slowest step of a line.
        if scale == 1 { return (Double(mantissa), i) }
        return (Double(mantissa) / Double(scale), i)
    }
}
