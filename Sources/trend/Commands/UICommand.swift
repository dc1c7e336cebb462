import ArgumentParsing
import TrendCore
import TrendPresentation
import TrendTerminal

struct UICommand: TrendCommand {
    static let names = ["ui"]
    static let configuration = CommandConfiguration(names: names, abstract: "The dashboard: progress on a full screen that stays up to date.",
        discussion:
            "The range tabs, the chart, the trend, the weekly rate, what is left to the goal, what you burn and what to eat. Keys: 1-5 or the arrows choose the range, Tab the series, l, e and m log a weigh-in, food or a measurement (a note may follow the amount: 380 porridge), k marks today (Tab offers the names used), u and r undo and redo, L lists the entries of the series shown (d deletes one), ? shows them all, q quits; Ctrl-Z suspends. Pasted text is only typed into a prompt. A change made in another shell shows within two seconds.",
        options: [CommandTable.methodOption], examples: ["trend ui", "trend ui --unit lb"])

    init(_ values: ParsedValues) {}

    @MainActor func run(_ context: CommandContext) async throws {
        guard let terminal = SystemTerminal() else {
            throw CommandFailure(status: ExitStatus.usage, message: "Error: trend ui needs a terminal; use trend progress in scripts")
        }
        let session = DashboardSession(dashboard: Dashboard(app: context.app, display: context.display), terminal: terminal)
        // Ended by a signal: 128 + N, which says nothing was changed, only when nothing was (SPEC §2).
        if let signal = try await session.run(), context.app.recordLogFeature.changes.isEmpty {
            throw CommandFailure(status: 128 + signal, message: nil)
        }
    }
}
