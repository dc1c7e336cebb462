import Testing
import TestSupport
import TrendCore
import TrendPresentation

@testable import TrendTerminal

/// SPEC §19's round two: prompts that take what the commands take, pastes
/// that are text, a list of the series on screen, a delete that names what
/// it deletes, the dashboard's own words, and changes named for the hook.
@MainActor
@Suite("The dashboard's prompts, pastes and lists, round two")
struct DashboardRoundTwoTests {
    let repository = InMemoryStoreRepository(store: fifteenDays())
    let app: AppModel
    let dashboard: Dashboard

    init() async throws {
        app = TestAppModelFactory.make(repository: repository)
        dashboard = Dashboard(app: app, display: Display(usesColor: false, isUTF8: true))
        try await dashboard.load()
    }

    @Test("an amount then a note: 380 porridge is 380 kcal noted porridge; 81.3 after run; waist 84.5 tape")
    func amountAndNote() async throws {
        await dashboard.type("e")
        await dashboard.type("380 porridge")
        await dashboard.type([.enter])
        let meal = try #require(await repository.store.intake.first)
        #expect(meal.kilocalories == 380 && meal.note == "porridge", "\(dashboard.message ?? "")")
        await dashboard.type("l")
        await dashboard.type("81.3 after run")
        await dashboard.type([.enter])
        let weighIn = try #require(await repository.store.entries.first { $0.note != nil }, "\(dashboard.message ?? "")")
        #expect(weighIn.kilograms == 81.3 && weighIn.note == "after run")
        await dashboard.type("m")
        await dashboard.type("waist 84.5 tape at the navel")
        await dashboard.type([.enter])
        let measured = try #require(await repository.store.measurements.last)
        #expect(measured.centimetres == 84.5 && measured.note == "tape at the navel", "\(dashboard.message ?? "")")
        await dashboard.type("e")
        await dashboard.type("650 kcal")
        await dashboard.type([.enter])
        let plain = try #require(await repository.store.intake.first { $0.kilocalories == 650 }, "\(dashboard.message ?? "")")
        #expect(plain.note == nil, "a unit is part of the amount, not a note")
    }

    @Test("each change reaches the hook named as the command that would have made it")
    func namedForTheHook() async throws {
        await dashboard.type("l")
        await dashboard.type("81.3 after run")
        await dashboard.type([.enter])
        #expect(app.recordLogFeature.changes.map(\.command) == ["log 81.3 --note 'after run'"], "\(dashboard.message ?? "")")
    }

    @Test("a paste into a prompt is typed up to its first line break; with no prompt open it is ignored")
    func pastes() async throws {
        await dashboard.type("e")
        await dashboard.type([.paste("650\nLdy")])
        #expect(dashboard.typed == "650")
        #expect(dashboard.mode == .prompt(.food))
        await dashboard.type([.enter])
        #expect(await repository.store.intake.count == 1)
        #expect(dashboard.mode == .chart)
        await dashboard.type([.paste("Ldyq3")])
        #expect(dashboard.mode == .chart && dashboard.isRunning)
        #expect(dashboard.progress.range == .month)
        #expect(await repository.store.entries.count == 15)
        await dashboard.type("L")
        await dashboard.type([.paste("dy")])
        #expect(dashboard.mode == .list, "no delete asked")
        #expect(await repository.store.entries.count == 15)
    }

    @Test("a repeat within two minutes is said in the dashboard's words, and Enter again logs it")
    func repeatInItsOwnWords() async throws {
        await dashboard.type("e")
        await dashboard.type("650")
        await dashboard.type([.enter])
        await dashboard.type("e")
        await dashboard.type("650")
        await dashboard.type([.enter])
        let message = try #require(dashboard.message)
        #expect(message.contains("Already logged") && message.contains("Enter again"), "\(message)")
        #expect(!message.contains("--force"), "\(message)")
        #expect(await repository.store.intake.count == 1)
        await dashboard.type([.enter])
        #expect(await repository.store.intake.count == 2)
        #expect(app.recordLogFeature.changes.last?.command == "eat 650 --force")
    }

    @Test("L lists the series on screen: intake entries from intake, a measurement's from its tab")
    func listsTheSeriesShown() async throws {
        _ = try await app.intakeFeature.log(kilocalories: 1750, at: Timestamp.local(2026, 11, 29, 13), note: "lunch")
        _ = try await app.measurementFeature.log(name: "waist", centimetres: 91, at: Timestamp.local(2026, 11, 28, 7), note: nil, isNew: false, check: .skipped)
        try await dashboard.progress.reload()
        await dashboard.type("L")
        #expect(dashboard.listing.rows.count == 15, "weigh-ins from the weight tab")
        await dashboard.type([.escape, .tab])
        #expect(dashboard.progress.metric == .intake)
        await dashboard.type("L")
        #expect(dashboard.listing.rows.map(\.named) == ["1,750 kcal on 29 Nov 13:00"])
        #expect(dashboard.listing.rows.first?.line.contains("lunch") == true)
        await dashboard.type([.escape, .tab])
        #expect(dashboard.progress.metric == .measurement(.waist))
        await dashboard.type("L")
        #expect(dashboard.listing.rows.map(\.named) == ["waist 91.0 cm on 28 Nov 07:00"])
    }

    @Test("d names what it deletes, and y deletes that one")
    func deleteNamesTheEntry() async throws {
        _ = try await app.intakeFeature.log(kilocalories: 1750, at: Timestamp.local(2026, 11, 3, 13), note: nil)
        try await dashboard.progress.reload()
        await dashboard.type([.tab])
        await dashboard.type("L")
        await dashboard.type("d")
        let screen = DashboardView(dashboard: dashboard, columns: 100, rows: 30).screen()
        #expect(screen.text(ofRow: 29).hasPrefix(" Delete 1,750 kcal on 3 Nov 13:00? y/n"), "\(screen.text(ofRow: 29))")
        await dashboard.type("y")
        #expect(await repository.store.intake.isEmpty)
        #expect(await repository.store.entries.count == 15)
    }

    @Test("wide text at a prompt stays on its row: the end of it shows, the cursor after it", arguments: [100, 70, 40])
    func widePrompt(columns: Int) async throws {
        await dashboard.type("e")
        await dashboard.type("650 " + String(repeating: "朝ごはんの", count: 30))
        let screen = DashboardView(dashboard: dashboard, columns: columns, rows: 24).screen()
        let row = screen.text(ofRow: 23)
        #expect(DisplayWidth.of(row) <= columns, "\(row)")
        #expect(row.hasSuffix("の▏"), "\(row)")
        #expect(row.hasPrefix(" eat kcal [note]: …"), "\(row)")
    }

    @Test("k offers the names marked before, Tab fills them in turn, and Enter marks today with a note")
    func markToday() async throws {
        let today = app.clock.today
        try await app.markFeature.mark(MarkName("period")!, from: today.adding(days: -3), days: 2)
        try await app.markFeature.mark(MarkName("sick")!, from: today.adding(days: -1))
        await dashboard.type("k")
        #expect(dashboard.mode == .prompt(.mark))
        let offered = DashboardView(dashboard: dashboard, columns: 100, rows: 30).screen().text(ofRow: 29)
        #expect(offered.contains("Tab: sick, period"), "the latest first: \(offered)")
        await dashboard.type([.tab])
        #expect(dashboard.typed == "sick")
        await dashboard.type([.tab])
        #expect(dashboard.typed == "period")
        await dashboard.type(" back pain")
        await dashboard.type([.enter])
        let marked = try #require(await repository.store.marks.first { $0.day == today })
        #expect(marked.name.text == "period" && marked.note == "back pain", "\(dashboard.message ?? "")")
        #expect(dashboard.message?.hasPrefix("Marked period on 30 Nov 2026") == true, "\(dashboard.message ?? "")")
        #expect(app.recordLogFeature.changes.last?.command == "mark period --note 'back pain'")
        for (columns, rows) in [(100, 30), (80, 24)] {
            let lines = DashboardView(dashboard: dashboard, columns: columns, rows: rows).screen().text.split(separator: "\n")
            #expect(lines.contains { $0.contains("trend") && $0.contains("period") && $0.contains("sick") }, "the chart's legend names the marks at \(columns)×\(rows)")
        }
        await dashboard.type("k")
        await dashboard.type("period")
        await dashboard.type([.enter])
        #expect(dashboard.message?.hasPrefix("Already marked period") == true, "\(dashboard.message ?? "")")
    }

    @Test("a measurement name not used before is refused once, and Enter again starts it, as --new does")
    func newMeasurementName() async throws {
        await dashboard.type("m")
        await dashboard.type("bust 92")
        await dashboard.type([.enter])
        #expect(dashboard.message?.contains("Enter again to start measuring it") == true, "\(dashboard.message ?? "")")
        #expect(dashboard.message?.contains("--new") == false)
        #expect(await repository.store.measurements.isEmpty)
        await dashboard.type([.enter])
        #expect(await repository.store.measurements.first?.name.text == "bust", "\(dashboard.message ?? "")")
        #expect(app.recordLogFeature.changes.last?.command == "measure bust 92 --new --force")
    }
}
