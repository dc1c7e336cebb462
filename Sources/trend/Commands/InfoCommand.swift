#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TrendCore

struct InfoCommand: TrendCommand {
    static let formatOption = CommandTable.format(TextOrJSON.self)

    static let names = ["info"]
    static let configuration = CommandConfiguration(names: names, abstract: "Show where the data is and what it holds.", options: [formatOption], examples: ["trend info"])

    let format: TextOrJSON

    init(_ values: ParsedValues) {
        format = values[Self.formatOption] ?? .text
    }

    @MainActor func run(_ context: CommandContext) async throws {
        let app = context.app
        let directory = app.dataDirectory ?? DataDirectory(path: nil, source: nil)
        await app.settingsFeature.refresh()
        await app.weightLogFeature.refresh()
        let log = app.weightLogFeature
        let unit = context.unit
        func size(_ path: String?) -> Int? {
            guard let path else { return nil }
            var info = stat()
            return stat(path, &info) == 0 ? Int(info.st_size) : nil
        }
        let weightsError = log.loadError.map { "\($0)" }
        let settingsError = app.settingsFeature.loadError.map { "\($0)" }
        if format == .json {
            context.console.out(
                JSONOutput.object([
                    ("dataDirectory", .optional(directory.path)),
                    ("source", .optional(directory.source?.rawValue)),
                    ("weightsFile", .optional(directory.weightsPath)),
                    ("weightsFileSize", size(directory.weightsPath).map { .integer($0) } ?? .null),
                    ("weightsError", .optional(weightsError)),
                    ("settingsFile", .optional(directory.settingsPath)),
                    ("settingsFileSize", size(directory.settingsPath).map { .integer($0) } ?? .null),
                    ("settingsError", .optional(settingsError)),
                    ("count", .integer(log.entries.count)),
                    ("first", log.entries.first.map { EntryRendering.json($0, unit: unit) } ?? .null),
                    ("last", log.latestEntry.map { EntryRendering.json($0, unit: unit) } ?? .null),
                    ("unit", .string(unit.rawValue)),
                    ("method", .string(app.settingsFeature.method.rawValue)),
                    ("goal", .optional(log.goalKilograms.map { unit.roundedValue(fromKilograms: $0) })),
                    ("syncConflicts", .array(log.conflictCopies.map { .string($0) })),
                ]).rendered())
            if let error = log.loadError ?? app.settingsFeature.loadError { throw error }
            return
        }
        func file(_ path: String?, error: String?) -> String {
            guard let path else { return "none" }
            if let error { return path.terminalSafe + " (cannot be read: " + error.terminalSafe + ")" }
            return path.terminalSafe + (size(path).map { " (" + EntryRendering.readableSize($0) + ")" } ?? " (not created yet)")
        }
        var rows: [(String, String)] = [
            ("Data directory", directory.path.map { $0.terminalSafe + " (from \(directory.source!.rawValue))" } ?? "none: set HOME or TREND_DATA_DIR"),
            ("Weights", file(directory.weightsPath, error: weightsError)),
            ("Settings", file(directory.settingsPath, error: settingsError)),
            ("Weigh-ins", String(log.entries.count)),
        ]
        if let first = log.entries.first { rows.append(("First", EntryRendering.summary(first, unit: unit))) }
        if let last = log.latestEntry { rows.append(("Last", EntryRendering.summary(last, unit: unit))) }
        rows.append(("Unit", unit.rawValue + " (" + unit.name + ")"))
        let method = app.settingsFeature.method
        rows.append(("Trend method", method.rawValue + " (" + method.displayName + ")"))
        rows.append(("Goal", log.goalKilograms.map { unit.format(kilograms: $0) } ?? "none"))
        for copy in log.conflictCopies { rows.append(("Sync conflict", copy.terminalSafe + " (merge it with 'trend merge')")) }
        let width = rows.map(\.0.count).max() ?? 0
        context.console.out(rows.map { $0.0 + ":" + String(repeating: " ", count: width - $0.0.count + 2) + $0.1 }.joined(separator: "\n") + "\n")
        // The report is shown, and a file that cannot be read is named as an error too (65).
        if let error = log.loadError ?? app.settingsFeature.loadError { throw error }
    }
}
