#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why a typed date was refused. Each case quotes what the user typed.
public enum DateInputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The forms SPEC §3 reads, as a refusal lists them.
    public static let forms =
        "2026-11-03, '2026-11-03 07:05', 7am, '7:05 pm', today, yesterday, 'yesterday 7am', a weekday (mon), '2d ago', '3 days ago', 'Nov 3', '3 Nov 2026' or ISO 8601 (2026-11-03T07:05:00+01:00)"

    case malformed(input: String)
    case impossible(input: String)
    /// `tomorrow`, `next monday`: a weigh-in is never in the future.
    case future(input: String)
    /// `1m` for a duration: a minute, or a month as in the range `1M`?
    case ambiguousMinutes(input: String)
    /// A real date that the data file cannot hold exactly (SPEC §2).
    case notStorable(input: String)

    public var description: String {
        switch self {
        case .malformed(let input):
            "'\(input)' is not a date; use \(Self.forms)"
        case .future(let input):
            "'\(input)' is in the future; use \(Self.forms)"
        case .ambiguousMinutes(let input):
            "'\(input)' could be minutes or months: write 1min, or 30d for a month"
        case .impossible(let input):
            "'\(input)' is not a real date or time"
        case .notStorable(let input):
            "'\(input)' cannot be stored: years 0001 to 9999 and UTC offsets within ±18:00 only"
        }
    }
}

/// Foundation's error reporting (and a GUI's alert) shows the same message.
extension DateInputError: LocalizedError {
    public var errorDescription: String? { description }
}
