import Observation
import TrendCore

/// The marks screen (SPEC §21): the marks of a period (the last 90 days
/// unless asked otherwise), of every name or of one, as runs of days or
/// one row a mark with its id.
@MainActor
@Observable
public final class MarksViewModel {
    private let app: AppModel

    /// Only this name's marks.
    public var name: String?
    public var range: ProgressRange?
    public var since: CalendarDay?
    public var until: CalendarDay?
    /// One row per mark, with its short id, instead of one per run.
    public var showsEntries = false
    public var display = Display()

    public private(set) var marks: [DayMark] = []
    public private(set) var runs: [MarkRun] = []
    public private(set) var shortIDs = ShortIDs()

    /// Without a period, what `trend marks` lists: the last 90 days.
    public nonisolated static let defaultDays = 90

    public init(app: AppModel) {
        self.app = app
    }

    public func load() async throws {
        try PeriodError.check(since: since, until: until)
        try await app.loadSettings()
        try await app.loadWeights()
        let only = try name.map { try app.markFeature.name(parsing: $0) }
        let through = until ?? app.clock.today
        let from = since ?? range.map { $0.firstDay(today: through) } ?? (until == nil ? through.adding(days: 1 - Self.defaultDays) : nil)
        marks = app.markFeature.marks.filter { mark in
            (only.map { mark.name == $0 } ?? true) && (from.map { mark.day >= $0 } ?? true) && mark.day <= through
        }
        runs = MarkRun.runs(of: marks)
        shortIDs = ShortIDs(app.recordLogFeature.store)
    }

    var hasNoMarks: Bool { app.markFeature.marks.isEmpty }

    public var document: [MarkDocument] { marks.map(MarkDocument.init) }
}
