import ArgumentParsing
import TrendCore
import TrendPresentation

struct ExportCommand: TrendCommand {
    static let formatOption = CommandTable.format(ExportFormat.self)
    static let kindOption = Option<ExportSelection>(
        "kind", valueName: "KIND",
        help: "What the CSV holds: weight (date,weight,unit,note; the default), one other kind in its own CSV (intake, measurement, mark), or all (every kind in one table: kind,id,date,value,unit,name,note).")

    static let names = ["export"]
    static let configuration = CommandConfiguration(names: names, abstract: "Export the weigh-ins, or every record, re-importable without loss.",
        discussion:
            "CSV (date,weight,unit,note) of the weigh-ins in exact kilograms by default; with --unit lb or st weights are converted and rounded to 0.01. With --method, a last column holds each day's trend. --kind intake, measurement or mark writes that kind's own CSV (as trend intake --entries, trend measure and trend marks --entries write it); --kind all writes every record of every kind in one table (kind,id,date,value,unit,name,note; fat last when there is any; a mark's date is its day), as stored, with ids. JSON is the weights.json document: every kind, with ids and the goal. The message counts each kind, and says what a CSV left out.",
        options: [formatOption, kindOption, CommandTable.outputOption, CommandTable.methodOption],
        examples: ["trend export > weights.csv", "trend export --kind all --output everything.csv", "trend export --format json --output backup.json"])

    let format: ExportFormat
    let output: String?
    let method: TrendMethod?
    let selection: ExportSelection

    init(_ values: ParsedValues) throws(UsageError) {
        format = values[Self.formatOption] ?? .csv
        selection = values[Self.kindOption] ?? .weight
        if selection != .weight && format != .csv {
            throw UsageError(message: "--kind is for the CSV: JSON holds every kind", commandName: "export")
        }
        output = values[CommandTable.outputOption]?.text
        method = values[CommandTable.methodOption]
    }

    @MainActor func run(_ context: CommandContext) async throws {
        context.outputPath = output
        let viewModel = ExportViewModel(app: context.app)
        viewModel.method = method
        viewModel.selection = selection
        try await viewModel.load()
        // Not over the export itself, when it is poured onto the same terminal.
        let seen = context.writesToFile || !context.terminal.isOutputTerminal
        let display = seen ? context.progressDisplay(title: "Exporting" + (output.map { " " + $0.terminalSafe } ?? "")) : nil
        viewModel.progress = display?.reporter
        try await context.write(format, viewModel)
        display?.finish()
        // What a CSV leaves out is said wherever it goes: a backup never loses a kind silently.
        let kind: ExportFeature.Format = format == .csv ? .csv : .json
        let (held, leftOut) = viewModel.contents(kind)
        let hint = leftOut.map { $0 + ": --kind all or --format json holds them" }
        if context.writesToFile, let output {
            context.console.message("Exported \(held) to \(output.terminalSafe)" + (hint.map { "; " + $0 } ?? "") + ".\n")
        } else if let hint {
            context.console.message(hint.prefix(1).uppercased() + hint.dropFirst() + ".\n")
        }
    }
}

extension ExportFormat: EnumeratedArgument {}
extension ExportSelection: ArgumentValue {
    public init?(argument: String) { self.init(name: argument) }
    public static var valueNames: [String] { names }
    public static var expectation: String { valueList }
}
