import TrendCore

struct ImportCommand: TrendCommand {
    static let fileArgument = Argument<String>("FILE", help: "The file to import, or - for standard input.", completion: .file)
    static let formatOption = Option<ImportFormatChoice>("format", valueName: "FORMAT", help: "The input format (default auto).")
    static let dateFormatOption = Option<NumericDateOrder>(
        "date-format", valueName: "ORDER",
        help: "How to read numeric dates like 03/04/2024: dmy (day first) or mdy (month first).")
    static let dryRunFlag = Flag("dry-run", help: "Report what would be imported; write nothing.")
    static let skipInvalidFlag = Flag("skip-invalid", help: "Import the readable rows even when some cannot be read.")

    static let names = ["import"]
    static let configuration = CommandConfiguration(names: names, abstract: "Import weigh-ins from another app or an export.",
        discussion:
            "Reads the exports of other apps and trend's own; the format is recognised from the file, or named with --format: "
            + ImportFormat.all.map { "\($0.name) (\($0.displayName))" }.joined(separator: ", ")
            + ". Rows already stored (same minute, same weight) are skipped, so importing again is harmless. Any row that cannot be read stops the import unless --skip-invalid is given; it is one write either way.",
        arguments: [fileArgument.spec], options: [formatOption, dateFormatOption, dryRunFlag, skipInvalidFlag],
        examples: ["trend import libra.csv --dry-run", "trend import export.xml --format apple-health", "trend export | trend import -"])

    static let listedRows = 20

    let path: String
    let format: ImportFormat?
    let dateOrder: NumericDateOrder?
    let dryRun: Bool
    let skipInvalid: Bool

    init(_ values: ParsedValues) {
        path = values[Self.fileArgument]!
        format = values[Self.formatOption]?.format
        dateOrder = values[Self.dateFormatOption]
        dryRun = values[Self.dryRunFlag]
        skipInvalid = values[Self.skipInvalidFlag]
    }

    @MainActor func run(_ context: CommandContext) async throws {
        try await context.loadSettings()
        let request = ImportFeature.Request(
            input: path == "-" ? .standardInput : .path(path), format: format, numericDateOrder: dateOrder, dryRun: dryRun,
            skipInvalid: skipInvalid)
        let summary: ImportSummary
        do {
            summary = try await context.app.importFeature.importFile(request)
        } catch ImportError.invalidRows(let shown, let problems) {
            context.console.error(Self.listing(problems, path: shown))
            if problems.contains(where: \.asksForDateOrder) {
                context.console.error("hint: numeric dates can be read both ways here; pass --date-format dmy or mdy\n")
            }
            throw ImportError.invalidRows(path: shown, problems: problems)
        }
        context.console.message(Self.listing(summary.problems, path: summary.path))
        if let nothing = summary.nothingFound {
            context.console.message((nothing.prefix(1).uppercased() + nothing.dropFirst() + "; nothing was imported.").terminalSafe + "\n")
            return
        }
        var text = "\(summary.dryRun ? "Would import" : "Imported") \(summary.path.terminalSafe) (\(summary.format.displayName)): "
        text += "\(summary.added) added, \(summary.updated) updated, \(summary.duplicates) duplicate, \(summary.noReading) skipped (no reading), \(summary.invalid) invalid."
        if summary.goalSet { text += " Goal set from the file." }
        if summary.readAsWindows1252 { text += " Its text is not UTF-8 and was read as Windows-1252." }
        if summary.loneBodyFatReadings > 0 {
            let n = summary.loneBodyFatReadings
            text += " \(n) body-fat reading\(n == 1 ? " has" : "s have") no weigh-in of the same source within 2 minutes: not stored."
        }
        if let assumption = summary.unitAssumption { text += "\n" + Self.unitSentence(assumption, unit: context.unit) }
        if !summary.possibleTypos.isEmpty {
            let unit = context.unit
            let listed = summary.possibleTypos.prefix(Self.listedRows).map { typo in
                "\(EntryRendering.longDate(typo.entry.calendarDay)) \(unit.format(kilograms: typo.entry.kilograms)) (\(typo.entry.shortID)), trend there \(unit.format(kilograms: typo.trendKilograms))"
            }
            let more = summary.possibleTypos.count > Self.listedRows ? "; and \(summary.possibleTypos.count - Self.listedRows) more" : ""
            text += "\nPossible typos, kept: " + listed.joined(separator: "; ") + more + (summary.dryRun ? "." : "; remove one with 'trend rm ID'.")
        }
        context.console.message(text + "\n")
    }

    /// Which unit the weights of a file that names none were read in, and why (SPEC §6).
    static func unitSentence(_ assumption: UnitAssumption, unit display: WeightUnit) -> String {
        let unit = assumption.unit
        switch assumption.reason {
        case .sessionChoice:
            return "Weights read as \(unit.rawValue), as --unit says: the file names none."
        case .bodyMassIndex(let height):
            return "Weights read as \(unit.name): the file names no unit, and weight ÷ BMI gives heights near \(DecimalText.shortest((height * 100).rounded() / 100)) m."
        case .fileName:
            return "Weights read as \(unit.name): the file's name says so."
        case .history(let trend):
            return "Weights read as \(unit.name): the file names no unit, and in \(unit.name) they match your trend of \(display.format(kilograms: trend))."
        case .configured:
            let options = assumption.alternatives.map { "--unit \($0.rawValue) if they are \($0.name)" }.joined(separator: ", or ")
            return "Weights read as \(unit.rawValue), the configured unit: the file names none; use \(options)."
        }
    }

    /// At most 20 rows: a wrong file must not scroll thousands of lines past.
    static func listing(_ problems: [ImportProblem], path: String) -> String {
        var report = ""
        for problem in problems.prefix(listedRows) {
            report += (problem.location(in: path) + ": " + problem.reason).terminalSafe + "\n"
        }
        if problems.count > listedRows { report += "… and \(problems.count - listedRows) more\n" }
        return report
    }
}
