import ArgumentParsing
import TrendCore
import TrendPresentation

struct MarkCommand: TrendCommand {
    static let nameArgument = Argument<String>(
        "NAME", help: "What happened: period, sick, travel, holiday, salty, or a name of your own (lowercase letters, digits and -).",
        completion: .markNames)
    static let dateOption = Option<String>("date", valueName: "DATE", help: "The first day: 2026-11-02, yesterday, mon, '3 days ago' (default: today).")
    static let daysOption = Option<Count>("days", valueName: "N", help: "How many calendar days from it, 1 to \(DayMark.largestRun) (default 1).")
    static let noteOption = Option<String>("note", valueName: "TEXT", help: "A note for each day marked.")
    static let formatOption = CommandTable.format(MarkFormat.self)

    static let names = ["mark"]
    static let configuration = CommandConfiguration(names: names, abstract: "Mark days: a period, an illness, travel, a salty meal.",
        discussion:
            "Marks explain the scale: every chart shades marked days and the progress report lists them. A period's marks also tell the expenditure estimate when a cycle's water comes. A day already marked with the name stays as it is. trend marks lists them; edit and rm change them by id.",
        arguments: [nameArgument.spec], options: [dateOption, daysOption, noteOption, formatOption],
        examples: ["trend mark period", "trend mark period --date 2026-11-02 --days 5", "trend mark sick --date yesterday --note flu"])

    let name: String
    let date: String?
    let days: Int
    let note: String?
    let format: MarkFormat

    init(_ values: ParsedValues) {
        name = values[Self.nameArgument]!
        date = values[Self.dateOption]
        days = values[Self.daysOption]?.value ?? 1
        note = values[Self.noteOption]
        format = values[Self.formatOption] ?? .text
    }

    @MainActor func run(_ context: CommandContext) async throws {
        let viewModel = MarkViewModel(app: context.app)
        viewModel.name = name
        viewModel.date = date
        viewModel.days = days
        viewModel.note = note
        try await viewModel.mark()
        for message in viewModel.messages { context.console.message(message + "\n") }
        try await context.write(format, viewModel)
    }
}

extension MarkFormat: EnumeratedArgument {}
