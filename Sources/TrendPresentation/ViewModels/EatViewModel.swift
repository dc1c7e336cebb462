import Observation
import TrendCore

/// The eat screen (SPEC §15): food energy as typed, and what logging it did.
@MainActor
@Observable
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
        var text = "Logged " + EntryRendering.summary(outcome.entry, unit: app.settingsFeature.unit) + "\n"
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
