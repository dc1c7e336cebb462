#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Body-fat records joined to the body-mass record of the same source
/// within two minutes (SPEC §12).
extension AppleHealthScanner {
    /// A body-fat reading, kept until the end to be joined to its weigh-in.
    struct FatReading {
        let source: String
        let epochSeconds: Int64
        let percent: Double
    }

    mutating func record(attributes: [String: String], line: Int) {
        switch attributes["type"] {
        case "HKQuantityTypeIdentifierDietaryEnergyConsumed":
            switch bodyValue(attributes, factors: ["kcal": 1, "Cal": 1, "kJ": 1 / IntakeEntry.kilojoulesPerKilocalorie, "cal": 0.001]) {
            case .value(let kilocalories, let stamp) where IntakeEntry.isValid(kilocalories: kilocalories):
                body.add(IntakeEntry(timestamp: stamp, kilocalories: kilocalories))
            case .value(let kilocalories, _): body.invalid.append((line, "\(DecimalText.shortest(kilocalories)) kcal is not food eaten at once"))
            case .invalid(let reason): body.invalid.append((line, reason))
            case .nothing: break
            }
            return
        case "HKQuantityTypeIdentifierWaistCircumference":
            switch bodyValue(attributes, factors: ["cm": 1, "in": MeasurementEntry.centimetresPerInch, "m": 100, "mm": 0.1, "ft": 30.48]) {
            case .value(let centimetres, let stamp) where MeasurementEntry.isValid(centimetres: centimetres):
                body.add(MeasurementEntry(timestamp: stamp, name: .waist, centimetres: centimetres))
            case .value(let centimetres, _): body.invalid.append((line, "a waist of \(DecimalText.shortest(centimetres)) cm is not a body measurement"))
            case .invalid(let reason): body.invalid.append((line, reason))
            case .nothing: break
            }
            return
        case "HKCategoryTypeIdentifierMenstrualFlow":
            // Any flow but none marks its day as a period's (SPEC §21).
            guard attributes["value"] != "HKCategoryValueMenstrualFlowNone" else {
                otherRecords += 1
                return
            }
            switch cells.timestamp(attributes["startDate"] ?? "") {
            case .success(let stamp): body.add(DayMark(day: stamp.day, name: .period))
            case .failure(let failure): body.invalid.append((line, failure.reason))
            }
            return
        default:
            break
        }
        if attributes["type"] == "HKQuantityTypeIdentifierBodyFatPercentage" {
            // 0.224 is 22.4 %; a reading that is not one is left out, like a stray record.
            guard let value = attributes["value"].flatMap(ImportCells.decimal), value.isFinite,
                case .success(let stamp) = cells.timestamp(attributes["startDate"] ?? ""),
                WeightInput.isValid(fatPercent: value * 100)
            else {
                otherRecords += 1
                return
            }
            fatReadings.append(FatReading(source: attributes["sourceName"] ?? "", epochSeconds: stamp.epochSeconds, percent: WeightInput.fatPercent(computed: value * 100)))
            return
        }
        guard attributes["type"] == "HKQuantityTypeIdentifierBodyMass" else {
            otherRecords += 1
            return
        }
        let unitName = attributes["unit"] ?? ""
        var unit = WeightUnit(parsing: unitName)
        var value = attributes["value"] ?? ""
        if unitName == "g", let grams = ImportCells.decimal(value), grams.isFinite {
            value = JSONText.number(grams / 1000)
            unit = .kilograms
        } else if unit == nil {
            rows.append(.invalid(line: line, reason: "unknown unit '\(unitName)'"))
            return
        }
        let kilograms: Double
        switch cells.weight(value, unit: unit) {
        case .noReading:
            rows.append(.noReading(line: line))
            return
        case .invalid(let reason):
            rows.append(.invalid(line: line, reason: reason))
            return
        case .kilograms(let value):
            kilograms = value
        }
        switch cells.timestamp(attributes["startDate"] ?? "") {
        case .failure(let failure): rows.append(.invalid(line: line, reason: failure.reason))
        case .success(let timestamp):
            weighIns.append((rows.count, attributes["sourceName"] ?? "", timestamp.epochSeconds))
            rows.append(.entry(WeightEntry(timestamp: timestamp, kilograms: kilograms), line: line))
        }
    }

    /// What an intake or waist record holds.
    enum BodyValue {
        case value(Double, Timestamp)
        case invalid(String)
        /// 0: nothing logged, as for weights.
        case nothing
    }

    /// An intake or waist record's value, in the unit `factors` converts to, at its start date.
    func bodyValue(_ attributes: [String: String], factors: [String: Double]) -> BodyValue {
        let unit = attributes["unit"] ?? ""
        guard let factor = factors[unit] else { return .invalid("unknown unit '\(unit)'") }
        guard let value = attributes["value"].flatMap(ImportCells.decimal), value.isFinite else {
            return .invalid("'\(attributes["value"] ?? "")' is not a number")
        }
        guard value != 0 else { return .nothing }
        switch cells.timestamp(attributes["startDate"] ?? "") {
        case .failure(let failure): return .invalid(failure.reason)
        case .success(let stamp): return .value(value * factor, stamp)
        }
    }

    /// Each body-fat reading goes to the weigh-in of the same source nearest
    /// in time, within two minutes (SPEC §12); the rest are counted.
    mutating func joinBodyFat() {
        guard !fatReadings.isEmpty else { return }
        var bySource: [String: [(row: Int, epochSeconds: Int64)]] = [:]
        for weighIn in weighIns { bySource[weighIn.source, default: []].append((weighIn.row, weighIn.epochSeconds)) }
        for key in bySource.keys { bySource[key]!.sort { $0.epochSeconds < $1.epochSeconds } }
        for reading in fatReadings {
            let candidates = bySource[reading.source] ?? []
            // The first weigh-in at or after the reading, and the one before it.
            var low = 0
            var high = candidates.count
            while low < high {
                let mid = (low + high) / 2
                if candidates[mid].epochSeconds < reading.epochSeconds { low = mid + 1 } else { high = mid }
            }
            let nearest = [low - 1, low].filter { candidates.indices.contains($0) }
                .min { abs(candidates[$0].epochSeconds - reading.epochSeconds) < abs(candidates[$1].epochSeconds - reading.epochSeconds) }
            guard let nearest, abs(candidates[nearest].epochSeconds - reading.epochSeconds) <= 120,
                case .entry(var entry, let line) = rows[candidates[nearest].row]
            else {
                loneFatReadings.append(reading.epochSeconds)
                continue
            }
            entry.fatPercent = reading.percent
            rows[candidates[nearest].row] = .entry(entry, line: line)
        }
    }

    /// `name="value"` pairs, with the five predefined XML entities decoded.
}
