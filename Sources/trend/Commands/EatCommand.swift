import ArgumentParsing
import TrendCore
import TrendPresentation

struct EatCommand: TrendCommand {
    static let energyArgument = Argument<String>(
        "ENERGY", help: "What you ate: 650, 650kcal, '650 kcal' or 2720kJ (the words may be given apart); a bare number is kcal.", isRepeating: true)
    static let dateOption = Option<String>("date", valueName: "DATE", help: "When: 'today 12:30', yesterday, 'mon 7pm', '2d ago' (default: now).")
    static let noteOption = Option<String>("note", valueName: "TEXT", help: "What it was.")
    static let forceFlag = Flag("force", help: "Log it even when it is more than 5,000 kcal at once or repeats one of the last 2 minutes.")
    static let formatOption = CommandTable.format(EatFormat.self)

    static let names = ["eat"]
    static let configuration = CommandConfiguration(names: names, abstract: "Log food energy eaten.",
        discussion:
            "With a month of intake and weigh-ins, trend progress tells what you burn (from what you ate and how your weight moved) and what to eat to follow your plan. More than 5,000 kcal at once is refused as a likely kJ figure, and the same amount again within 2 minutes is not logged twice; --force logs it anyway.",
        arguments: [energyArgument.spec], options: [dateOption, noteOption, forceFlag, formatOption],
        examples: ["trend eat 650", "trend eat 650 kcal --note lunch", "trend eat 2720kJ --date 'yesterday 19:30'"])

    let energy: String
    let date: String?
    let note: String?
    let force: Bool
    let format: EatFormat

    init(_ values: ParsedValues) {
        energy = values.all(Self.energyArgument).joined(separator: " ")
        date = values[Self.dateOption]
        note = values[Self.noteOption]
        force = values[Self.forceFlag]
        format = values[Self.formatOption] ?? .text
    }

    @MainActor func run(_ context: CommandContext) async throws {
        let viewModel = EatViewModel(app: context.app)
        viewModel.wording = CommandLineWording()
        viewModel.energy = energy
        viewModel.date = date
        viewModel.note = note
        viewModel.force = force
        try await viewModel.log()
        for message in viewModel.messages { context.console.message(message + "\n") }
        try await context.write(format, viewModel)
    }
}

extension EatFormat: EnumeratedArgument {}
