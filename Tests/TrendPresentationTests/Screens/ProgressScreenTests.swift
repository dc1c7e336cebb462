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
        (ProgressFormat.text, "me@example.com", nil, "--to and --subject are for --format email"),
        (.email, "me@example.com\nBcc: x@y.z", nil, "--to must be one line of text"), (.email, nil, " ", "--subject must be one line of text"),
    ] as [(ProgressFormat, String?, String?, String)])
    func mailHeaders(format: ProgressFormat, to: String?, subject: String?, message: String) async {
        let viewModel = ProgressViewModel(app: TestAppModelFactory.make())
        viewModel.mailTo = to
        viewModel.mailSubject = subject
        await #expect(throws: UsageProblem(message)) { try await viewModel.load(for: format) }
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
        #expect(viewModel.csvHeader.last == "unit")
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
