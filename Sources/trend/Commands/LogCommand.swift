import TrendCore

struct LogCommand: TrendCommand {
    static let weightArgument = Argument<String>(
        "WEIGHT", help: "80.5, 80,5, 80.5kg, '80 kg', 177.4lb, '12st 6.5lb' (the words may be given apart); a bare number is in the configured unit.",
        isRepeating: true)
    static let dateOption = Option<String>(
        "date", valueName: "DATE",
        help: "When: 2026-11-03, '2026-11-03 07:05', yesterday, 'yesterday 7am', mon, '2d ago', 'Nov 3', ISO 8601 (default: now).")
    static let noteOption = Option<String>("note", valueName: "TEXT", help: "A note to keep with the weigh-in.")
    static let fatOption = Option<String>("fat", valueName: "PERCENT", help: "Body fat measured with it: 22.4 or 22.4%.")
    static let formatOption = CommandTable.format(TextOrJSON.self)

    static let names = ["log"]
    static let configuration = CommandConfiguration(names: names, abstract: "Log a weigh-in.",
        discussion:
            "Prints what was logged, its short id and the trend. A weight far from the trend (or, for a first weigh-in, no one's weight) is refused as a likely typo, and the same weight again within 2 minutes is not logged twice; --force logs it anyway.",
        arguments: [weightArgument.spec], options: [dateOption, noteOption, fatOption, CommandTable.forceFlag, CommandTable.methodOption, formatOption],
        examples: ["trend log 80.5", "trend log 80 kg", "trend log 80.5 --fat 22.4", "trend log 177.4lb --date yesterday --note 'after run'", "trend log 81.2 --date 'mon 7am'"])

    let weight: String
    let date: String?
    let note: String?
    let fat: String?
    let format: TextOrJSON
    let force: Bool

    init(_ values: ParsedValues) {
        weight = values.all(Self.weightArgument).joined(separator: " ")
        date = values[Self.dateOption]
        note = values[Self.noteOption]
        fat = values[Self.fatOption]
        format = values[Self.formatOption] ?? .text
        force = values[CommandTable.forceFlag]
    }

    @MainActor func run(_ context: CommandContext) async throws {
        try await context.loadSettings()
        let kilograms = try context.weight(weight)
        let fatPercent = try fat.map(WeightInput.fatPercent(parsing:))
        let timestamp = try date.map(context.timestamp) ?? context.app.clock.now
        let unit = context.unit
        let outcome = try await context.app.weightLogFeature.log(
            kilograms: kilograms, at: timestamp, note: note, fatPercent: fatPercent, check: force ? .skipped : .typedIn(unit))
        let entry = outcome.entry
        let trend = await context.app.progressFeature.trend(for: entry)
        if outcome.isRepeat {
            context.console.message(
                "Already logged at \(entry.timestamp.clock(seconds: false)) (\(entry.shortID)); --force to log it again.\n")
        }
        if outcome.mayBePounds {
            context.console.message(
                "hint: \(unit.format(kilograms: kilograms)) is heavy for a first weigh-in; if you weigh in pounds, run 'trend unit lb' and edit it with 'trend edit \(entry.shortID) --weight \(weight)'.\n")
        }
        if format == .json {
            func value(_ kilograms: Double?) -> JSONOutput { .optional(kilograms.map { unit.roundedValue(fromKilograms: $0) }) }
            context.console.out(
                EntryRendering.json(entry, unit: unit, extra: [
                    ("trend", value(trend?.trendKilograms)), ("weeklyRate", value(trend?.weeklyRateKilograms)),
                    ("alreadyLogged", .bool(outcome.isRepeat)),
                ]).rendered())
            return
        }
        guard !outcome.isRepeat else { return }
        var text = "Logged " + EntryRendering.summary(entry, unit: unit) + "\n"
        if let trend {
            let rate = trend.weeklyRateKilograms.map { ", " + EntryRendering.weeklyRate($0, unit: unit) } ?? ""
            if trend.isBackfill {
                text += "Trend on \(EntryRendering.dayMonth(trend.day)) \(unit.format(kilograms: trend.trendKilograms)); "
                text += "now \(unit.format(kilograms: trend.latestTrendKilograms))\(rate)\n"
            } else {
                text += "Trend \(unit.format(kilograms: trend.trendKilograms))\(rate)\n"
            }
        }
        context.console.out(text)
    }
}
