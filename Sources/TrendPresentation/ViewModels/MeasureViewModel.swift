import Observation
import TrendCore

/// The measure screen (SPEC §16): a measurement logged; or each name's
/// latest value, trend and change over four weeks; or one name's entries.
@MainActor
@Observable
public final class MeasureViewModel {
    private let app: AppModel

    public enum Action: Equatable, Sendable {
        /// Every name: latest, trend, change over 4 weeks.
        case overview
        /// One name's entries.
        case list(name: String)
        /// A measurement as typed.
        case log(name: String, value: String, date: String?, note: String?, isNew: Bool)
    }

    public var action = Action.overview
    /// Log a value the tape's typo guard would refuse.
    public var force = false
    public var range: ProgressRange?
    public var since: CalendarDay?
    public var until: CalendarDay?
    public var display = Display()

    public private(set) var logged: MeasurementEntry?
    public private(set) var summaries: [MeasurementsReport.Summary] = []
    public private(set) var listed: [(entry: MeasurementEntry, trend: Double?)] = []
    /// Each record's id as the listing shows it: unique in the store.
    public private(set) var shortIDs = ShortIDs()

    public init(app: AppModel) {
        self.app = app
    }

    public var lengthUnit: LengthUnit { LengthUnit(weightUnit: unit) }
    /// The weight unit the length unit goes with.
    public var unit: WeightUnit { app.settingsFeature.unit }

    public func run() async throws {
        try PeriodError.check(since: since, until: until)
        try await app.loadSettings()
        if case .log = action {
            // The log reads the store under its lock, as `log` and `eat` do:
            // reading it before as well cost a ten-year history a third of
            // the command. A sync tool's copies are looked for still.
            app.syncFeature.refreshConflictCopies()
        } else {
            try await app.loadWeights()
        }
        let today = app.clock.today
        switch action {
        case .log(let name, let value, let date, let note, let isNew):
            let centimetres = try LengthInput.centimetres(parsing: value, defaultUnit: lengthUnit)
            let timestamp = try date.map { try app.clock.dateInput.timestamp(parsing: $0) } ?? app.clock.now
            logged = try await app.measurementFeature.log(
                name: name, centimetres: centimetres, at: timestamp, note: note, isNew: isNew, check: force ? .skipped : .shownIn(lengthUnit))
            summaries = MeasurementsReport(app.measurementFeature.entries, from: today, through: today.adding(days: 1), heightCentimetres: nil, sex: nil, scaleFatPercent: nil)?
                .summaries.filter { $0.name == logged?.name } ?? []
        case .overview:
            let through = until ?? today
            summaries = MeasurementsReport(app.measurementFeature.entries, from: through, through: through, heightCentimetres: nil, sex: nil, scaleFatPercent: nil)?.summaries ?? []
        case .list(let text):
            guard let name = MeasurementName(text.lowercased()), app.measurementFeature.measuredNames.contains(name) || name.isKnown else {
                throw LogError.unknownMeasurement(
                    name: text, closest: EditDistance.closest(to: text.lowercased(), among: MeasurementFeature.names(measured: app.measurementFeature.measuredNames)))
            }
            let named = app.measurementFeature.entries.filter { $0.name == name }
            let series = MeasurementSeries(named)
            let through = until ?? today
            let from = since ?? range?.firstDay(today: through)
            listed = named.filter { entry in (from.map { entry.calendarDay >= $0 } ?? true) && entry.calendarDay <= through }
                .map { ($0, series.trend(on: $0.calendarDay)) }
            shortIDs = ShortIDs(app.recordLogFeature.store)
        }
    }

    var hasNoMeasurements: Bool { app.measurementFeature.entries.isEmpty }

    public var document: MeasureDocument {
        let unit = lengthUnit
        func length(_ centimetres: Double?) -> Double? { centimetres.map { unit.roundedValue(fromCentimetres: $0) } }
        switch action {
        case .log:
            return .logged(logged.map { MeasurementDocument($0, unit: unit) }, trend: length(summaries.first?.trend))
        case .overview:
            return .overview(summaries.map {
                MeasureOverviewDocument(
                    name: $0.name.text, latest: MeasurementDocument($0.latest, unit: unit), trend: unit.roundedValue(fromCentimetres: $0.trend),
                    weeklyRate: length($0.weeklyRate), changeOverFourWeeks: length($0.changeOverFourWeeks))
            })
        case .list:
            return .listed(listed.map { MeasureListedDocument(entry: MeasurementDocument($0.entry, unit: unit), trend: length($0.trend)) })
        }
    }

    /// What the CSV lists: the entries listed, the one logged, or each name's latest.
    var csvEntries: [MeasurementEntry] {
        switch action {
        case .list: listed.map(\.entry)
        case .log: logged.map { [$0] } ?? []
        case .overview: summaries.map(\.latest)
        }
    }
}

public struct MeasureOverviewDocument: Encodable, Sendable {
    let name: String
    let latest: MeasurementDocument
    let trend: Double
    let weeklyRate: Double?
    let changeOverFourWeeks: Double?
}

public struct MeasureListedDocument: Encodable, Sendable {
    let entry: MeasurementDocument
    let trend: Double?

    enum CodingKeys: String, CodingKey { case trend }

    public func encode(to encoder: any Encoder) throws {
        try entry.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(trend, forKey: .trend)
    }
}

/// `measure --format json`: what was logged, every name, or one name's entries.
public enum MeasureDocument: Encodable, Sendable {
    case logged(MeasurementDocument?, trend: Double?)
    case overview([MeasureOverviewDocument])
    case listed([MeasureListedDocument])

    enum CodingKeys: String, CodingKey { case trend }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .logged(let entry, let trend):
            try entry.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(trend, forKey: .trend)
        case .overview(let rows): try rows.encode(to: encoder)
        case .listed(let rows): try rows.encode(to: encoder)
        }
    }
}
