#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why the weight log refused a change.
public enum LogError: Error, Equatable, Sendable, CustomStringConvertible {
    case weightOutOfRange(kilograms: Double)
    case dateInFuture(timestamp: Timestamp)
    /// Outside what the data file holds exactly: years 0001–9999, offsets within ±18:00 in whole minutes.
    case dateNotStorable(timestamp: Timestamp)
    case goalOutOfRange(kilograms: Double)
    case fatOutOfRange(percent: Double)
    /// A plan's `--by` date must be after today.
    case planDateNotInFuture(day: CalendarDay)
    case planRateOutOfRange(kilograms: Double)
    /// A plan that would end more than 10 years from now.
    case planTooLong(day: CalendarDay)
    /// A plan at a rate starts from the trend: there must be one.
    case planWithoutWeighIns
    /// Not a UUID and not a prefix of at least 4 hex digits.
    case malformedID(input: String)
    case entryNotFound(id: String)
    case ambiguousID(prefix: String, candidates: [AnyRecord])
    /// Far from the current trend: probably a typo (SPEC §9). `earlier`:
    /// the weigh-ins the trend rests on while they are fewer than three,
    /// since one of them may be the typo.
    case unlikelyWeight(kilograms: Double, trendKilograms: Double, likely: [LikelyWeight], unit: WeightUnit, earlier: [WeightEntry])
    /// A goal far from the trend as typed, near it read another way (SPEC §13).
    case unlikelyGoal(kilograms: Double, trendKilograms: Double, likely: [LikelyWeight], unit: WeightUnit)
    /// A goal under a healthy BMI at the height known (`bmi`), or under 40 kg without one.
    case goalUnderHealthyBMI(kilograms: Double, bmi: Double?, centimetres: Double?, unit: WeightUnit)
    /// A first weigh-in no person weighs (outside 20–300 kg).
    case implausibleWeight(kilograms: Double, likely: [LikelyWeight], unit: WeightUnit)
    /// More food energy at once than most people eat in a day: a kJ value typed as kcal, likely (SPEC §15).
    case unlikelyIntake(kilocalories: Double)
    case intakeOutOfRange(kilocalories: Double)
    /// A measurement name trend does not know and that was not introduced
    /// with `--new` (SPEC §16), and the closest known one.
    case unknownMeasurement(name: String, closest: String?)
    case measurementOutOfRange(centimetres: Double)
    /// A series of the report (`fat`, `intake`) given as a measurement's name (SPEC §16).
    case seriesNotMeasurement(name: String)
    /// Far from that name's trend and latest value: probably a typo (SPEC §16).
    case unlikelyMeasurement(name: String, centimetres: Double, trendCentimetres: Double, likely: [Double], unit: LengthUnit)
    /// Not a mark's name (SPEC §21), and why: its characters, or a name a
    /// series or a measurement has.
    case invalidMarkName(name: String, takenBy: String?)
    /// More days than one mark may cover at once, or none.
    case markDaysOutOfRange(days: Int)
    /// A mark's last day after today: marks say what happened.
    case markInFuture(day: CalendarDay)
    /// An edit that would give a mark the day and name another mark has.
    case alreadyMarked(day: CalendarDay, name: String)
    /// Some of the ids to remove are unknown or ambiguous: nothing was removed.
    case unresolvedIDs([LogError])

    /// What an unlikely weight was probably meant to be.
    public enum LikelyWeight: Equatable, Sendable {
        case decimalPoint(kilograms: Double)
        /// The number typed, in the other unit.
        case otherUnit(typed: Double, unit: WeightUnit, kilograms: Double)
    }

    public var description: String {
        switch self {
        case .weightOutOfRange(let kilograms):
            "\(DecimalText.shortest(kilograms)) kg is not a weight: it must be \(WeightInput.validRangeText)"
        case .dateInFuture(let timestamp):
            "\(timestamp.day) \(timestamp.clock(seconds: false)) is more than 24 hours in the future"
        case .dateNotStorable(let timestamp):
            "\(timestamp.iso8601) cannot be stored: years 0001 to 9999 and UTC offsets within ±18:00 in whole minutes only"
        case .goalOutOfRange(let kilograms):
            "\(DecimalText.shortest(kilograms)) kg is not a goal: it must be \(WeightInput.validRangeText)"
        case .planDateNotInFuture(let day):
            "a plan's date must be in the future, not \(day)"
        case .planRateOutOfRange(let kilograms):
            "\(DecimalText.shortest(kilograms)) kg a week is not a plan's rate: it must be at least 0.01 kg (0.02 lb) and at most \(DecimalText.shortest(GoalPlan.maximumWeeklyKilograms)) kg a week"
        case .planTooLong(let day):
            "a plan must end within 10 years; this one would end on \(day)"
        case .planWithoutWeighIns:
            "a plan starts from the trend: log a weigh-in first"
        case .fatOutOfRange(let percent):
            "\(DecimalText.shortest(percent))% is not a body fat percentage: it must be \(WeightInput.validFatRangeText)"
        case .malformedID(let input):
            "'\(input)' is not an entry id: give the full id or at least its first 4 hex digits"
        case .entryNotFound(let id):
            "no entry with id '\(id)'"
        case .unlikelyWeight(let kilograms, let trend, let likely, let unit, _):
            "\(unit.format(kilograms: kilograms)) is far from your trend of \(unit.format(kilograms: trend))"
                + (likely.isEmpty ? "" : "; did you mean " + likely.map { $0.text(in: unit) }.joined(separator: " or ") + "?")
        case .unlikelyGoal(let kilograms, let trend, let likely, let unit):
            "a goal of \(unit.format(kilograms: kilograms)) is far from your trend of \(unit.format(kilograms: trend)); did you mean "
                + likely.map { $0.text(in: unit) }.joined(separator: " or ") + "?"
        case .goalUnderHealthyBMI(let kilograms, let bmi, let centimetres, let unit):
            if let bmi, let centimetres {
                "a goal of \(unit.format(kilograms: kilograms)) is a BMI of \(Decimal1.text(bmi)) at \(Decimal1.text(centimetres)) cm, under the healthy \(DecimalText.shortest(GoalGuard.lowestHealthyBMI))"
            } else {
                "a goal of \(unit.format(kilograms: kilograms)) is under \(WeightUnit.kilograms.format(kilograms: GoalGuard.lowestGoalKilograms)), lighter than a healthy adult"
            }
        case .implausibleWeight(let kilograms, let likely, let unit):
            "\(unit.format(kilograms: kilograms)) is not a weight a person has"
                + (likely.isEmpty ? "" : "; did you mean " + likely.map { $0.text(in: unit) }.joined(separator: " or ") + "?")
        case .unlikelyIntake(let kilocalories):
            // An extra digit (8750 for 875) is as likely as kilojoules typed as kcal.
            "\(DecimalText.grouped(kilocalories)) kcal at once is more than most people eat in a day; did you mean \(DecimalText.shortest(kilocalories / 10))? "
                + "If it is kilojoules, that is \(DecimalText.grouped((kilocalories / IntakeEntry.kilojoulesPerKilocalorie).rounded())) kcal: write \(DecimalText.shortest(kilocalories))kJ"
        case .intakeOutOfRange(let kilocalories):
            "\(DecimalText.shortest(kilocalories)) kcal is not an amount one eats at once: it must be \(IntakeEntry.validRangeText)"
        case .unknownMeasurement(let name, let closest):
            "'\(name)' is not a measurement trend knows" + (closest.map { "; did you mean \($0)?" } ?? ".")
                + " Known: \(MeasurementName.known.joined(separator: ", ")), each also with -left or -right"
        case .measurementOutOfRange(let centimetres):
            "\(DecimalText.shortest(centimetres)) cm is not a body measurement: it must be \(MeasurementEntry.validRangeText) cm"
        case .seriesNotMeasurement(let name):
            "'\(name)' is a series of the report, not a measurement: choose another name for what the tape measures"
        case .unlikelyMeasurement(let name, let centimetres, let trend, let likely, let unit):
            "\(unit.format(centimetres: centimetres)) is far from your \(name) (trend \(unit.format(centimetres: trend)))"
                + (likely.isEmpty ? "" : "; did you mean " + likely.map { unit.format(centimetres: $0) }.joined(separator: " or ") + "?")
        case .invalidMarkName(let name, let takenBy?):
            "'\(name)' is \(takenBy): a mark needs a name of its own"
        case .invalidMarkName(let name, nil):
            "'\(name)' is not a mark's name: use lowercase letters, digits and -, 1 to 32 of them (period, sick, travel)"
        case .markDaysOutOfRange(let days):
            "a mark covers 1 to \(DayMark.largestRun) days, not \(days)"
        case .markInFuture(let day):
            "a mark says what happened: \(day) is after today"
        case .alreadyMarked(let day, let name):
            "\(day) is marked \(name) already"
        case .unresolvedIDs(let errors):
            errors.map(\.description).joined(separator: "; ") + "; nothing was removed"
        case .ambiguousID(let prefix, let candidates):
            "'\(prefix)' matches \(candidates.count) entries: "
                + candidates.map { "\(ShortIDs(candidates.map(\.recordID)).text(of: $0.recordID)) (\($0.kind == .weighIn ? "" : $0.kind.name + ", ")\($0.timestamp.day) \($0.timestamp.clock(seconds: false)))" }
                .joined(separator: ", ") + "; type more of the id"
        }
    }
}

/// Foundation's error reporting (and a GUI's alert) shows the same message.
extension LogError: LocalizedError {
    public var errorDescription: String? { description }
}

extension LogError.LikelyWeight {
    func text(in shown: WeightUnit) -> String {
        switch self {
        case .decimalPoint(let kilograms):
            shown.format(kilograms: kilograms)
        case .otherUnit(let typed, let unit, let kilograms):
            "\(DecimalText.shortest((typed * 10).rounded() / 10)) \(unit.rawValue) (\(shown.format(kilograms: kilograms)))"
        }
    }
}
