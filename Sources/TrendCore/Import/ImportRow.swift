/// One row of an import file, read.
package enum ImportRow: Equatable, Sendable {
    case entry(WeightEntry, line: Int)
    /// An empty or zero weight: a placeholder, not a measurement.
    case noReading(line: Int)
    case invalid(line: Int, reason: String)
}
