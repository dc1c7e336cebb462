import TrendCore

struct LastCommand: TrendCommand {
    static let maxAgeOption = Option<Age>(
        "max-age", valueName: "DURATION",
        help: "Exit 1 when the latest weigh-in is older: N followed by min, h, d or w (36h, 2d, 90min, 1d12h).")
    static let formatOption = CommandTable.format(TextOrJSON.self)

    static let names = ["last"]
    static let configuration = CommandConfiguration(names: names, abstract: "Show the latest weigh-in.",
        discussion: "Exits 1 when there is none, or, with --max-age, when it is older than DURATION: a reminder for cron.",
        options: [maxAgeOption, formatOption], examples: ["trend last --max-age 20h || echo 'weigh yourself'"])

    let maxAge: Age?
    let format: TextOrJSON

    init(_ values: ParsedValues) {
        maxAge = values[Self.maxAgeOption]
        format = values[Self.formatOption] ?? .text
    }

    @MainActor func run(_ context: CommandContext) async throws {
        try await context.loadSettings()
        try await context.loadWeights()
        let log = context.app.weightLogFeature
        guard let latest = log.latestEntry else { throw CommandFailure(status: ExitStatus.notFound, message: "No weigh-ins yet.") }
        let unit = context.unit
        if format == .json {
            context.console.out(EntryRendering.json(latest, unit: unit).rendered())
        } else {
            context.console.out(EntryRendering.summary(latest, unit: unit) + "\n")
        }
        if let maxAge, let age = log.latestEntryAgeSeconds, age > maxAge.elapsed.seconds {
            throw CommandFailure(
                status: ExitStatus.notFound, message: "The latest weigh-in is \(ElapsedTime.describe(seconds: age)) old, more than \(maxAge.elapsed.text).")
        }
    }
}
