/// Elapsed time as people type it (SPEC §4): one or more whole numbers each
/// with a unit, `min`, `h`, `d` or `w` (`90min`, `20h`, `1d12h`, `2w`).
/// `m` alone is refused: beside the range `1M` it could be a month.
public struct ElapsedTime: Equatable, Sendable, CustomStringConvertible {
    public let seconds: Int64
    /// As typed.
    public let text: String

    public init(seconds: Int64, text: String) {
        self.seconds = seconds
        self.text = text
    }

    public enum Problem: Error, Equatable, Sendable {
        case malformed
        /// `1m`: minutes or months?
        case ambiguousM
    }

    public init(parsing raw: String) throws(Problem) {
        let text = raw.trimmed.lowercased()
        var rest = text[...]
        var total: Int64 = 0
        guard !rest.isEmpty else { throw .malformed }
        while !rest.isEmpty {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.count <= 9, let count = Int64(digits) else { throw .malformed }
            rest = rest.dropFirst(digits.count)
            let unit = rest.prefix { $0.isLetter }
            rest = rest.dropFirst(unit.count)
            let scale: Int64
            switch unit {
            case "min", "mins", "minute", "minutes": scale = 60
            case "h", "hr", "hrs", "hour", "hours": scale = 3600
            case "d", "day", "days": scale = 86_400
            case "w", "wk", "week", "weeks": scale = 7 * 86_400
            case "m": throw .ambiguousM
            default: throw .malformed
            }
            total += count * scale
        }
        seconds = total
        self.text = raw.trimmed
    }

    /// `1m`, `2d3m`: refused as ambiguous, not just malformed.
    public static func isAmbiguous(_ text: String) -> Bool {
        do {
            _ = try ElapsedTime(parsing: text)
            return false
        } catch {
            return error == .ambiguousM
        }
    }

    /// Whole days and weeks only (`14d`, `2w`): a span of calendar days.
    public var isWholeDays: Bool { seconds % 86_400 == 0 }

    public var description: String { text }

    /// `2 d 3 h`, `45 min`, `3 w 1 d`: how old something is, to the two
    /// largest units.
    public static func describe(seconds: Int64) -> String {
        let units: [(Int64, String)] = [(7 * 86_400, "w"), (86_400, "d"), (3600, "h"), (60, "min")]
        var rest = max(0, seconds)
        var parts: [String] = []
        for (size, name) in units where rest >= size || (parts.isEmpty && name == "min") {
            let count = rest / size
            rest -= count * size
            if count > 0 || parts.isEmpty { parts.append("\(count) \(name)") }
            if parts.count == 2 { break }
        }
        return parts.isEmpty ? "0 min" : parts.joined(separator: " ")
    }
}
