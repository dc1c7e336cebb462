import ArgumentParsing
import TrendCore
import TrendPresentation

struct EditCommand: TrendCommand {
    static let idArgument = Argument<String>("ID", help: "The entry's id, or a unique prefix of at least 4 hex digits.", completion: .entryIDs)
    static let weightOption = Option<String>("weight", valueName: "WEIGHT", help: "The new weight.")
    static let dateOption = Option<String>("date", valueName: "DATE", help: "The new date and time.")
    static let noteOption = Option<String>("note", valueName: "TEXT", help: "The new note.")
    static let clearNoteFlag = Flag("clear-note", help: "Remove the note.")
    static let fatOption = Option<String>("fat", valueName: "PERCENT", help: "The body fat measured with it: 22.4 or 22.4%.")
    static let clearFatFlag = Flag("clear-fat", help: "Remove the body fat.")
    static let kcalOption = Option<String>("kcal", valueName: "ENERGY", help: "An intake entry's new amount: 650, 650kcal or 2720kJ.")
    static let valueOption = Option<String>("value", valueName: "LENGTH", help: "A measurement's new length: 84.5, 84.5cm or 33.3in.")
    static let nameOption = Option<String>("name", valueName: "NAME", help: "A mark's new name.", completion: .markNames)
    static let formatOption = CommandTable.format(EditFormat.self)

    static let names = ["edit"]
    static let configuration = CommandConfiguration(names: names, abstract: "Change a record of any kind, by its id.",
        discussion: "The id says which: --weight and --fat change a weigh-in, --kcal an intake entry, --value a measurement, --name a mark; --date and --note any of them.",
        arguments: [idArgument.spec],
        options: [weightOption, fatOption, clearFatFlag, kcalOption, valueOption, nameOption, dateOption, noteOption, clearNoteFlag, CommandTable.forceFlag, formatOption],
        exclusive: [["note", "clear-note"], ["fat", "clear-fat"]],
        examples: ["trend edit 3f2a --weight 80.4", "trend edit 3f2a --fat 22.1", "trend edit 9c01 --kcal 720", "trend edit 7e4d --value 84.0", "trend edit 5b1e --name sick"])

    let id: String
    let weight: String?
    let date: String?
    let note: NoteChange
    let fat: String?
    let clearFat: Bool
    let kilocalories: String?
    let value: String?
    let name: String?
    let format: EditFormat
    let force: Bool

    init(_ values: ParsedValues) throws(UsageError) {
        id = values[Self.idArgument]!
        weight = values[Self.weightOption]
        date = values[Self.dateOption]
        note = values[Self.clearNoteFlag] ? .clear : values[Self.noteOption].map { .set($0) } ?? .keep
        fat = values[Self.fatOption]
        clearFat = values[Self.clearFatFlag]
        kilocalories = values[Self.kcalOption]
        value = values[Self.valueOption]
        name = values[Self.nameOption]
        format = values[Self.formatOption] ?? .text
        force = values[CommandTable.forceFlag]
        guard weight != nil || date != nil || note != .keep || fat != nil || clearFat || kilocalories != nil || value != nil || name != nil else {
            throw UsageError(message: "nothing to change: give --weight, --fat, --clear-fat, --kcal, --value, --name, --date, --note or --clear-note", commandName: "edit")
        }
    }

    @MainActor func run(_ context: CommandContext) async throws {
        let viewModel = EditViewModel(app: context.app)
        viewModel.id = id
        viewModel.weight = weight
        viewModel.date = date
        viewModel.note = note
        viewModel.fat = fat
        viewModel.clearFat = clearFat
        viewModel.kilocalories = kilocalories
        viewModel.value = value
        viewModel.name = name
        viewModel.force = force
        try await viewModel.edit()
        try await context.write(format, viewModel)
    }
}

extension EditCommand {
    /// The option that gives a field: how the command line names it in a refusal.
    static func option(for field: EditField) -> String {
        switch field {
        case .weight: "--weight"
        case .fat: "--fat"
        case .kilocalories: "--kcal"
        case .value: "--value"
        case .name: "--name"
        case .date: "--date"
        case .note: "--note"
        }
    }
}

extension EditFormat: EnumeratedArgument {}
