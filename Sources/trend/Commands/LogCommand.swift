import ArgumentParsing
import TrendCore
import TrendPresentation

struct LogCommand: TrendCommand {
    static let weightArgument = Argument<String>(
        "WEIGHT", help: "80.5, 80,5, 80.5kg, '80 kg', 177.4lb, '12st 6.5lb' (the words may be given apart); a bare number is in the configured unit.",
        isRepeating: true)
    static let dateOption = Option<String>(
        "date", valueName: "DATE",
        help: "When: 2026-11-03, '2026-11-03 07:05', yesterday, 'yesterday 7am', mon, '2d ago', 'Nov 3', ISO 8601 (default: now).")
    static let noteOption = Option<String>("note", valueName: "TEXT", help: "A note to keep with the weigh-in.")
    static let fatOption = Option<String>("fat", valueName: "PERCENT", help: "Body fat measured with it: 22.4 or 22.4%.")
    static let formatOption = CommandTable.format(LogFormat.self)

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
    let format: LogFormat
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
        let viewModel = LogViewModel(app: context.app)
        viewModel.wording = CommandLineWording()
        viewModel.weight = weight
        viewModel.date = date
        viewModel.note = note
        viewModel.fat = fat
        viewModel.force = force
        try await viewModel.log()
        for message in viewModel.messages { context.console.message(message + "\n") }
        try await context.write(format, viewModel)
    }
}

extension LogFormat: EnumeratedArgument {}
