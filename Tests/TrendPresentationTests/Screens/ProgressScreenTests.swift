import Foundation
import Observation
import Synchronization
import Testing
import TestSupport
import TrendCore

@testable import TrendPresentation

/// Fifteen days losing a tenth a day, ending on the test clock's day.
@MainActor
func fifteenDays(goal: Double? = 75) -> RecordStore {
    let entries = (0..<15).map { day in
        WeightEntry(timestamp: Timestamp(epochSeconds: TestAppModelFactory.now - Int64(14 - day) * 86_400, utcOffsetSeconds: 0), kilograms: 82 - Double(day) / 10)
    }
    return RecordStore(entries: entries, goalKilograms: goal)
}

@MainActor
@Suite("Progress, status and stats screens")
struct ProgressScreenTests {
    @Test("setting the range asks the Feature to select it, and the report it prepares is the one shown")
    func rangeSetter() async throws {
        let app = TestAppModelFactory.make(repository: InMemoryStoreRepository(store: fifteenDays()))
        let viewModel = ProgressViewModel(app: app)
        try await viewModel.load()
        #expect(viewModel.report.range == .month)
        viewModel.range = .threeMonths
        #expect(app.progressFeature.range == .threeMonths)
        await app.progressFeature.prepared()
        #expect(viewModel.report.range == .threeMonths)
        #expect(viewModel.report.count == 15)
        #expect(!viewModel.isLoading)
        #expect(viewModel.headline.first?.value == WeightUnit.kilograms.format(kilograms: try #require(viewModel.report.trendKilograms)))
    }

    @Test("a screen observing the report is told when a new range's report arrives")
    func observed() async throws {
        let app = TestAppModelFactory.make(repository: InMemoryStoreRepository(store: fifteenDays()))
        let viewModel = ProgressViewModel(app: app)
        try await viewModel.load()
        let told = Told()
        withObservationTracking { _ = viewModel.report } onChange: { told.mark() }
        viewModel.range = .all
        await app.progressFeature.prepared()
        #expect(told.value)
    }

    @Test("a change elsewhere shows after reload, keeping the range")
    func reload() async throws {
        let repository = InMemoryStoreRepository(store: fifteenDays())
        let app = TestAppModelFactory.make(repository: repository)
        let viewModel = ProgressViewModel(app: app)
        viewModel.range = .year
        try await viewModel.load()
        let other = TestAppModelFactory.make(repository: repository)
        try await other.weightLogFeature.add(kilograms: 80, at: other.clock.now)
        try await viewModel.reload()
        #expect(viewModel.report.count == 16)
        #expect(viewModel.report.range == .year)
    }

    @Test("mail headers are for email only, and one line each", arguments: [
        (ProgressFormat.text, "me@example.com", nil, UsageProblem.Reason.mailFieldsWithoutMail),
        (.email, "me@example.com\nBcc: x@y.z", nil, .notOneLine(.to)), (.email, nil, " ", .notOneLine(.subject)),
    ] as [(ProgressFormat, String?, String?, UsageProblem.Reason)])
    func mailHeaders(format: ProgressFormat, to: String?, subject: String?, reason: UsageProblem.Reason) async {
        let viewModel = ProgressViewModel(app: TestAppModelFactory.make())
        viewModel.mailTo = to
        viewModel.mailSubject = subject
        await #expect(throws: UsageProblem(reason)) { try await viewModel.load(for: format) }
    }

    @Test("a picture outside what can be drawn is refused, naming the bounds")
    func pictureSize() throws {
        #expect(throws: UsageProblem.self) { try PictureSize(width: 100, height: nil, scale: nil) }
        #expect(throws: UsageProblem.self) { try PictureSize(width: 10_000, height: 10_000, scale: 2) }
        let size = try PictureSize(width: nil, height: 300, scale: 2)
        #expect((size.width, size.height, size.scale) == (800, 300, 2))
    }

    @Test("the status line shows the trend, its direction, what is left and the sparkline; ASCII without arrows or bars")
    func status() async throws {
        let app = TestAppModelFactory.make(repository: InMemoryStoreRepository(store: fifteenDays()))
        let viewModel = StatusViewModel(app: app)
        try await viewModel.load()
        let line = try #require(viewModel.line)
        #expect(line.hasPrefix(WeightUnit.kilograms.format(kilograms: try #require(viewModel.status?.trendKilograms)) + " ↓"))
        #expect(line.contains(" to go "))
        viewModel.ascii = true
        #expect(viewModel.line?.contains("↓") == false)
        #expect(viewModel.line?.contains(", ") == true)
    }

    @Test("stats by week: a row a period with its weigh-ins, and the CSV adds intake and expenditure only when there is intake")
    func stats() async throws {
        var store = fifteenDays()
        let app = TestAppModelFactory.make(repository: InMemoryStoreRepository(store: store))
        let viewModel = StatsViewModel(app: app)
        viewModel.period = .week
        try await viewModel.load()
        #expect(viewModel.rows.map(\.weighIns).reduce(0, +) == 15)
        #expect(viewModel.csvHeader.last == "in_progress")
        store.insert(IntakeEntry(timestamp: Timestamp(epochSeconds: TestAppModelFactory.now, utcOffsetSeconds: 0), kilocalories: 1800))
        let withIntake = StatsViewModel(app: TestAppModelFactory.make(repository: InMemoryStoreRepository(store: store)))
        withIntake.period = .week
        try await withIntake.load()
        #expect(withIntake.csvHeader.suffix(2) == ["average_intake", "expenditure"])
        #expect(withIntake.csvRows().last?.suffix(2) == ["1800", ""], "one day of intake is no expenditure yet")
    }
}

/// Set from an observation's change handler, which may run on any thread.
final class Told: Sendable {
    private let marked = Mutex(false)
    func mark() { marked.withLock { $0 = true } }
    var value: Bool { marked.withLock { $0 } }
}

/// Issue 64: a period is selected one way, whatever the order of the
/// setters and `load()`, with one report prepared per change.
@MainActor
@Suite("Progress: the period selected one way")
struct ProgressPeriodOrderTests {
    static let end = CalendarDay(year: 2026, month: 11, day: 20)!

    enum Order: String, CaseIterable, CustomTestStringConvertible {
        case untilThenRange, rangeThenUntil, rangeAfterLoad, untilAfterLoad, bothAfterLoad
        var testDescription: String { rawValue }
    }

    @Test("a range and an end day give the same report in any order, before load or after", arguments: Order.allCases)
    func anyOrder(_ order: Order) async throws {
        let store = fifteenDays()
        let app = TestAppModelFactory.make(repository: InMemoryStoreRepository(store: store))
        let viewModel = ProgressViewModel(app: app)
        switch order {
        case .untilThenRange:
            viewModel.until = Self.end
            viewModel.range = .month
            try await viewModel.load()
        case .rangeThenUntil:
            viewModel.range = .month
            viewModel.until = Self.end
            try await viewModel.load()
        case .rangeAfterLoad:
            viewModel.until = Self.end
            try await viewModel.load()
            viewModel.range = .month
        case .untilAfterLoad:
            viewModel.range = .month
            try await viewModel.load()
            viewModel.until = Self.end
        case .bothAfterLoad:
            try await viewModel.load()
            viewModel.range = .month
            viewModel.until = Self.end
        }
        await viewModel.prepared()
        let reference = ProgressReport.prepare(
            entries: store.entries, goalKilograms: store.goalKilograms, goalPlan: nil, heightCentimetres: nil, range: .month, today: app.clock.today,
            method: .default, since: nil, until: Self.end)
        #expect(viewModel.report.range == .month)
        #expect(viewModel.report.to == Self.end && viewModel.report.count == reference.count && viewModel.report.count > 0)
        #expect(viewModel.report.from == reference.from)
    }

    @Test("nothing is prepared before load; load prepares one report, and each later change one more")
    func oneReportPerChange() async throws {
        let app = TestAppModelFactory.make(repository: InMemoryStoreRepository(store: fifteenDays()))
        let viewModel = ProgressViewModel(app: app)
        viewModel.until = Self.end
        viewModel.range = .month
        viewModel.since = nil
        #expect(app.progressFeature.generation == 0)
        try await viewModel.load()
        #expect(app.progressFeature.generation == 1)
        viewModel.range = .threeMonths
        #expect(app.progressFeature.generation == 2)
        viewModel.until = nil
        #expect(app.progressFeature.generation == 3)
        await viewModel.prepared()
        #expect(viewModel.report.range == .threeMonths && viewModel.report.to == app.clock.today)
    }
}
