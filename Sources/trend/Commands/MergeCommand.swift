import ArgumentParsing
import TrendCore
import TrendPresentation

struct MergeCommand: TrendCommand {
    static let filesArgument = Argument<Path>(
        "FILE", help: "Another copy of weights.json, or a JSON export.", isRepeating: true, completion: .file)
    static let preferOption = Option<StoreMerge.Preference>(
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
    let prefer: StoreMerge.Preference
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
        let viewModel = SyncViewModel(app: context.app)
        let display = context.progressDisplay(title: "Merging " + (files.count == 1 ? files[0].terminalSafe : "\(files.count) copies"))
        viewModel.progress = display?.reporter
        let text = try await viewModel.merge(copies: files, prefer: prefer, dryRun: dryRun, deleteMerged: deleteMerged)
        display?.finish()
        context.console.message(text)
    }
}

extension StoreMerge.Preference: EnumeratedArgument {}

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
        guard let conflicts = try await SyncViewModel(app: context.app).mergeDriver(base: base, ours: ours, theirs: theirs) else { return }
        context.console.error(conflicts)
        throw CommandFailure(status: ExitStatus.notFound, message: nil)
    }
}
