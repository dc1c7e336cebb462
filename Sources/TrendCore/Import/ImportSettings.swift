#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What an importer needs to know besides the bytes.
public struct ImportSettings: Sendable {
    public var clock: AppClock
    /// `--unit` for this run: wins over a format's own default unit, loses
    /// to a unit the file names (in the cell, a unit column or the header).
    public var explicitUnit: WeightUnit?
    /// The configured unit: what weights are read in when nothing else says.
    public var configuredUnit: WeightUnit
    public var numericDateOrder: NumericDateOrder?
    /// `--date-column N`, `--weight-column N` (1-based): the columns of a
    /// table read by content, where its cells leave a choice (SPEC §18).
    public var dateColumn: Int?
    public var weightColumn: Int?

    public init(
        clock: AppClock, explicitUnit: WeightUnit? = nil, configuredUnit: WeightUnit, numericDateOrder: NumericDateOrder? = nil, dateColumn: Int? = nil,
        weightColumn: Int? = nil
    ) {
        self.clock = clock
        self.explicitUnit = explicitUnit
        self.configuredUnit = configuredUnit
        self.numericDateOrder = numericDateOrder
        self.dateColumn = dateColumn
        self.weightColumn = weightColumn
    }

    /// Columns named on the command line: the table is read by content.
    public var choosesColumns: Bool { dateColumn != nil || weightColumn != nil }

    /// The unit of a weight whose file names none and has no default.
    public var fallbackUnit: WeightUnit { explicitUnit ?? configuredUnit }
}
