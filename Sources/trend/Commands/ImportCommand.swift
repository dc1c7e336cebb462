import ArgumentParsing
import TrendCore
import TrendPresentation

struct ImportCommand: TrendCommand {
    static let fileArgument = Argument<String>("FILE", help: "The file to import, or - for standard input.", completion: .file)
    static let formatOption = Option<ImportFormatChoice>("format", valueName: "FORMAT", help: "The input format (default auto).")
    static let dateFormatOption = Option<NumericDateOrder>(
        "date-format", valueName: "ORDER",
        help: "How to read numeric dates like 03/04/2024: dmy (day first) or mdy (month first).")
    static let dryRunFlag = Flag("dry-run", help: "Report what would be imported; write nothing.")
    static let skipInvalidFlag = Flag("skip-invalid", help: "Import the readable rows even when some cannot be read.")
    static let replaceIntakeFlag = Flag("replace-intake", help: "On days that already hold intake, take the file's instead of keeping your own.")
    static let forceFlag = Flag("force", help: "Import weigh-ins even when they sit far from your trend.")
    static let restoreRemovedFlag = Flag("restore-removed", help: "Take back rows that match a record removed earlier, and forget that it was.")
    static let dateColumnOption = Option<Count>(
        "date-column", valueName: "N", help: "Read a table's dates from column N (1 is the first), where its cells leave a choice.")
    static let weightColumnOption = Option<Count>(
        "weight-column", valueName: "N", help: "Read a table's weights from column N (1 is the first), where its cells leave a choice.")

    static let names = ["import"]
    static let configuration = CommandConfiguration(names: names, abstract: "Import weigh-ins from another app or an export.",
        discussion:
            "Reads the exports of other apps and trend's own; the format is recognised from the file, or named with --format: "
            + ImportFormat.all.map { "\($0.name) (\($0.displayName))" }.joined(separator: ", ")
            + ". A table no layout names is read by what its cells hold: the separator, decimal mark, encoding and leading lines from the file, the date and weight columns from their cells and headers (in twelve languages); where two columns could be the one, --date-column or --weight-column chooses. Rows already stored (same minute, same weight) are skipped, so importing again is harmless. Any row that cannot be read stops the import unless --skip-invalid is given; it is one write either way. A day that already holds intake keeps it (one source per day, never a sum); --replace-intake takes the file's instead.",
        arguments: [fileArgument.spec], options: [formatOption, dateFormatOption, dateColumnOption, weightColumnOption, dryRunFlag, skipInvalidFlag, replaceIntakeFlag, forceFlag, restoreRemovedFlag],
        examples: ["trend import libra.csv --dry-run", "trend import export.xml --format apple-health", "trend export | trend import -"])

    let path: String
    let format: ImportFormat?
    let dateOrder: NumericDateOrder?
    let dryRun: Bool
    let skipInvalid: Bool
    let replaceIntake: Bool
    let force: Bool
    let restoreRemoved: Bool
    let dateColumn: Int?
    let weightColumn: Int?

    init(_ values: ParsedValues) {
        path = values[Self.fileArgument]!
        format = values[Self.formatOption]?.format
        dateOrder = values[Self.dateFormatOption]
        dryRun = values[Self.dryRunFlag]
        skipInvalid = values[Self.skipInvalidFlag]
        replaceIntake = values[Self.replaceIntakeFlag]
        force = values[Self.forceFlag]
        restoreRemoved = values[Self.restoreRemovedFlag]
        dateColumn = values[Self.dateColumnOption]?.value
        weightColumn = values[Self.weightColumnOption]?.value
    }

    @MainActor func run(_ context: CommandContext) async throws {
        let viewModel = ImportViewModel(app: context.app)
        viewModel.wording = CommandLineWording()
        viewModel.request = ImportFeature.Request(
            input: path == "-" ? .standardInput : .path(path), format: format, numericDateOrder: dateOrder, dryRun: dryRun, skipInvalid: skipInvalid,
            dateColumn: dateColumn, weightColumn: weightColumn)
        viewModel.request.replaceIntake = replaceIntake
        viewModel.request.force = force
        viewModel.request.restoreRemoved = restoreRemoved
        let display = context.progressDisplay(title: "Importing " + (viewModel.request.input.fileName ?? "-").terminalSafe)
        viewModel.progress = display?.reporter
        defer { display?.finish() }
        do {
            try await viewModel.run()
            display?.finish()
        } catch ImportError.invalidRows(let shown, let problems) {
            display?.finish()
            context.console.error(ImportViewModel.listing(problems, path: shown))
            if let hint = viewModel.dateOrderHint(problems) { context.console.error(hint) }
            throw ImportError.invalidRows(path: shown, problems: problems)
        }
        context.console.message(viewModel.report)
    }
}

extension ImportCommand {
    /// The option that chooses a table's column by number.
    static func option(for column: TableColumn) -> String {
        switch column {
        case .date: "--date-column"
        case .weight: "--weight-column"
        }
    }
}
