/// Numbers in the strict JSON grammar, read without allocating.
extension JSONScanner {

    /// A JSON number (strict grammar), as a Double.
    mutating func readNumber() throws(Failure) -> Double {
        skipWhitespace()
        let start = index
        func isDigit(_ i: Int) -> Bool { i < bytes.count && bytes[i] >= 48 && bytes[i] <= 57 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard isDigit(index) else {
            index = start
            throw unexpected(expecting: "a number")
        }
        // Integer fast path for the common cases (`1`, `75`).
        var integer: Int64 = 0
        var digitCount = 0
        if bytes[index] == 48 {
            index += 1
        } else {
            while isDigit(index) {
                integer = integer &* 10 &+ Int64(bytes[index] - 48)
                digitCount += 1
                index += 1
            }
        }
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard isDigit(index) else { throw fail("a digit must follow the decimal point") }
            while isDigit(index) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard isDigit(index) else { throw fail("a digit must follow the exponent") }
            while isDigit(index) { index += 1 }
        }
        if isInteger && digitCount <= 15 {
            return bytes[start] == UInt8(ascii: "-") ? -Double(integer) : Double(integer)
        }
        if let fast = fastDecimal(start, index) { return fast }
        // The grammar above admits only what Double(_:) reads exactly.
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite else {
            throw fail("number out of range", at: start)
        }
        return value
    }

    static let powersOfTen: [Double] = (0...22).map { (0..<$0).reduce(1.0) { value, _ in value * 10 } }

    /// `DIGITS.DIGITS` with at most 15 significant digits: the mantissa and
    /// 10^k are both exact Doubles, so one division is correctly rounded and
    /// equals what `strtod` gives (Clinger's fast path). Nil otherwise.
    func fastDecimal(_ start: Int, _ end: Int) -> Double? {
        var i = start
        let negative = bytes[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        var mantissa: Int64 = 0
        var digits = 0
        var fractionDigits = 0
        var seenPoint = false
        while i < end {
            let c = bytes[i]
            if c == UInt8(ascii: ".") {
                seenPoint = true
            } else if c >= 48 && c <= 57 {
                mantissa = mantissa * 10 + Int64(c - 48)
                if mantissa != 0 || seenPoint { digits += 1 }
                if seenPoint { fractionDigits += 1 }
                if digits > 15 { return nil }
            } else {
                return nil
            }
            i += 1
        }
        guard fractionDigits <= 22 else { return nil }
        let value = Double(mantissa) / JSONScanner.powersOfTen[fractionDigits]
        return negative ? -value : value
    }
}
