#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why a typed date was refused. Each case quotes what the user typed.
public enum DateInputError: Error, Equatable, Sendable, CustomStringConvertible {
    case malformed(input: String)
    case impossible(input: String)

    public var description: String {
        switch self {
        case .malformed(let input):
            "'\(input)' is not a date; use YYYY-MM-DD, 'YYYY-MM-DD HH:MM', an ISO 8601 time, today or yesterday"
        case .impossible(let input):
            "'\(input)' is not a real date or time"
        }
    }
}

/// Foundation's error reporting (and a GUI's alert) shows the same message.
extension DateInputError: LocalizedError {
    public var errorDescription: String? { description }
}
