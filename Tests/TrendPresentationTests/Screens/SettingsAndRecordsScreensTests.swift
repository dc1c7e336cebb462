import Foundation
import Testing
import TestSupport
import TrendCore

@testable import TrendPresentation

@MainActor
@Suite("Goal, height, unit, info, eat, intake and measure screens")
struct SettingsAndRecordsScreensTests {
    @Test("a goal with a date sets the plan; a goal in the wrong unit is refused unless forced; clearing clears both")
    func goal() async throws {
        let repository = InMemoryStoreRepository(store: fifteenDays(goal: nil))
        let app = TestAppModelFactory.make(repository: repository)
        await app.recordLogFeature.refresh()
        let viewModel = GoalViewModel(app: app)
        viewModel.action = .set(weight: "76", by: "2027-06-01", rate: nil)
        try await viewModel.run()
        #expect(viewModel.goalKilograms == 76)
        #expect(viewModel.plan != nil)
        #expect(viewModel.document.goal == 76)
        let wrongUnit = GoalViewModel(app: app)
        wrongUnit.action = .set(weight: "170", by: nil, rate: nil)
        await #expect(throws: LogError.self) { try await wrongUnit.run() }
        #expect(await repository.store.goalKilograms == 76)
        let clear = GoalViewModel(app: app)
        clear.action = .clear
        try await clear.run()
        #expect(clear.goalKilograms == nil && clear.plan == nil)
        #expect(clear.messages(showingJSON: false) == ["Goal cleared."])
    }

    @Test("a height is kept in centimetres, in any spelling, and out-of-range ones are refused")
    func height() async throws {
        let app = TestAppModelFactory.make()
        let viewModel = HeightViewModel(app: app)
        viewModel.action = .set("5ft 11in")
        try await viewModel.run()
        #expect(abs((viewModel.centimetres ?? 0) - 180.34) < 1e-9)
        let tall = HeightViewModel(app: app)
        tall.action = .set("400cm")
        await #expect(throws: (any Error).self) { try await tall.run() }
    }

    @Test("the unit, method and sex are saved and read back")
    func preferences() async throws {
        let app = TestAppModelFactory.make()
        let viewModel = PreferenceViewModel(app: app)
        #expect(try await viewModel.setUnit(.pounds) == "Unit set to lb (pounds).")
        #expect(try await viewModel.savedUnit() == "lb")
        _ = try await viewModel.setMethod(.libra)
        #expect(try await viewModel.savedMethod() == "libra")
        _ = try await viewModel.setSex(.female)
        #expect(app.settingsFeature.sex == .female)
    }

    @Test("info counts every kind of record and names the unit and method")
    func info() async throws {
        var store = fifteenDays()
        store.insert(IntakeEntry(timestamp: Timestamp(epochSeconds: TestAppModelFactory.now, utcOffsetSeconds: 0), kilocalories: 600))
        let viewModel = InfoViewModel(app: TestAppModelFactory.make(repository: InMemoryStoreRepository(store: store)))
        await viewModel.load()
        let facts = try #require(viewModel.facts)
        #expect(facts.count == 15 && facts.kinds.map(\.count) == [15, 1, 0, 0])
        #expect(viewModel.text.contains("trendweight"))
        #expect(viewModel.loadError == nil)
    }

    @Test("eating logs kcal and kJ alike and shows the day's total; a day's worth at once needs force")
    func eat() async throws {
        let repository = InMemoryStoreRepository()
        let app = TestAppModelFactory.make(repository: repository)
        let lunch = EatViewModel(app: app)
        lunch.energy = "2720kJ"
        try await lunch.log()
        #expect(abs((lunch.outcome?.entry.kilocalories ?? 0) - 2720 / 4.184) < 1e-9)
        let dinner = EatViewModel(app: app)
        dinner.energy = "700"
        try await dinner.log()
        #expect(dinner.text.contains(": 1,350 kcal in 2 entries"))
        let feast = EatViewModel(app: app)
        feast.energy = "8750"
        await #expect(throws: LogError.self) { try await feast.log() }
        #expect(await repository.store.intake.count == 2)
    }

    @Test("intake is listed a day a row with its total, or an entry a row")
    func intake() async throws {
        var store = fifteenDays()
        let noon = Timestamp(epochSeconds: TestAppModelFactory.now - 86_400, utcOffsetSeconds: 0)
        store.insert(IntakeEntry(timestamp: noon, kilocalories: 600))
        store.insert(IntakeEntry(timestamp: noon.adding(days: 0).moved(seconds: 3600), kilocalories: 900))
        let app = TestAppModelFactory.make(repository: InMemoryStoreRepository(store: store))
        let days = IntakeViewModel(app: app)
        try await days.load()
        #expect(days.days.map(\.kilocalories) == [1500])
        let entries = IntakeViewModel(app: app)
        entries.showsEntries = true
        try await entries.load()
        #expect(entries.entries.map(\.kilocalories) == [600, 900])
    }

    @Test("a tape typo on a known name is refused; the overview gives each name's latest value")
    func measure() async throws {
        let app = TestAppModelFactory.make()
        let first = MeasureViewModel(app: app)
        first.action = .log(name: "waist", value: "94", date: "2026-11-01", note: nil, isNew: false)
        try await first.run()
        #expect(first.logged?.centimetres == 94)
        let unknown = MeasureViewModel(app: app)
        unknown.action = .log(name: "wasit", value: "94", date: nil, note: nil, isNew: false)
        await #expect(throws: LogError.self) { try await unknown.run() }
        let overview = MeasureViewModel(app: app)
        try await overview.run()
        #expect(overview.summaries.map(\.name.text) == ["waist"])
        #expect(overview.csvEntries.count == 1)
    }
}

extension Timestamp {
    func moved(seconds: Int64) -> Timestamp { Timestamp(epochSeconds: epochSeconds + seconds, utcOffsetSeconds: utcOffsetSeconds) }
}
