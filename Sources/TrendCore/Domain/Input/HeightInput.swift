

/// Heights as people type them (SPEC §12): `180cm`, `1.80m`, `5ft 11in`,
/// `5'11"`, `71in`; 50 to 272 cm.
public enum HeightInput {
    public static let validCentimetres = 50.0...272.0
    public static let centimetresPerInch = 2.54

    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case malformed(input: String)
        case outOfRange(input: String)

        public var description: String {
            switch self {
            case .malformed(let input): "'\(input)' is not a height; write it like 180cm, 1.80m, 5ft 11in or 5'11\""
            case .outOfRange(let input): "'\(input)' is not a height a person has: it must be 50 to 272 cm"
            }
        }
    }

    public static func centimetres(parsing raw: String) throws(Problem) -> Double {
        let text = raw.trimmed.lowercased().replacing(",", with: ".")
        var rest = Substring(text)
        func number() -> Double? {
            while rest.first == " " { rest = rest.dropFirst() }
            let digits = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
            guard !digits.isEmpty, digits.first != ".", digits.filter({ $0 == "." }).count <= 1, let value = Double(digits) else { return nil }
            rest = rest.dropFirst(digits.count)
            while rest.first == " " { rest = rest.dropFirst() }
            return value
        }
        func unit() -> String {
            let word = rest.prefix { $0.isLetter || $0 == "'" || $0 == "\"" || $0 == "′" || $0 == "″" }
            rest = rest.dropFirst(word.count)
            return String(word)
        }
        guard let first = number() else { throw .malformed(input: raw.trimmed) }
        let centimetres: Double
        switch unit() {
        case "cm": centimetres = first
        case "m": centimetres = first * 100
        case "in", "\"", "″", "inch", "inches": centimetres = first * centimetresPerInch
        case "ft", "'", "′", "foot", "feet":
            var inches = 0.0
            if let more = number() {
                guard ["in", "\"", "″", "inch", "inches", ""].contains(unit()), more < 12 else { throw .malformed(input: raw.trimmed) }
                inches = more
            }
            centimetres = (first * 12 + inches) * centimetresPerInch
        default: throw .malformed(input: raw.trimmed)
        }
        while rest.first == " " { rest = rest.dropFirst() }
        guard rest.isEmpty else { throw .malformed(input: raw.trimmed) }
        guard validCentimetres.contains(centimetres) else { throw .outOfRange(input: raw.trimmed) }
        return centimetres
    }
}

extension HeightInput {
    /// A height in whole feet and the inches left over.
    public static func feetAndInches(centimetres: Double) -> (feet: Int, inches: Double) {
        let inches = centimetres / centimetresPerInch
        let feet = Int(inches / 12)
        return (feet, inches - Double(feet) * 12)
    }
}
