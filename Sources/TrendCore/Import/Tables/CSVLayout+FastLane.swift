#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The CSV import's fast lane: a plain `date,weight` row read from its
/// bytes where the full reader would make a string of each field, so a
/// million-row import takes about a second; `Fuzz/Harnesses/csv-import`
/// holds it to the full reader's rows.
extension CSVLayout {
    /// The lines the fast lane reads: a layout with no joined columns, in
    /// a file whose text is sound.
    func takesFastLane(_ cells: ImportCells) -> Bool {
        timeColumn == nil && offsetColumn == nil && skipColumn == nil && fatMassColumn == nil && twin == nil && !cells.textIsBroken && !cells.zeroOffsetIsUTC
    }

    /// A plain line read from its bytes: an ISO date, a plain number, a
    /// unit word, body fat and BMI as plain numbers. Nil whenever a cell is
    /// anything else, and the full reader reads the line with every rule;
    /// this lane never reads a line differently, it only reads the common
    /// one without making a string of every field.
    func fastRow(_ b: UnsafeBufferPointer<UInt8>, ranges: [Range<Int>], line: Int, cells: ImportCells, ids: inout WeightEntry.IDSource) -> SourceLine? {
        if ranges.count == 1 && ranges[0].isEmpty { return .blank }
        guard ranges.count > max(dateColumn, weightColumn), headerFieldCount.map({ ranges.count <= $0 }) ?? true else { return nil }
        func bytes(_ column: Int) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: b[ranges[column]]) }
        var unit = headerUnit
        if let unitColumn, unitColumn < ranges.count, !ranges[unitColumn].isEmpty {
            guard let named = WeightUnit(parsing: String(decoding: bytes(unitColumn), as: UTF8.self)) else { return nil }
            unit = named
        }
        var assumed = false
        if unit == nil {
            unit = cells.settings.explicitUnit ?? formatUnit
            assumed = cells.settings.explicitUnit != nil || formatUnit == nil
        }
        guard let value = ImportCells.plainDecimal(bytes(weightColumn)) else { return nil }
        let kilograms = (unit ?? cells.settings.fallbackUnit).kilograms(from: value)
        if kilograms == 0 { return .parsed(Parsed(row: .noReading(line: line))) }
        guard WeightInput.isValid(kilograms: kilograms) else { return nil }
        var fatPercent: Double?
        if let fatColumn, fatColumn < ranges.count, !ranges[fatColumn].isEmpty {
            guard let fat = ImportCells.plainDecimal(bytes(fatColumn)) else { return nil }
            if fat != 0 {
                guard let percent = ImportCells.fatPercent(reading: fat) else { return nil }
                fatPercent = percent
            }
        }
        guard let timestamp = cells.isoTimestamp(bytes(dateColumn)), timestamp.epochSeconds <= cells.latestAcceptableSeconds else { return nil }
        let note = noteColumn.flatMap { $0 < ranges.count && !ranges[$0].isEmpty ? String(decoding: bytes($0), as: UTF8.self) : nil }
        var parsed = Parsed(row: .entry(WeightEntry(recordID: ids.next(), timestamp: timestamp, kilograms: kilograms, note: note, fatPercent: fatPercent), line: line))
        parsed.weightHasFraction = Self.hasFraction(bytes(weightColumn))
        if weightColumn + 1 < ranges.count {
            parsed.nextIsNumber = Self.isNumber(bytes(weightColumn + 1))
            if Self.decimalCommaPair(bytes(weightColumn), bytes(weightColumn + 1)) {
                parsed.decimalComma = (String(decoding: bytes(weightColumn), as: UTF8.self), String(decoding: bytes(weightColumn + 1), as: UTF8.self))
            }
        }
        if assumed {
            parsed.readInFallback = true
            if let bmiColumn, bmiColumn < ranges.count, let bmi = ImportCells.plainDecimal(bytes(bmiColumn)), UnitEvidence.plausibleBMI(bmi) { parsed.bmi = bmi }
        }
        return .parsed(parsed)
    }
}
