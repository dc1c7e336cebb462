import ArgumentParsing
import TrendCore
import TrendPresentation

struct MeasureCommand: TrendCommand {
    static let nameArgument = Argument<String>(
        "NAME", help: "neck, shoulders, chest, waist, abdomen, hips, arm, forearm, thigh, calf or wrist, with -left or -right; or a name of your own (--new).",
        isOptional: true, completion: .measurementNames)
    static let valueArgument = Argument<String>(
        "LENGTH", help: "84.5, 84.5cm, 33.3in or 33.3\"; a bare number is in cm (or inches when the unit is lb or st).", isOptional: true, isRepeating: true)
    static let period = PeriodOptions(
        range: "With NAME alone: only the last RANGE.", since: "With NAME alone: only on or after DATE.", until: "Only on or before DATE.")
    static let dateOption = Option<String>("date", valueName: "DATE", help: "When it was measured (default: now).")
    static let noteOption = Option<String>("note", valueName: "TEXT", help: "A note to keep with it.")
    static let newFlag = Flag("new", help: "Introduce a name of your own (lowercase letters, digits and dashes).")
    static let forceFlag = Flag("force", help: "Log the length even when it is far from that name's trend (a likely typo).")
    static let formatOption = CommandTable.format(MeasureFormat.self)

    static let names = ["measure"]
    static let configuration = CommandConfiguration(names: names, abstract: "Log a body measurement, or show them.",
        discussion:
            "trend measure NAME LENGTH logs one; trend measure alone shows each name's latest value, trend and change over 4 weeks; trend measure NAME lists that name's measurements. With a height, the progress report adds the waist-to-height ratio; with hips, waist-to-hip; with neck, a height and 'trend sex', the U.S. Navy body-fat estimate.",
        arguments: [nameArgument.spec, valueArgument.spec],
        options: period.declarations + [dateOption, noteOption, newFlag, forceFlag, formatOption], exclusive: [PeriodOptions.exclusive],
        examples: ["trend measure waist 84.5", "trend measure hips 39in", "trend measure arm-left 32", "trend measure", "trend measure waist --range 3M", "trend measure bust 92 --new"])

    let action: MeasureViewModel.Action
    let force: Bool
    let period: PeriodOptions.Values
    let format: MeasureFormat

    init(_ values: ParsedValues) throws(UsageError) {
        let name = values[Self.nameArgument]
        let value = values.all(Self.valueArgument).joined(separator: " ")
        period = Self.period.values(values)
        format = values[Self.formatOption] ?? .text
        let date = values[Self.dateOption]
        let note = values[Self.noteOption]
        let isNew = values[Self.newFlag]
        force = values[Self.forceFlag]
        switch (name, value.isEmpty) {
        case (let name?, false):
            if period.range != nil || period.since != nil || period.until != nil {
                throw UsageError(message: "--range, --since and --until show measurements; to log one, give --date", commandName: "measure")
            }
            action = .log(name: name, value: value, date: date, note: note, isNew: isNew)
        case (let name?, true):
            if date != nil || note != nil || isNew { throw UsageError(message: "a measurement needs its length: trend measure \(name) 84.5", commandName: "measure") }
            action = .list(name: name)
        default:
            if date != nil || note != nil || isNew { throw UsageError(message: "a measurement needs its name and length: trend measure waist 84.5", commandName: "measure") }
            action = .overview
        }
    }

    @MainActor func run(_ context: CommandContext) async throws {
        let viewModel = MeasureViewModel(app: context.app)
        viewModel.action = action
        viewModel.force = force
        viewModel.range = period.range
        viewModel.since = try context.day(period.since)
        viewModel.until = try context.day(period.until)
        viewModel.display = context.display
        try await viewModel.run()
        try await context.write(format, viewModel)
    }
}

extension MeasureFormat: EnumeratedArgument {}
