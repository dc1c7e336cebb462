import TrendCore

struct MergeCommand: TrendCommand {
    static let filesArgument = Argument<Path>(
        "FILE", help: "Another copy of weights.json, or a JSON export.", isRepeating: true, completion: .file)
    static let preferOption = Option<WeightMerge.Preference>(
        "prefer", valueName: "SIDE", help: "Which side wins where both changed an entry: ours (the store, default) or theirs.")
    static let dryRunFlag = Flag("dry-run", help: "Report what would be merged; write nothing.")
    static let deleteMergedFlag = Flag("delete-merged", help: "Remove each FILE once its entries are safely in the store.")

    static let names = ["merge"]
    static let configuration = CommandConfiguration(names: names, abstract: "Merge other copies of the weigh-ins into the store, by id.",
        discussion:
            "For a second device's copy or a sync tool's conflict copy: entries only in FILE are added; the same id with other content is a conflict, resolved by --prefer and listed. A two-way merge cannot see deletions; in git, use the merge driver (see the README). One write for all files.",
        arguments: [filesArgument.spec], options: [preferOption, dryRunFlag, deleteMergedFlag],
        examples: ["trend merge 'weights (conflicted copy 2026-11-30).json' --delete-merged", "trend merge laptop.json --prefer theirs --dry-run"])

    let files: [String]
    let prefer: WeightMerge.Preference
    let dryRun: Bool
    let deleteMerged: Bool

    init(_ values: ParsedValues) throws(UsageError) {
        files = values.all(Self.filesArgument).map(\.text)
        prefer = values[Self.preferOption] ?? .ours
        dryRun = values[Self.dryRunFlag]
        deleteMerged = values[Self.deleteMergedFlag]
        if dryRun && deleteMerged {
            throw UsageError(message: "--dry-run and --delete-merged cannot be used together", commandName: "merge")
        }
    }

    @MainActor func run(_ context: CommandContext) async throws {
        try await context.loadSettings()
        let unit = context.unit
        let reports = try await context.app.weightLogFeature.merge(copies: files, prefer: prefer, dryRun: dryRun, deleteMerged: deleteMerged)
        for report in reports {
            guard let outcome = report.outcome else {
                context.console.message("Skipped \(report.path.terminalSafe): it is the store itself, not a copy of it.\n")
                continue
            }
            var text = "\(dryRun ? "Would merge" : "Merged") \(report.path.terminalSafe): \(outcome.added) added, \(outcome.same) same, "
            text += "\(outcome.conflicts.count) conflict\(outcome.conflicts.count == 1 ? "" : "s") (kept \(prefer.rawValue))"
            if outcome.goalConflict { text += "; the goals differ (kept \(prefer.rawValue))" }
            context.console.message(text + ".\n")
            for conflict in outcome.conflicts {
                context.console.message("  " + MergeDriverCommand.describe(conflict, unit: unit) + "\n")
            }
        }
        if deleteMerged, reports.contains(where: { !$0.isStore }) {
            context.console.message("The merged copies are kept in the undo journal: 'trend undo' puts them back beside weights.json.\n")
        }
    }
}

extension WeightMerge.Preference: EnumeratedArgument {}

struct MergeDriverCommand: TrendCommand {
    static let readsWeights = false

    static let baseArgument = Argument<Path>("BASE", help: "The common ancestor (git's %O).", completion: .file)
    static let oursArgument = Argument<Path>("OURS", help: "Our version (git's %A); the result is written here.", completion: .file)
    static let theirsArgument = Argument<Path>("THEIRS", help: "Their version (git's %B).", completion: .file)

    static let names = ["merge-driver"]
    static let configuration = CommandConfiguration(
        names: names, abstract: "Merge weights.json three ways, by id, for git.",
        discussion:
            "Additions on both sides are kept, a deletion on one side of an unchanged entry is honoured, and an entry changed differently on both sides (or changed on one and deleted on the other) is a conflict: OURS keeps our side, the conflicts are listed, and the exit status is 1. Set up in .gitattributes with 'weights.json merge=trend' and git config merge.trend.driver 'trend merge-driver %O %A %B'.",
        arguments: [baseArgument.spec, oursArgument.spec, theirsArgument.spec],
        examples: ["trend merge-driver %O %A %B"], isListed: false)

    let base: String
    let ours: String
    let theirs: String

    init(_ values: ParsedValues) {
        base = values[Self.baseArgument]!.text
        ours = values[Self.oursArgument]!.text
        theirs = values[Self.theirsArgument]!.text
    }

    @MainActor func run(_ context: CommandContext) async throws {
        let merged = try await context.app.weightLogFeature.mergeThreeWay(base: base, ours: ours, theirs: theirs)
        guard !merged.isClean else { return }
        var text = "trend merge-driver: \(merged.conflicts.count) conflict\(merged.conflicts.count == 1 ? "" : "s") in \(ours.terminalSafe), kept ours:\n"
        for conflict in merged.conflicts { text += "  " + Self.describe(conflict, unit: .kilograms) + "\n" }
        if merged.goalConflict { text += "  the goal was changed differently on both sides\n" }
        context.console.error(text)
        throw CommandFailure(status: ExitStatus.notFound, message: nil)
    }

    /// `3f2a1b0c: ours 80.5 kg on 2026-11-29 07:30, theirs deleted`.
    static func describe(_ conflict: WeightMerge.Conflict, unit: WeightUnit) -> String {
        func side(_ entry: WeightEntry?) -> String {
            entry.map { "\(unit.format(kilograms: $0.kilograms)) on \(EntryRendering.localDateTime($0.timestamp))" + ($0.note.map { " (\($0.terminalSafe))" } ?? "") } ?? "deleted"
        }
        return "\(String(conflict.id.uuidString.lowercased().prefix(8))): ours \(side(conflict.ours)), theirs \(side(conflict.theirs))"
    }
}
