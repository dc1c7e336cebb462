import TrendCore

/// The progress report of SPEC §5 as text and JSON. It arranges what the
/// report holds; every number comes from `ProgressReport`.
enum ProgressText {
    static func json(_ report: ProgressReport, unit: WeightUnit) -> JSONOutput {
        func weight(_ kilograms: Double?) -> JSONOutput { .optional(kilograms.map { unit.roundedValue(fromKilograms: $0) }) }
        let ordered = report.rows.map { row -> JSONOutput in
            switch row {
            case .weighIn(let point):
                .object([("date", .string(point.timestamp.iso8601)), ("weight", weight(point.kilograms)), ("trend", weight(point.trendKilograms))])
            case .estimated(let day):
                .object([
                    ("date", .string(day.day.description)), ("weight", weight(day.kilograms)), ("trend", weight(day.trendKilograms)),
                    ("estimated", .bool(true)),
                ])
            }
        }
        return .object([
            ("range", .string(report.isCustomPeriod ? "custom" : report.range.rawValue)),
            ("from", .optional(report.from?.description)),
            ("to", .string(report.to.description)),
            ("unit", .string(unit.rawValue)),
            ("method", .string(report.method.rawValue)),
            ("asOf", .optional(report.asOf?.description)),
            ("count", .integer(report.count)),
            ("start", report.start.map { EntryRendering.json($0, unit: unit) } ?? .null),
            ("latest", report.latest.map { EntryRendering.json($0, unit: unit) } ?? .null),
            ("change", weight(report.changeKilograms)),
            ("weightChange", weight(report.weightChangeKilograms)),
            ("minimum", weight(report.minimumKilograms)),
            ("maximum", weight(report.maximumKilograms)),
            ("average", weight(report.averageKilograms)),
            ("trend", weight(report.trendKilograms)),
            ("weeklyRate", weight(report.weeklyRateKilograms)),
            ("energyBalance", report.energyBalanceKilocaloriesPerDay.map { .integer($0) } ?? .null),
            (
                "deltas",
                .object([
                    ("day", weight(report.deltas.day)), ("week", weight(report.deltas.week)),
                    ("twoWeeks", weight(report.deltas.twoWeeks)), ("fourWeeks", weight(report.deltas.fourWeeks)),
                ])
            ),
            ("goal", weight(report.goalKilograms)),
            ("remaining", weight(report.remainingKilograms)),
            ("goalReached", report.goal.map { .bool($0.isReached) } ?? .null),
            ("projectedGoalDate", .optional(report.projectedGoalDate?.description)),
            ("trackingSince", .optional(report.trackingSince?.description)),
            ("points", .array(ordered)),
        ])
    }

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

    static func text(_ report: ProgressReport, unit: WeightUnit, terminal: Terminal) -> String {
        var out = terminal.bold(heading(report)) + ": " + span(report) + "\n"
        if let note = staleNote(report) { out += note + "\n" }
        out += "\n"
        let rows = rows(report, unit: unit)
        let labelWidth = rows.map(\.0.count).max() ?? 0
        let valueWidth = rows.map(\.1.count).max() ?? 0
        for (label, value, detail) in rows {
            var line = label + String(repeating: " ", count: labelWidth - label.count + 2)
            line += String(repeating: " ", count: valueWidth - value.count) + value
            if !detail.isEmpty { line += "   " + detail }
            out += line + "\n"
        }
        return out
    }

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
            rows.append(("Trend", unit.format(kilograms: trend), report.weeklyRateKilograms.map { EntryRendering.weeklyRate($0, unit: unit) } ?? ""))
        }
        if let energy = report.energyBalanceKilocaloriesPerDay {
            rows.append(("Energy", energyFigure(energy), energySentence(energy)))
        }
        let deltas = [("1 day", report.deltas.day), ("1 week", report.deltas.week), ("2 weeks", report.deltas.twoWeeks), ("4 weeks", report.deltas.fourWeeks)]
            .compactMap { name, value in value.map { "\(unit.formatChange(kilograms: $0)) in \(name)" } }
        if !deltas.isEmpty { rows.append(("Trend moved", "", deltas.joined(separator: ", "))) }
        if let low = report.minimumKilograms, let high = report.maximumKilograms, let average = report.averageKilograms {
            rows.append(("Lowest", unit.format(kilograms: low), ""))
            rows.append(("Highest", unit.format(kilograms: high), ""))
            rows.append(("Average", unit.format(kilograms: average), ""))
        }
        if let goal = report.goal {
            rows.append(("Goal", unit.format(kilograms: goal.goalKilograms), goalSentence(goal, unit: unit, projectedDayIsPast: report.projectedGoalDateIsPast)))
        }
        if let since = report.trackingSince {
            rows.append(("Tracking", "", "since \(EntryRendering.longDate(since)); trend method \(report.method.rawValue)"))
        }
        return rows
    }

    /// `-772 kcal/day`, `+120 kcal/day`.
    static func energyFigure(_ kilocalories: Int) -> String {
        (kilocalories > 0 ? "+" : "") + "\(kilocalories) kcal/day"
    }

    static func energySentence(_ kilocalories: Int) -> String {
        switch kilocalories {
        case ..<0: "eating less than you burn"
        case 0: "eating about what you burn"
        default: "eating more than you burn"
        }
    }

    static func goalSentence(_ goal: GoalProjection, unit: WeightUnit, projectedDayIsPast: Bool) -> String {
        if goal.isReached {
            return "reached: maintaining within \(unit.format(kilograms: GoalProjection.reachedWithinKilograms))"
        }
        let amount = unit.format(kilograms: abs(goal.remainingKilograms)) + (goal.remainingKilograms < 0 ? " to lose" : " to gain")
        if let day = goal.projectedDay {
            return projectedDayIsPast
                ? "\(amount); at that pace it would have reached it on \(EntryRendering.longDate(day))"
                : "\(amount), on track for \(EntryRendering.longDate(day))"
        }
        return goal.isMovingTowardGoal ? amount : "\(amount), trend moving away from goal"
    }
}
