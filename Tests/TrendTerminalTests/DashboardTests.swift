#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import TestSupport
import TrendCore
import TrendPresentation

@testable import TrendTerminal

@MainActor
@Suite("The dashboard's keys act through the ViewModels")
struct DashboardTests {
    let repository = InMemoryStoreRepository(store: fifteenDays())
    let app: AppModel
    let dashboard: Dashboard

    init() async throws {
        app = TestAppModelFactory.make(repository: repository)
        dashboard = Dashboard(app: app, display: Display(usesColor: false, isUTF8: true))
        try await dashboard.load()
    }

    @Test("a range key selects that range in the ViewModel, and the arrows step through them")
    func rangeKeys() async {
        await dashboard.type("3")
        #expect(dashboard.progress.range == .sixMonths)
        #expect(dashboard.progress.report.range == .sixMonths, "the report prepared for it is the one shown")
        await dashboard.type([.right, .right])
        #expect(dashboard.progress.range == .all)
        await dashboard.type([.right])
        #expect(dashboard.progress.range == .month, "round again")
        await dashboard.type([.left])
        #expect(dashboard.progress.range == .all)
    }

    @Test("Tab cycles through the series the data holds, and back to weight")
    func series() async {
        #expect(dashboard.progress.metric == .weight)
        await dashboard.type([.tab])
        #expect(dashboard.progress.metric == .weight, "weight is the only series logged")
        _ = try? await app.intakeFeature.log(kilocalories: 2000, at: app.clock.now, note: nil, force: false)
        try? await dashboard.progress.reload()
        await dashboard.type([.tab])
        #expect(dashboard.progress.metric == .intake)
        await dashboard.type([.tab])
        #expect(dashboard.progress.metric == .weight)
    }

    @Test("the prompt refuses a likely typo as log does, stores a good value, and Enter again overrules")
    func promptTypoGuard() async throws {
        await dashboard.type("l")
        #expect(dashboard.mode == .prompt(.weight))
        await dashboard.type("97.5")
        await dashboard.type([.enter])
        #expect(dashboard.message?.contains("far from your trend") == true, "\(dashboard.message ?? "")")
        #expect(await repository.store.entries.count == 15, "nothing stored")
        await dashboard.type([.escape])
        #expect(dashboard.mode == .chart)
        await dashboard.type("l")
        await dashboard.type("80.5")
        await dashboard.type([.enter])
        #expect(await repository.store.entries.count == 16)
        #expect(dashboard.message?.hasPrefix("Logged 80.5 kg") == true, "\(dashboard.message ?? "")")
        #expect(dashboard.mode == .chart)
        #expect(dashboard.message?.contains("Trend ") == true, "what log says after it: \(dashboard.message ?? "")")
        await dashboard.type("l")
        await dashboard.type("97.5")
        await dashboard.type([.enter, .enter])
        #expect(await repository.store.entries.count == 17, "the same value again is logged anyway, as --force does")
    }

    @Test("a value that cannot be read is refused with the command's message, and Esc leaves the prompt")
    func unreadable() async {
        await dashboard.type("e")
        await dashboard.type("lots")
        await dashboard.type([.enter])
        #expect(dashboard.message != nil)
        #expect(dashboard.mode == .prompt(.food))
        await dashboard.type([.backspace, .backspace, .backspace, .backspace])
        #expect(dashboard.typed.isEmpty)
        await dashboard.type([.escape])
        #expect(dashboard.mode == .chart)
    }

    @Test("the list selects the latest entry, moves within bounds, and deletes only after y")
    func listAndDelete() async throws {
        await dashboard.type("5L")
        #expect(dashboard.mode == .list)
        #expect(dashboard.selectedRow == 14)
        await dashboard.type([.down, .down])
        #expect(dashboard.selectedRow == 14)
        await dashboard.type([.pageUp, .pageUp, .up])
        #expect(dashboard.selectedRow == 0)
        await dashboard.type("d")
        #expect(dashboard.mode == .confirmingDelete)
        await dashboard.type("n")
        #expect(await repository.store.entries.count == 15, "any key but y keeps it")
        let first = await repository.store.entries.first?.id
        await dashboard.type("dy")
        #expect(await repository.store.entries.count == 14)
        #expect(await repository.store.entries.first?.id != first, "the selected one")
        #expect(dashboard.message?.hasPrefix("Removed") == true)
        await dashboard.type([.escape])
        #expect(dashboard.mode == .chart)
    }

    @Test("a change made elsewhere is shown once the store's identity changes")
    func changedElsewhere() async throws {
        await dashboard.refreshIfChangedElsewhere()
        #expect(dashboard.progress.report.count == 15)
        var store = fifteenDays()
        store.insert(WeightEntry(timestamp: app.clock.now, kilograms: 80.2))
        await repository.replaceElsewhere(with: store)
        await dashboard.refreshIfChangedElsewhere()
        #expect(dashboard.progress.report.count == 16)
    }

    @Test("q and Ctrl-C quit; ? shows help and any key goes back")
    func quitAndHelp() async {
        await dashboard.type("?")
        #expect(dashboard.mode == .help)
        await dashboard.type("x")
        #expect(dashboard.mode == .chart)
        #expect(dashboard.isRunning)
        await dashboard.type([.control("c")])
        #expect(!dashboard.isRunning)
    }

    @Test(
        "the layout fits the window, says when it is small, and draws nothing past the edge",
        arguments: [(100, 30), (80, 24), (70, 24), (50, 12)])
    func layout(columns: Int, rows: Int) {
        let screen = DashboardView(dashboard: dashboard, columns: columns, rows: rows).screen()
        let lines = screen.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == rows)
        #expect(lines.allSatisfy { $0.count <= columns })
        #expect(lines[0].contains("1M") && lines[0].contains("All"))
        #expect(lines[0].contains("Weight") || columns < 70, "the series, where it fits")
        #expect(lines[0].contains("small window") == (columns < 80 || rows < 24), "\(lines[0])")
        if rows >= 24 {
            #expect(screen.text.contains("┤"), "a chart")
            #expect(screen.text.contains("to go"), "the headline figures")
            #expect(lines[rows - 1].contains("range"), "the keys")
        }
    }
}
