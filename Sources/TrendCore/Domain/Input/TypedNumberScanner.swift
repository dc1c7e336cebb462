/// Numbers as people type them, read by hand (SPEC §3): `DIGITS[(.|,)DIGITS]`
/// and nothing else. Swift's `Double(_:)` also takes signs, exponents, hex,
/// `nan` and `inf`, none of which is a weight, an energy or a length.
struct TypedNumberScanner {
    let scalars: [Unicode.Scalar]
    var index = 0

    init(_ text: String) { scalars = Array(text.unicodeScalars) }

    var isAtEnd: Bool { index == scalars.count }

    /// What `number()` found.
    enum Number {
        /// No digit here.
        case none
        case value(Double)
        /// Digits in a form no one means (`80.`).
        case malformed
        /// A comma followed by exactly three digits: a thousands separator or a decimal comma?
        case ambiguousThousands

        /// As a weight's parse sees it.
        func weight(_ input: String) throws(WeightInputError) -> Double? {
            switch self {
            case .none: nil
            case .value(let value): value
            case .malformed: throw .malformed(input: input)
            case .ambiguousThousands: throw .ambiguousThousands(input: input)
            }
        }
    }

    mutating func skipSpaces() {
        while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" || scalars[index] == "\u{A0}" || scalars[index] == "\u{202F}" { index += 1 }
    }

    /// Letters, and the inch mark `"` and `″` as a word of their own.
    mutating func word() -> String {
        if index < scalars.count, scalars[index] == "\"" || scalars[index] == "″" {
            index += 1
            return "\""
        }
        var text = ""
        while index < scalars.count, scalars[index].properties.isAlphabetic {
            text.unicodeScalars.append(scalars[index])
            index += 1
        }
        return text
    }

    private func isDigit(_ i: Int) -> Bool {
        i < scalars.count && ("0"..."9").contains(scalars[i])
    }

    mutating func number() -> Number {
        guard isDigit(index) else { return .none }
        var text = ""
        while isDigit(index) {
            text.unicodeScalars.append(scalars[index])
            index += 1
        }
        if index < scalars.count, scalars[index] == "." || scalars[index] == "," {
            let isComma = scalars[index] == ","
            index += 1
            var fraction = ""
            while isDigit(index) {
                fraction.unicodeScalars.append(scalars[index])
                index += 1
            }
            guard !fraction.isEmpty else { return .malformed }
            if isComma && fraction.count == 3 { return .ambiguousThousands }
            text += "." + fraction
        }
        // Only digits and one point reach here, which Double reads exactly.
        guard let value = Double(text) else { return .malformed }
        return .value(value)
    }
}
