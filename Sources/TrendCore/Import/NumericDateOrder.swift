#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How numeric dates like `03/04/2024` are read: never guessed.
public enum NumericDateOrder: String, CaseIterable, Sendable {
    case dayFirst = "dmy"
    case monthFirst = "mdy"
}
