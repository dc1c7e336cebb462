import Foundation
import Testing
import TestSupport
import TrendCore
@testable import TrendPresentation

/// Every JSON document SPEC names, for one fixed history, against the
/// golden copy kept beside these tests (`Golden/NAME.json`). A change to a
/// contract shows here as a diff to review; `TREND_UPDATE_GOLDENS=1`
/// rewrites the copies after such a review.
@MainActor
@Suite("JSON contracts")
struct DocumentGoldenTests {
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    /// Sixty days, body fat every third, notes, a goal with a plan, a height.
    static func fixture() -> (store: RecordStore, settings: Settings) {
        var entries: [WeightEntry] = []
        var generator = SeededGenerator(seed: 42)
        var weight = 84.0
        for day in 0..<60 where day % 7 != 3 {
            weight += Double.random(in: -0.45...0.35, using: &generator)
            let id = UUID(uuidString: String(format: "%08x-0000-4000-8000-%012x", 0x5000 + day, day))!
            let note: String? = day % 11 == 0 ? "after \"run\"" : nil
            let fat: Double? = day % 3 == 0 ? (21.5 + Double(day % 5) / 10) : nil
            entries.append(WeightEntry(id: id, timestamp: .local(2026, 10, 1, 7, 10, offsetHours: 1).adding(days: day), kilograms: (weight * 10).rounded() / 10, note: note, fatPercent: fat))
        }
        let plan = GoalPlan(start: CalendarDay(year: 2026, month: 11, day: 1)!, pace: .by(CalendarDay(year: 2027, month: 3, day: 1)!))
        return (RecordStore(entries: entries, goalKilograms: 78, goalPlan: plan), Settings(unit: .kilograms, heightCentimetres: 180))
    }

    func app() -> AppModel {
        let (store, settings) = Self.fixture()
        return AppModel(
            store: InMemoryStoreRepository(store: store), history: UnusedRepository(), copies: UnusedRepository(), exports: UnusedRepository(),
            settings: InMemorySettingsRepository(settings: settings),
            clock: .fixed(epochSeconds: TestAppModelFactory.now, timeZone: FixedOffsetTimeZone(offsetSeconds: 3600)))
    }

    func check(_ name: String, _ document: some Encodable, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let text = try DocumentEncoder().encode(document)
        let file = Self.goldens.appendingPathComponent(name + ".json")
        if ProcessInfo.processInfo.environment["TREND_UPDATE_GOLDENS"] == "1" {
            try Data(text.utf8).write(to: file)
        }
        let golden = try #require(try? String(contentsOf: file, encoding: .utf8), "no golden copy \(file.path)", sourceLocation: sourceLocation)
        #expect(text == golden, "\(name) differs from its golden copy", sourceLocation: sourceLocation)
    }

    @Test("progress --format json", arguments: [ProgressRange.month, .all])
    func progress(range: ProgressRange) async throws {
        let viewModel = ProgressViewModel(app: app())
        viewModel.range = range
        try await viewModel.load()
        try check("progress-\(range.rawValue)", viewModel.document)
    }

    @Test("list --format json, with estimated days")
    func list() async throws {
        let viewModel = ListViewModel(app: app())
        viewModel.selection = EntrySelection(range: .month)
        viewModel.showsEstimatedDays = true
        try await viewModel.load(streaming: false)
        try check("list", viewModel.document)
    }

    @Test("stats --format json", arguments: [PeriodStatistics.Period.week, .month])
    func stats(period: PeriodStatistics.Period) async throws {
        let viewModel = StatsViewModel(app: app())
        viewModel.period = period
        try await viewModel.load()
        try check("stats-\(period.rawValue)", viewModel.document)
    }

    @Test("status --format json")
    func status() async throws {
        let viewModel = StatusViewModel(app: app())
        try await viewModel.load()
        try check("status", try #require(viewModel.document))
    }

    @Test("last, goal and height --format json")
    func small() async throws {
        let model = app()
        let last = LastViewModel(app: model)
        try await last.load()
        try check("entry", try #require(last.document))
        let goal = GoalViewModel(app: model)
        try await goal.run()
        try check("goal", goal.document)
        let height = HeightViewModel(app: model)
        try await height.run()
        try check("height", height.document)
    }

    @Test("log --format json")
    func log() async throws {
        let viewModel = LogViewModel(app: app())
        viewModel.weight = "80.2"
        viewModel.date = "2026-11-29 18:00"
        try await viewModel.log()
        // A new weigh-in has a random id: the rest of the document is the contract.
        let document = try #require(viewModel.document)
        let text = try DocumentEncoder().encode(document).replacingOccurrences(of: viewModel.outcome!.entry.idText, with: "ID")
        let file = Self.goldens.appendingPathComponent("log.json")
        if ProcessInfo.processInfo.environment["TREND_UPDATE_GOLDENS"] == "1" { try Data(text.utf8).write(to: file) }
        #expect(text == (try? String(contentsOf: file, encoding: .utf8)))
    }

    @Test("undo --list --format json")
    func journal() throws {
        let at = Timestamp.local(2026, 11, 29, 7, 30, offsetHours: 1)
        let journal = ChangeJournal(
            steps: [
                JournalStep(at: at, command: "log 80.5", summary: ChangeSummary(goalChanged: false, counts: [.weighIn: ChangeSummary.Counts(added: 1)])),
                JournalStep(at: at, command: "goal 75", summary: ChangeSummary(goalChanged: true)),
            ], position: 1)
        try check("journal", JournalDocument(journal))
    }

    @Test("rm --format json, one and several")
    func removed() throws {
        let entries = Self.fixture().store.entries
        try check("removed-one", RemovedDocument.one(RecordDocument(AnyRecord(entries[0]), unit: .pounds)))
        try check("removed-several", RemovedDocument.several(entries.prefix(2).map { RecordDocument(AnyRecord($0), unit: .stones) }))
    }

    /// The fixture with intake on most days and the tape every week, a height and a sex.
    func appWithBody() -> AppModel {
        var (store, _) = Self.fixture()
        var generator = SeededGenerator(seed: 43)
        for day in 0..<60 where day % 6 != 2 {
            let id = UUID(uuidString: String(format: "%08x-0000-4000-8000-%012x", 0x6000 + day, day))!
            store.insert(IntakeEntry(id: id, timestamp: .local(2026, 10, 1, 13, offsetHours: 1).adding(days: day), kilocalories: Double.random(in: 1700...2300, using: &generator).rounded()))
        }
        for week in 0..<9 {
            for (offset, name, value) in [(0, "waist", 94 - 0.3 * Double(week)), (1, "neck", 39.0)] {
                let id = UUID(uuidString: String(format: "%08x-0000-4000-8000-%012x", 0x7000 + week * 2 + offset, week))!
                store.insert(MeasurementEntry(id: id, timestamp: .local(2026, 10, 2, 7, offset, offsetHours: 1).adding(days: week * 7), name: MeasurementName(name)!, centimetres: value))
            }
        }
        return AppModel(
            store: InMemoryStoreRepository(store: store), history: UnusedRepository(), copies: UnusedRepository(), exports: UnusedRepository(),
            settings: InMemorySettingsRepository(settings: Settings(unit: .kilograms, heightCentimetres: 180, sex: .male)),
            clock: .fixed(epochSeconds: TestAppModelFactory.now, timeZone: FixedOffsetTimeZone(offsetSeconds: 3600)))
    }

    @Test("progress --format json with intake and measurements: expenditure, what to eat, the tape")
    func progressWithBody() async throws {
        let viewModel = ProgressViewModel(app: appWithBody())
        try await viewModel.load()
        try check("progress-body", viewModel.document)
    }

    @Test("intake --format json, by day and by entry; measure --format json")
    func bodyListings() async throws {
        let model = appWithBody()
        let days = IntakeViewModel(app: model)
        days.since = CalendarDay(year: 2026, month: 11, day: 23)
        try await days.load()
        try check("intake-days", days.document)
        let entries = IntakeViewModel(app: model)
        entries.since = CalendarDay(year: 2026, month: 11, day: 23)
        entries.showsEntries = true
        try await entries.load()
        try check("intake-entries", entries.document)
        let overview = MeasureViewModel(app: model)
        try await overview.run()
        try check("measure-overview", overview.document)
        let waist = MeasureViewModel(app: model)
        waist.action = .list(name: "waist")
        waist.range = .month
        try await waist.run()
        try check("measure-waist", waist.document)
    }
}

