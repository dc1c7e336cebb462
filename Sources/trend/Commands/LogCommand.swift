import TrendCore

struct LogCommand: TrendCommand {
    static let weightArgument = Argument<String>(
        "WEIGHT", help: "80.5, 80,5, 80.5kg, 177.4lb, '12st 6.5lb'; a bare number is in the configured unit.")
    static let dateOption = Option<String>(
        "date", valueName: "DATE", help: "When: YYYY-MM-DD, 'YYYY-MM-DD HH:MM', ISO 8601, today, yesterday (default: now).")
    static let noteOption = Option<String>("note", valueName: "TEXT", help: "A note to keep with the weigh-in.")
    static let formatOption = CommandTable.format([.text, .json])

    static let names = ["log"]
    static let configuration = CommandConfiguration(names: names, abstract: "Log a weigh-in.", discussion: "Prints what was logged, its short id and the new trend.",
        arguments: [weightArgument.spec], options: [dateOption, noteOption, CommandTable.forceFlag, CommandTable.methodOption, formatOption],
        examples: ["trend log 80.5", "trend log 177.4lb --date yesterday --note 'after run'"])

    let weight: String
    let date: String?
    let note: String?
    let format: OutputFormat
    let force: Bool

    init(_ values: ParsedValues) {
        weight = values[Self.weightArgument]!
        date = values[Self.dateOption]
        note = values[Self.noteOption]
        format = values[Self.formatOption] ?? .text
        force = values[CommandTable.forceFlag]
    }

    @MainActor func run(_ context: CommandContext) async throws {
        try await context.loadSettings()
        let kilograms = try context.weight(weight)
        let timestamp = try date.map(context.timestamp) ?? context.app.clock.now
        let log = context.app.weightLogFeature
        let entry = try await log.add(kilograms: kilograms, at: timestamp, note: note, typedIn: force ? nil : context.unit)
        let unit = context.unit
        if TypoGuard.firstWeighInMayBePounds(kilograms, unit: unit, isFirst: log.entries.count == 1) {
            context.console.message(
                "hint: \(unit.format(kilograms: kilograms)) is heavy for a first weigh-in; if you weigh in pounds, run 'trend unit lb' and edit it with 'trend edit \(entry.shortID) --weight \(weight)'.\n")
        }
        if format == .json {
            context.console.out(EntryRendering.json(entry, unit: unit).rendered())
            return
        }
        var text = "Logged " + EntryRendering.summary(entry, unit: unit) + "\n"
        let (trend, rate) = await context.app.progressFeature.trend(for: entry)
        if let trend {
            text += "Trend " + unit.format(kilograms: trend)
            if let rate { text += ", " + EntryRendering.weeklyRate(rate, unit: unit) }
            text += "\n"
        }
        context.console.out(text)
    }
}
