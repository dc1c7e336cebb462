import TrendCore

@MainActor
enum LastCommand {
    static func run(_ context: CommandContext) async throws {
        let maxAge = try context.arguments.value("max-age").map { text throws(UsageError) -> Int64 in
            guard let seconds = Duration.seconds(parsing: text) else {
                throw context.usageError("invalid value '\(text)' for '--max-age': expected N followed by m, h, d or w, like 36h")
            }
            return seconds
        }
        try await context.loadSettings()
        try await context.loadWeights()
        guard let latest = context.app.weightLogFeature.latestEntry else {
            throw CommandFailure(status: 1, message: "No weigh-ins yet.")
        }
        let unit = context.unit
        if context.format == "json" {
            context.console.out(EntryRendering.json(latest, unit: unit).rendered())
        } else if !context.console.isQuiet {
            context.console.out(EntryRendering.summary(latest, unit: unit) + "\n")
        }
        if let maxAge, context.app.weightLogFeature.isLatestEntry(olderThanSeconds: maxAge) {
            throw CommandFailure(status: 1, message: "The latest weigh-in is older than \(context.arguments.value("max-age")!).")
        }
    }
}

/// `90m`, `36h`, `2d`, `1w` as elapsed seconds.
enum Duration {
    static func seconds(parsing text: String) -> Int64? {
        guard let suffix = text.last, text.count >= 2 else { return nil }
        let digits = text.dropLast()
        guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), let count = Int64(digits), count < 1_000_000_000 else {
            return nil
        }
        switch suffix {
        case "m": return count * 60
        case "h": return count * 3600
        case "d": return count * 86_400
        case "w": return count * 7 * 86_400
        default: return nil
        }
    }
}
