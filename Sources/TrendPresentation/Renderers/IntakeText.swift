import TrendCore

/// What the report says of intake (SPEC §15): the expenditure with its
/// interval, or what it still needs; and what to eat.
enum IntakeText {
    /// Rounded to 10 kcal in text: the interval is wider than that anyway.
    static func tens(_ kilocalories: Double) -> String { EntryRendering.grouped(roundedTens(kilocalories)) }
    static func roundedTens(_ kilocalories: Double) -> Int { Int((kilocalories / 10).rounded()) * 10 }

    static func rows(_ report: ProgressReport, unit: WeightUnit) -> [(String, String, String)] {
        guard let estimate = report.expenditure else { return [] }
        var rows: [(String, String, String)] = []
        let age = report.expenditureAgeDays.map { "; as of \(EntryRendering.longDate(estimate.to)), \($0) days ago" } ?? ""
        switch estimate {
        case .notEnough(let shortfall):
            rows.append(("Expenditure", "", missing(shortfall) + age))
        case .disagreement(let disagreement):
            rows.append(("Expenditure", "", self.disagreement(disagreement, unit: unit) + age))
        case .known(let e):
            let rate = (e.weeklyRateKilograms < 0 ? "-" : e.weeklyRateKilograms > 0 ? "+" : "")
                + DecimalText.shortest((abs(unit.value(fromKilograms: e.weeklyRateKilograms)) * 100).rounded() / 100)
            let detail = "(\(tens(e.low))–\(tens(e.high))): intake \(tens(e.averageIntake)) on \(e.intakeDays) of \(Expenditure.windowDays) days to \(EntryRendering.dayMonth(e.to)), "
                + "weight \(rate) \(unit.rawValue)/week from \(e.weighInDays) weigh-ins" + age
            rows.append(("Expenditure", tens(e.kilocalories) + " kcal/day", detail))
            if let line = waterLine(e, unit: unit) { rows.append(("", "", line)) }
        }
        if let target = report.targetIntake {
            var detail: String = switch target.basis {
            case .plan: "to follow the plan"
            case .goal: "to reach the goal at 0.5% of your weight a week"
            case .maintenance: report.goal?.isReached == true ? "to stay at the goal" : "to keep your weight"
            }
            if target.isBelowSafeMinimum {
                rows.append(("Eat", "", EntryRendering.foodFloor(target)))
            } else {
                if let e = report.expenditure?.value, let change = eatingChange(target, averageIntake: e.averageIntake) { detail += "; " + change }
                rows.append(("Eat", EntryRendering.intakeRange(target), detail))
            }
        }
        return rows
    }

    /// `about 120 kcal/day more than your recent 1,960`: what to eat against
    /// the window's average, the one figure every line derives from; nil
    /// within 10 kcal.
    static func eatingChange(_ target: TargetIntake, averageIntake: Double) -> String? {
        let difference = Int(((target.kilocalories - averageIntake) / 10).rounded()) * 10
        guard abs(difference) >= 10 else { return nil }
        return "about \(EntryRendering.grouped(abs(difference))) kcal/day \(difference < 0 ? "less" : "more") than your recent \(tens(averageIntake))"
    }

    /// `the scale is holding about 0.8 kg of water, likely your period; it
    /// passes in a few days`: water of half a kilogram or more (SPEC §15),
    /// with its cause where the data shows one.
    static func waterLine(_ e: Expenditure, unit: WeightUnit) -> String? {
        guard let water = e.notableWater else { return nil }
        let amount = unit.format(kilograms: abs(water))
        let held = water > 0 ? "the scale is holding about \(amount) of water" : "the scale is about \(amount) short of its usual water"
        switch e.waterCause {
        case .period?:
            return held + (water > 0 ? ", likely your period; it passes in a few days" : ", likely your cycle; it comes back before your next period")
        case .largeDay(let day, let kilocalories)?:
            return held + ", likely the \(EntryRendering.grouped(roundedTens(kilocalories))) kcal eaten on \(EntryRendering.dayMonth(day)); it passes in a few days"
        case .dietChange(let day, let fell)?:
            return held + (fell
                ? ", likely the first weeks of eating less (from \(EntryRendering.dayMonth(day))): glycogen and its water; it stays off while you do"
                : ", likely eating more again (from \(EntryRendering.dayMonth(day))): glycogen and its water coming back; it stays while you do")
        case nil:
            return held
        }
    }

    /// `not shown: the weigh-ins and intake of 3–30 Nov disagree; the
    /// weigh-ins of 3–12 Nov are 30.2 kg above the rest, likely another
    /// person's`: no figure a body cannot burn (SPEC §15).
    static func disagreement(_ d: Expenditure.Disagreement, unit: WeightUnit) -> String {
        let text = "not shown: the weigh-ins and intake of \(daySpan(d.from, d.to)) disagree"
        switch d.likelyCause {
        case .anotherPerson(let from, let to, let kilograms)?:
            return text + "; the weigh-ins of \(daySpan(from, to)) are \(unit.format(kilograms: abs(kilograms))) \(kilograms > 0 ? "above" : "below") the rest, likely another person's"
        case .weightUnit(let from, let to, let ratio)?:
            return text + (ratio > 1
                ? "; the weigh-ins of \(daySpan(from, to)) are about 2.2 times the rest, likely pounds logged as kilograms"
                : "; the weigh-ins of \(daySpan(from, to)) are under half the rest, likely kilograms logged as pounds")
        case .energyUnit?:
            return text + "; intake averages \(tens(d.averageIntake)) kcal a day, likely kJ logged as kcal"
        case .missingIntake(let partialDays)?:
            let days = partialDays == 0 ? "" : " (\(partialDays) day\(partialDays == 1 ? "" : "s") with under half the usual)"
            return text + "; intake averages \(tens(d.averageIntake)) kcal a day\(days), likely meals not logged"
        case nil:
            return text + "; check the weigh-ins and the intake of those days"
        }
    }

    /// `3–12 Nov`, `28 Oct–12 Nov`, `28 Dec 2026–3 Jan 2027`.
    static func daySpan(_ from: CalendarDay, _ to: CalendarDay) -> String {
        if from == to { return EntryRendering.dayMonth(from) }
        if from.year != to.year { return EntryRendering.longDate(from) + "–" + EntryRendering.longDate(to) }
        return (from.month == to.month ? "\(from.day)" : EntryRendering.dayMonth(from)) + "–" + EntryRendering.dayMonth(to)
    }

    /// `after 20 days of intake in 28: 12 so far`, and the weigh-ins when they are short too.
    static func missing(_ s: Expenditure.Shortfall) -> String {
        var needs: [String] = []
        if s.needsIntake { needs.append("\(Expenditure.minimumIntakeDays) days of intake in \(Expenditure.windowDays): \(s.intakeDays) so far") }
        if s.needsWeighIns {
            needs.append(
                "\(Expenditure.minimumWeighInDays) weigh-in days spanning \(Expenditure.minimumSpanDays) days in those \(Expenditure.windowDays): \(s.weighInDays) so far, spanning \(s.spanDays)")
        }
        return "after " + needs.joined(separator: ", and ")
    }
}

/// What the report says of the tape measure (SPEC §16).
enum MeasurementText {
    /// `Waist`, `Arm (left)`, `My-thing`.
    static func label(_ name: MeasurementName) -> String {
        var text = name.text
        var side = ""
        for candidate in ["-left", "-right"] where text.hasSuffix(candidate) && name.isKnown {
            side = " (" + candidate.dropFirst() + ")"
            text = String(text.dropLast(candidate.count))
        }
        return text.prefix(1).uppercased() + text.dropFirst() + side
    }

    static func rows(_ report: MeasurementsReport, unit: LengthUnit) -> [(String, String, String)] {
        var rows: [(String, String, String)] = []
        for summary in report.summaries {
            var detail = "trend \(unit.format(centimetres: summary.trend))"
            if let rate = summary.weeklyRate { detail += ", \(unit.formatChange(centimetres: rate))/week" }
            if let change = summary.change { detail += "; \(unit.formatChange(centimetres: change)) in this range" }
            detail += "; measured \(EntryRendering.longDate(summary.latest.calendarDay))"
            rows.append((label(summary.name), unit.format(centimetres: summary.latest.centimetres), detail))
        }
        if let ratio = report.waistToHeight, let band = report.waistToHeightClass {
            rows.append(("Waist/height", Decimal2.text(ratio), "\(band.rawValue) (Ashwell: below 0.4 low, to 0.49 healthy, to 0.59 increased, 0.6 and above high)"))
        }
        if let ratio = report.waistToHip {
            let flag: String = switch report.waistToHipIncreased {
            case true?: "increased (WHO: from 0.90 for men, 0.85 for women)"
            case false?: "not increased (WHO: from 0.90 for men, 0.85 for women)"
            case nil: "set 'trend sex' for WHO's flag"
            }
            rows.append(("Waist/hip", Decimal2.text(ratio), flag))
        }
        if let navy = report.navyBodyFat {
            let scale = report.scaleFatPercent.map { "; the scale's trend says \(EntryRendering.fatText($0))" } ?? ""
            rows.append(("Navy body fat", EntryRendering.fatText(navy), "U.S. Navy estimate from the tape" + scale))
        }
        return rows
    }
}

/// Two-decimal text, locale-free: `0.47`.
enum Decimal2 {
    static func text(_ value: Double) -> String {
        let hundredths = Int64((value * 100).rounded())
        let magnitude = hundredths.magnitude
        let fraction = magnitude % 100
        return (hundredths < 0 ? "-" : "") + String(magnitude / 100) + "." + (fraction < 10 ? "0" : "") + String(fraction)
    }
}
