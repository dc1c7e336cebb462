import TrendCore

/// The progress report of SPEC §5 as labelled rows and sentences: the
/// display values the text, the HTML page and the mail arrange. Every
/// number comes from `ProgressReport`.
enum ProgressText {
    /// `Progress over the last 1M`.
    static func heading(_ report: ProgressReport) -> String {
        report.isCustomPeriod ? "Progress" : "Progress over " + (report.range == .all ? "all time" : "the last \(report.range.rawValue)")
    }

    /// `2026-11-01 to 2026-11-30 (5 weigh-ins)`.
    static func span(_ report: ProgressReport) -> String {
        "\(report.from?.description ?? "") to \(report.to) (\(report.count == 1 ? "1 weigh-in" : "\(report.count) weigh-ins"))"
    }

    /// `Latest weigh-in 9 days ago …` when it is more than 2 days old.
    static func staleNote(_ report: ProgressReport) -> String? {
        guard report.isLatestWeighInStale, let days = report.daysSinceLatestWeighIn, let asOf = report.asOf else { return nil }
        return "Latest weigh-in \(days) days ago (\(EntryRendering.longDate(asOf))): figures are as of that day."
    }

    /// `bold` styles the heading (a terminal's bold; nothing in a mail);
    /// with a `width` (a terminal's), long details wrap under themselves.
    /// `No weigh-ins between 1 Jan 2020 and 1 Feb 2020; the history runs
    /// from 3 Mar 2021 to 30 Nov 2026.`: a range that holds none, over a
    /// history that has some (never "no weigh-ins yet").
    static func emptyRangeNote(_ report: ProgressReport) -> String? {
        guard report.isEmpty, let history = report.historyDays else { return nil }
        let period = report.from.map { "between \(EntryRendering.longDate($0)) and \(EntryRendering.longDate(report.to))" }
            ?? "up to \(EntryRendering.longDate(report.to))"
        return "No weigh-ins \(period); the history runs from \(EntryRendering.longDate(history.lowerBound)) to \(EntryRendering.longDate(history.upperBound))."
    }

    static func text(_ report: ProgressReport, unit: WeightUnit, bold: (String) -> String = { $0 }, width: Int? = nil) -> String {
        func fitted(_ text: String) -> String {
            guard let width, text.count > width else { return text }
            return TextWrap.wrap(text, indent: 0, width: width)
        }
        var out: String
        if let note = emptyRangeNote(report) {
            out = fitted(note) + "\n"
            // Nothing before the period either: no figures as of then.
            guard report.asOf != nil else { return out }
        } else {
            let heading = heading(report)
            // The heading is bold where the terminal shows it: wrapped as plain text, then styled.
            let line = fitted(heading + ": " + span(report))
            out = (line.hasPrefix(heading + ":") ? bold(heading) + line.dropFirst(heading.count) : line) + "\n"
        }
        if let note = staleNote(report) { out += fitted(note) + "\n" }
        out += "\n"
        let rows = rows(report, unit: unit)
        let labelWidth = rows.map(\.0.count).max() ?? 0
        let valueWidth = rows.map(\.1.count).max() ?? 0
        for (label, value, detail) in rows {
            var lead = label + String(repeating: " ", count: labelWidth - label.count + 2)
            lead += String(repeating: " ", count: valueWidth - value.count) + value
            if detail.isEmpty {
                while lead.hasSuffix(" ") { lead.removeLast() }
                out += fitted(lead) + "\n"
            } else {
                out += TextWrap.hanging(lead + "   ", detail, width: width, least: Self.leastDetailColumns) + "\n"
            }
        }
        return out
    }

    /// Details wrap under themselves while they have this many columns; below, under the row.
    static let leastDetailColumns = 20

    /// The report as (label, value, detail) rows: the text table and the HTML page.
    static func rows(_ report: ProgressReport, unit: WeightUnit) -> [(String, String, String)] {
        var rows: [(String, String, String)] = []
        if let start = report.start, let latest = report.latest {
            rows.append(("Start", unit.format(kilograms: start.kilograms), EntryRendering.localDateTime(start.timestamp)))
            rows.append(("Latest", unit.format(kilograms: latest.kilograms), EntryRendering.localDateTime(latest.timestamp)))
            if let change = report.changeKilograms, let weightChange = report.weightChangeKilograms {
                rows.append(("Change", unit.formatChange(kilograms: change), "in trend; \(unit.formatChange(kilograms: weightChange)) in weight"))
            }
        }
        if let trend = report.trendKilograms {
            let rate = report.weeklyRateKilograms.map { EntryRendering.weeklyRate($0, unit: unit) }
                ?? "rate after a week of weigh-ins (\(report.weighInDays) so far)"
            rows.append(("Trend", unit.format(kilograms: trend), rate))
        }
        if let energy = energyNow(report) {
            var sentence = energySentence(energy)
            if let e = report.expenditure?.value {
                sentence += " (intake \(IntakeText.tens(e.averageIntake)) − expenditure \(IntakeText.tens(e.kilocalories)))"
            }
            rows.append(("Energy", energyFigure(energy), sentence))
        }
        rows += IntakeText.rows(report, unit: unit)
        let deltas = [("1 day", report.deltas.day), ("1 week", report.deltas.week), ("2 weeks", report.deltas.twoWeeks), ("4 weeks", report.deltas.fourWeeks)]
            .compactMap { name, value in value.map { "\(unit.formatChange(kilograms: $0)) in \(name)" } }
        if !deltas.isEmpty {
            // TrendWeight hides old deltas; trend shows them with their age.
            let age = report.isLatestWeighInStale ? report.asOf.map { "; as of \(EntryRendering.longDate($0)), \(report.daysSinceLatestWeighIn ?? 0) days ago" } ?? "" : ""
            rows.append(("Trend moved", "", deltas.joined(separator: ", ") + age))
        }
        if let low = report.minimumKilograms, let high = report.maximumKilograms, let average = report.averageKilograms {
            rows.append(("Lowest", unit.format(kilograms: low), ""))
            rows.append(("Highest", unit.format(kilograms: high), ""))
            rows.append(("Average", unit.format(kilograms: average), ""))
        }
        if let composition = report.bodyComposition { rows += bodyCompositionRows(composition, report: report, unit: unit) }
        if let bmi = report.bmi {
            let range = unit.format(kilograms: bmi.healthyKilograms.lowerBound) + " to " + unit.format(kilograms: bmi.healthyKilograms.upperBound)
            rows.append(("BMI", Decimal1.text(bmi.value), "\(bmi.category.words); a healthy weight at your height is \(range)"))
        }
        if let measurements = report.measurements { rows += MeasurementText.rows(measurements, unit: LengthUnit(weightUnit: unit)) }
        if !report.marks.isEmpty {
            rows.append(("Marked", "", report.marks.map { "\($0.name) \(EntryRendering.dayRange($0.first, $0.last))" }.joined(separator: ", ")))
        }
        if let goal = report.goal {
            rows.append(("Goal", unit.format(kilograms: goal.goalKilograms), goalSentence(goal, report: report, unit: unit)))
        }
        if let plan = report.plan { rows += planRows(plan, report: report, unit: unit) }
        if let unusable = report.unusablePlan, let goal = report.goal {
            let pace: String = switch unusable.pace {
            case .by(let day): "to arrive on \(EntryRendering.longDate(day))"
            case .weeklyRate(let kilograms): "at \(DecimalText.shortest(unit.value(fromKilograms: kilograms))) \(unit.rawValue)/week"
            }
            rows.append(("Plan", "", "the stored plan (\(pace)) cannot be followed: no plan ends within 100 years at that pace; set a new one with 'trend goal \(unit.formatPlain(kilograms: goal.goalKilograms)) --by DATE'"))
        }
        if let gap = report.longestGap {
            rows.append(("Gap", "", "no weigh-ins between \(EntryRendering.longDate(gap.lastBefore)) and \(EntryRendering.longDate(gap.firstAfter)), \(gap.days) days apart"))
        }
        if let since = report.trackingSince {
            rows.append(("Tracking", "", "since \(EntryRendering.longDate(since)); trend method \(report.method.rawValue)"))
        }
        return rows
    }

    /// `Body fat  22.4%  -0.2 points/week; fat 18.0 kg, lean 62.6 kg` and
    /// what the change over the range was made of (TrendWeight does not say).
    static func bodyCompositionRows(_ c: ProgressReport.BodyComposition, report: ProgressReport, unit: WeightUnit) -> [(String, String, String)] {
        var detail = c.fatPercentWeeklyRate.map { signed($0) + " points/week; " } ?? ""
        detail += "fat \(unit.format(kilograms: c.fatMassKilograms)), lean \(unit.format(kilograms: c.leanMassKilograms))"
        if let asOf = report.asOf, c.asOf < asOf { detail += "; as of \(EntryRendering.longDate(c.asOf))" }
        var rows = [("Body fat", Decimal1.text(c.fatPercent) + "%", detail)]
        if let fat = c.fatMassChangeKilograms, let lean = c.leanMassChangeKilograms {
            let total = fat + lean
            if let share = c.fatShareOfChange, abs(total) >= 0.05 {
                let what = total < 0 ? "lost" : "gained"
                rows.append(("", "", "of the \(unit.format(kilograms: abs(total))) \(what), \(unit.format(kilograms: abs(fat))) was fat (\(Int((share * 100).rounded()))%)"))
            } else if c.fatShareOfChange == nil, abs(fat) >= 0.05 || abs(lean) >= 0.05 {
                // Fat and lean moved apart: a share of the change would be no percentage.
                rows.append(("", "", "in this range fat \(unit.formatChange(kilograms: fat)), lean \(unit.formatChange(kilograms: lean))"))
            }
        } else if let withheld = c.changeWithheld {
            let why: String = switch withheld {
            case .noBodyFatNear(let day): "no body fat measured near \(EntryRendering.longDate(day))"
            case .gap(let from, let to): "no body fat measured between \(EntryRendering.longDate(from)) and \(EntryRendering.longDate(to))"
            }
            rows.append(("", "", "the change in this range is not broken down: " + why))
        }
        return rows
    }

    static func planRows(_ plan: ProgressReport.PlanStatus, report: ProgressReport, unit: WeightUnit) -> [(String, String, String)] {
        guard let goal = report.goal else { return [] }
        var rows: [(String, String, String)] = []
        let target = unit.format(kilograms: goal.goalKilograms) + " by " + EntryRendering.longDate(plan.by)
        let rate = plan.isGivenRate
            ? EntryRendering.givenWeeklyRate(plan.weeklyRateKilograms, unit: unit) : EntryRendering.weeklyRate(plan.weeklyRateKilograms, unit: unit)
        rows.append(("Plan", "", "\(target), \(rate) from \(unit.format(kilograms: plan.startTrendKilograms)) on \(EntryRendering.longDate(plan.start))"))
        if plan.isFast && !plan.isDone { rows.append(("", "", EntryRendering.fastPlanWarning(plan.weeklyRateKilograms, unit: unit))) }
        guard let standing = PlanStatusText.sentence(plan, report: report, unit: unit) else {
            rows.append(("", "", PlanStatusText.notRunning(plan, report: report, unit: unit)))
            return rows
        }
        rows.append(("", "", standing + "; the plan is at \(unit.format(kilograms: plan.planTrendTodayKilograms)) today"))
        if let required = plan.requiredWeeklyRateKilograms, let energy = plan.requiredEnergyBalance {
            let verb = required < 0 ? "lose" : "gain"
            var text = "to \(verb) \(unit.formatPlain(kilograms: abs(required))) \(unit.rawValue)/week from here you need \(EntryRendering.energyBalance(Double(energy)))"
            if let target = report.targetIntake, target.basis == .plan, let e = report.expenditure?.value {
                // With intake logged, eating more or less is the Eat line's one figure against the recent average.
                if !target.isBelowSafeMinimum, let change = IntakeText.eatingChange(target, averageIntake: e.averageIntake) {
                    text += "; eat " + change
                }
            } else if let now = report.energyBalanceKilocaloriesPerDay {
                let difference = energy - now
                text += "; you are at \(EntryRendering.energyBalance(Double(now)))"
                if abs(difference) >= 10 {
                    text += difference < 0
                        ? ": cut about \(EntryRendering.grouped(-difference)) kcal/day more" : ": you can eat about \(EntryRendering.grouped(difference)) kcal/day more"
                }
            }
            rows.append(("", "", text))
            // TrendWeight measures against the planned rate; trend against what arriving from here needs. Both, when they differ.
            if let now = energyNow(report), abs(plan.plannedEnergyBalance - energy) > Self.energyDifferenceShown {
                rows.append(("", "", "the plan's rate asks \(energyDifference(plan.plannedEnergyBalance - now)); to arrive on \(EntryRendering.longDate(plan.by)) from here, \(energyDifference(energy - now))"))
            }
        }
        return rows
    }

    /// The one energy balance the report speaks of (SPEC §15): with an
    /// expenditure, the window's average intake minus it, as a reader redoes
    /// it from the Expenditure line (both to 10 kcal); otherwise §5's figure
    /// from the trend's rate.
    static func energyNow(_ report: ProgressReport) -> Int? {
        if let e = report.expenditure?.value { return IntakeText.roundedTens(e.averageIntake) - IntakeText.roundedTens(e.kilocalories) }
        return report.energyBalanceKilocaloriesPerDay
    }

    /// Below this, the planned rate's and the required rate's energy are one figure.
    static let energyDifferenceShown = 50

    /// `478 kcal/day less than now`, `120 kcal/day more than now`.
    static func energyDifference(_ kilocalories: Int) -> String {
        kilocalories == 0 ? "what you eat now" : "\(EntryRendering.grouped(abs(kilocalories))) kcal/day \(kilocalories < 0 ? "less" : "more") than now"
    }

    static func signed(_ value: Double) -> String {
        let text = Decimal1.text(value)
        return text == "0.0" || text == "-0.0" ? "0.0" : (value > 0 ? "+" : "") + text
    }

    /// `-772 kcal/day`, `+120 kcal/day`.
    static func energyFigure(_ kilocalories: Int) -> String {
        (kilocalories > 0 ? "+" : kilocalories < 0 ? "-" : "") + "\(EntryRendering.grouped(abs(kilocalories))) kcal/day"
    }

    static func energySentence(_ kilocalories: Int) -> String {
        switch kilocalories {
        case ..<0: "eating less than you burn"
        case 0: "eating about what you burn"
        default: "eating more than you burn"
        }
    }

    /// `5.9 kg to lose`.
    static func goalAmount(_ goal: GoalProjection, unit: WeightUnit) -> String {
        unit.format(kilograms: abs(goal.remainingKilograms)) + (goal.remainingKilograms < 0 ? " to lose" : " to gain")
    }

    static func goalSentence(_ goal: GoalProjection, report: ProgressReport, unit: WeightUnit) -> String {
        if goal.isReached {
            return "reached: maintaining within \(unit.format(kilograms: GoalProjection.reachedWithinKilograms))"
        }
        let amount = goalAmount(goal, unit: unit)
        // With a plan running, the plan's rows say where the trend stands and when it arrives, in one sentence.
        if let plan = report.plan, PlanStatusText.sentence(plan, report: report, unit: unit) != nil { return amount }
        if let day = goal.projectedDay {
            return report.projectedGoalDateIsPast
                ? "\(amount); at that pace it would have reached it on \(EntryRendering.longDate(day))"
                : report.isBehindThePlan
                    ? "\(amount), behind the plan; at this pace on \(EntryRendering.longDate(day))"
                    : "\(amount), on track for \(EntryRendering.longDate(day))"
        }
        if !report.hasEnoughData { return amount }
        return goal.isMovingTowardGoal ? amount : "\(amount), trend moving away from goal"
    }
}

extension BodyMassIndex.Category {
    /// The WHO's words.
    var words: String {
        switch self {
        case .underweight: "underweight"
        case .healthy: "healthy weight"
        case .overweight: "overweight"
        case .obesity: "obesity"
        }
    }
}
