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
        // The digits as one integer while they are read: with at most 15
        // of them and no exponent, it and its power of ten are exact
        // Doubles, so one division gives what `strtod` gives (Clinger's fast path).
        var mantissa: Int64 = 0
        var digitCount = 0
        var fractionDigits = 0
        // No leading zeros: `0` stands alone before the point.
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while isDigit(index) {
                mantissa = mantissa &* 10 &+ Int64(bytes[index] - 48)
                digitCount += 1
                index += 1
            }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard isDigit(index) else { throw fail("a digit must follow the decimal point") }
            while isDigit(index) {
                mantissa = mantissa &* 10 &+ Int64(bytes[index] - 48)
                if mantissa != 0 { digitCount += 1 }
                fractionDigits += 1
                index += 1
            }
        }
        var hasExponent = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            hasExponent = true
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard isDigit(index) else { throw fail("a digit must follow the exponent") }
            while isDigit(index) { index += 1 }
        }
        if !hasExponent && digitCount <= 15 && fractionDigits <= 22 {
            let value = Double(mantissa) / JSONScanner.powersOfTen[fractionDigits]
            return bytes[start] == UInt8(ascii: "-") ? -value : value
        }
        // The grammar above admits only what Double(_:) reads exactly.
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite else {
            throw fail("number out of range", at: start)
        }
        return value
    }

    static let powersOfTen: [Double] = (0...22).map { (0..<$0).reduce(1.0) { value, _ in value * 10 } }
}
