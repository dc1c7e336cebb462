import TrendCore

/// The eat screen (SPEC §15): food energy as typed, and what logging it did.
@MainActor
public final class EatViewModel {
    private let app: AppModel

    /// `650`, `650kcal`, `2720kJ`.
    public var energy = ""
    public var date: String?
    public var note: String?
    /// Log it even when it looks like kJ typed as kcal, or repeats one of 2 minutes ago.
    public var force = false

    public private(set) var outcome: IntakeFeature.LogOutcome?

    public init(app: AppModel) {
        self.app = app
    }

    public func log() async throws {
        try await app.loadSettings()
        let kilocalories = try EnergyInput.kilocalories(parsing: energy)
        let timestamp = try date.map { try app.clock.dateInput.timestamp(parsing: $0) } ?? app.clock.now
        outcome = try await app.intakeFeature.log(kilocalories: kilocalories, at: timestamp, note: note, force: force)
    }

    /// The day's intake so far, with this entry.
    var dayTotal: IntakeDays.Day? {
        guard let entry = outcome?.entry else { return nil }
        return IntakeDays.totals(app.intakeFeature.entries, from: entry.calendarDay, through: entry.calendarDay).first
    }

    public var messages: [String] {
        guard let outcome, outcome.isRepeat else { return [] }
        return ["Already logged at \(outcome.entry.timestamp.clock(seconds: false)) (\(outcome.entry.shortID)); --force to log it again."]
    }

    public var document: LoggedIntakeDocument? {
        outcome.map { LoggedIntakeDocument(entry: IntakeEntryDocument($0.entry), dayTotal: dayTotal.map { Int($0.kilocalories.rounded()) }, alreadyLogged: $0.isRepeat) }
    }

    var text: String {
        guard let outcome, !outcome.isRepeat else { return "" }
        var text = "Logged " + EntryRendering.summary(outcome.entry) + "\n"
        if let day = dayTotal {
            text += "\(EntryRendering.longDate(day.day)): \(EntryRendering.kilocalories(day.kilocalories)) in \(day.entries) entr\(day.entries == 1 ? "y" : "ies")\n"
        }
        return text
    }
}

/// `eat --format json`: the entry, the day's total and whether it was already logged.
public struct LoggedIntakeDocument: Encodable, Sendable {
    let entry: IntakeEntryDocument
    let dayTotal: Int?
    let alreadyLogged: Bool

    enum CodingKeys: String, CodingKey { case dayTotal, alreadyLogged }

    public func encode(to encoder: any Encoder) throws {
        try entry.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(dayTotal, forKey: .dayTotal)
        try container.encode(alreadyLogged, forKey: .alreadyLogged)
    }
}

public enum EatFormat: String, OutputFormat {
    case text, json

    public var renderer: any Renderer<EatViewModel> {
        switch self {
        case .text: TextRenderer<EatViewModel> { $0.text }
        case .json: JSONRenderer<EatViewModel> { $0.document }
        }
    }
}

/// The intake screen (SPEC §15): one row per day with intake (its entries,
/// total and the day's weigh-in trend), or with `entries` one per entry.
@MainActor
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

public enum IntakeFormat: String, OutputFormat {
    case text, json, csv

    public var renderer: any Renderer<IntakeViewModel> {
        switch self {
        case .text: IntakeTextRenderer()
        case .json: JSONRenderer<IntakeViewModel> { $0.document }
        case .csv: IntakeCSVRenderer()
        }
    }
}

struct IntakeTextRenderer: Renderer {
    func render(_ model: IntakeViewModel, to output: any OutputWriter) throws {
        if model.showsEntries {
            guard !model.entries.isEmpty else { throw ScreenNote.message(model.hasNoIntake ? Messages.noIntakeYet : "No intake in that period.") }
            var table = TextTable(headers: ["ID", "DATE", "KCAL", "NOTE"], rightAligned: [2])
            for entry in model.entries {
                table.add([entry.shortID, EntryRendering.localDateTime(entry.timestamp), EntryRendering.grouped(Int(entry.kilocalories.rounded())), entry.note?.terminalSafe ?? ""])
            }
            output.write(table.rendered(display: model.display))
            return
        }
        guard !model.days.isEmpty else { throw ScreenNote.message(model.hasNoIntake ? Messages.noIntakeYet : "No intake in that period.") }
        var table = TextTable(headers: ["DAY", "ENTRIES", "KCAL", "TREND"], rightAligned: [1, 2, 3])
        for day in model.days {
            table.add([day.day.description, String(day.entries), EntryRendering.grouped(Int(day.kilocalories.rounded())), model.trend(day.day).map { model.unit.format(kilograms: $0) } ?? ""])
        }
        output.write(table.rendered(display: model.display))
    }
}

/// Re-importable (SPEC §15): `date,kcal,note` per entry, or `date,kcal` per day.
struct IntakeCSVRenderer: Renderer {
    func render(_ model: IntakeViewModel, to output: any OutputWriter) throws {
        var out = ""
        if model.showsEntries {
            out = "date,kcal,note\n"
            for entry in model.entries {
                out += [entry.timestamp.iso8601, DecimalText.shortest(entry.kilocalories), CSVField.quoted(entry.note ?? "")].joined(separator: ",") + "\n"
            }
        } else {
            out = "date,kcal\n"
            for day in model.days { out += day.day.description + "," + DecimalText.shortest(day.kilocalories) + "\n" }
        }
        output.write(out)
    }
}
