import Observation
import TrendCore

/// The intake screen (SPEC §15): one row per day with intake (its entries,
/// total and the day's weigh-in trend), or with `entries` one per entry.
@MainActor
@Observable
public final class IntakeViewModel {
    private let app: AppModel

    public var range: ProgressRange?
    public var since: CalendarDay?
    public var until: CalendarDay?
    /// One row per entry, with its short id, instead of one per day.
    public var showsEntries = false
    public var display = Display()

    public private(set) var days: [IntakeDays.Day] = []
    public private(set) var entries: [IntakeEntry] = []
    /// Each record's id as the listing shows it: unique in the store.
    public private(set) var shortIDs = ShortIDs()
    /// The weigh-in trend of each day listed, by day number.
    private var trends: [Int: Double] = [:]

    public init(app: AppModel) {
        self.app = app
    }

    public func load() async throws {
        try PeriodError.check(since: since, until: until)
        try await app.loadSettings()
        try await app.loadWeights()
        let today = app.clock.today
        let through = until ?? today
        let from = since ?? range?.firstDay(today: through)
        let all = app.intakeFeature.entries
        entries = all.filter { entry in
            let day = entry.calendarDay
            return (from.map { day >= $0 } ?? true) && day <= through
        }
        days = IntakeDays.totals(entries)
        shortIDs = ShortIDs(app.recordLogFeature.store)
        trends = await app.trendFeature.dayTrends(days.map(\.day))
    }

    public var unit: WeightUnit { app.settingsFeature.unit }
    var hasNoIntake: Bool { app.intakeFeature.entries.isEmpty }
    func trend(_ day: CalendarDay) -> Double? { trends[day.dayNumber] }

    public var document: IntakeListDocument {
        showsEntries
            ? .entries(entries.map(IntakeEntryDocument.init))
            : .days(days.map { day in
                IntakeDayDocument(
                    day: day.day.description, entries: day.entries, kilocalories: (day.kilocalories * 100).rounded() / 100,
                    trend: trend(day.day).map { unit.roundedValue(fromKilograms: $0) })
            })
    }
}

public struct IntakeDayDocument: Encodable, Sendable {
    let day: String
    let entries: Int
    let kilocalories: Double
    let trend: Double?
}

/// `intake --format json`: days, or with `--entries` the entries.
public enum IntakeListDocument: Encodable, Sendable {
    case days([IntakeDayDocument])
    case entries([IntakeEntryDocument])

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .days(let days): try days.encode(to: encoder)
        case .entries(let entries): try entries.encode(to: encoder)
        }
    }
}
