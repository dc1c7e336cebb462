#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why a typed date was refused. Each case quotes what the user typed.
public enum DateInputError: Error, Equatable, Sendable, CustomStringConvertible {
    case malformed(input: String)
    case impossible(input: String)
    /// A real date that the data file cannot hold exactly (SPEC §2).
    case notStorable(input: String)

    public var description: String {
        switch self {
        case .malformed(let input):
            "'\(input)' is not a date; use YYYY-MM-DD, 'YYYY-MM-DD HH:MM', an ISO 8601 time, today or yesterday"
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
