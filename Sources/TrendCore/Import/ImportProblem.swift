/// A row that cannot be read: where, and why.
public struct ImportProblem: Equatable, Sendable {
    /// The line, or for a JSON array the entry's number.
    public let line: Int
    public let reason: String
    public let isEntryNumber: Bool

    /// `FILE:12` or, for JSON, `FILE: entry 12`: as compilers name places.
    public func location(in path: String) -> String {
        isEntryNumber ? "\(path): entry \(line)" : "\(path):\(line)"
    }
}

extension ImportProblem {
    /// The row failed only for want of a day-first or month-first order.
    public var asksForDateOrder: Bool { reason.hasSuffix(ParsedImport.dateOrderQuestion) }
    /// Whether the row's two weight columns disagree, so one must be chosen.
    public var asksForWeightColumn: Bool { reason.hasSuffix(ParsedImport.twoWeightsQuestion) }
}
