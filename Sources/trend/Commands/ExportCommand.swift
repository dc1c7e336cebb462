import FoundationEssentials
import TrendCore

@MainActor
enum ExportCommand {
    static func run(_ context: CommandContext) async throws {
        try await context.loadWeights()
        let store = context.app.weightLogFeature.store
        let bytes: [UInt8]
        if context.format == "json" {
            bytes = ExportDocument.json(store)
        } else {
            // Only an explicit --unit converts: the export is exact kilograms otherwise.
            let unit = context.arguments.value("unit").flatMap(WeightUnit.init(parsing:)) ?? .kilograms
            bytes = ExportDocument.csv(store, unit: unit)
        }
        if let output = context.arguments.value("output") {
            try await ExportDocument.write(bytes, toPath: absolutePath(output))
            context.console.message("Exported \(store.entries.count) weigh-ins to \(output).\n")
        } else {
            context.console.out(bytes: bytes)
        }
    }

    private static func absolutePath(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}
