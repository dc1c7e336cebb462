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
            "Reads generic CSV (date,weight[,unit][,note]), Libra, Fitbit (CSV and the weight-*.json files, or their folder), Withings, Apple Health export.xml, Google Fit daily metrics, Garmin Connect, QS Access, Renpho, Samsung Health, The Hacker's Diet, Zepp Life, TrendWeight and trend's own JSON export; --format names one: auto, csv, libra, fitbit, withings, apple-health, json, google-fit, garmin, qs-access, renpho, fitbit-json, samsung-health, hackers-diet, zepp, trendweight. Rows already stored (same minute, same weight) are skipped, so importing again is harmless. Any row that cannot be read stops the import unless --skip-invalid is given; it is one write either way.",
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
        let settings = ImportSettings(clock: context.app.clock, fallbackUnit: context.unit, numericDateOrder: dateOrder)
        let parsed = try WeightImporter.read(path: path, format: format, settings: settings)
        // At most 20 rows are listed: a wrong file must not scroll thousands of lines past.
        let invalid = parsed.invalidRows
        var report = ""
        for row in invalid.prefix(Self.listedRows) {
            let location = parsed.locatesByEntry ? "\(path): entry \(row.line)" : "\(path):\(row.line)"
            report += (location + ": " + row.reason).terminalSafe + "\n"
        }
        if invalid.count > Self.listedRows { report += "… and \(invalid.count - Self.listedRows) more\n" }
        if skipInvalid { context.console.message(report) } else if !report.isEmpty { context.console.error(report) }
        if parsed.needsDateOrder {
            context.console.error("hint: numeric dates can be read both ways here; pass --date-format dmy or mdy\n")
        }
        let summary = try await context.app.weightLogFeature.importEntries(
            parsed, path: path, dryRun: dryRun, skipInvalid: skipInvalid)
        var text = "\(summary.dryRun ? "Would import" : "Imported") \(path.terminalSafe) (\(summary.format.displayName)): "
        text += "\(summary.added) added, \(summary.duplicates) duplicate, \(summary.noReading) skipped (no reading), \(summary.invalid) invalid."
        if summary.goalSet { text += " Goal set from the file." }
        if let unit = summary.assumedUnit, summary.added + summary.duplicates > 0 {
            let why = context.unitOverride == nil ? "the configured unit" : "as --unit says"
            let other: WeightUnit = unit == .kilograms ? .pounds : .kilograms
            text += "\nWeights read as \(unit.rawValue), \(why): the file names none; use --unit \(other.rawValue) if they are \(other.name)."
        }
        context.console.message(text + "\n")
    }
}
