import TrendCore

struct ExportCommand: TrendCommand {
    static let formatOption = CommandTable.format(WeightLogFeature.ExportFormat.self)
    static let outputOption = Option<Path>(
        "output", short: "o", valueName: "FILE", help: "Write to FILE (atomically) instead of standard output.",
        completion: .file)

    static let names = ["export"]
    static let configuration = CommandConfiguration(names: names, abstract: "Export every weigh-in, re-importable without loss.",
        discussion:
            "CSV (date,weight,unit,note) in exact kilograms by default; with --unit lb or st weights are converted and rounded to 0.01. With --method, a last column holds each day's trend. JSON is the weights.json document, with ids and the goal.",
        options: [formatOption, outputOption, CommandTable.methodOption],
        examples: ["trend export > weights.csv", "trend export --format json --output backup.json"])

    let format: WeightLogFeature.ExportFormat
    let output: String?
    let method: TrendMethod?

    init(_ values: ParsedValues) {
        format = values[Self.formatOption] ?? .csv
        output = values[Self.outputOption]?.text
        method = values[CommandTable.methodOption]
    }

    @MainActor func run(_ context: CommandContext) async throws {
        try await context.loadSettings()
        try await context.loadWeights()
        let log = context.app.weightLogFeature
        let unit = context.app.settingsFeature.exportUnit
        guard let output, output != "-" else {
            // Standard output: written as it is produced, so a long history is never held twice.
            let console = context.console
            log.export(format, unit: unit, method: method) { console.out(bytes: $0) }
            return
        }
        try await log.export(format, unit: unit, method: method, toPath: output)
        context.console.message("Exported \(log.entries.count) weigh-in\(log.entries.count == 1 ? "" : "s") to \(output.terminalSafe).\n")
    }
}

extension WeightLogFeature.ExportFormat: EnumeratedArgument {}
