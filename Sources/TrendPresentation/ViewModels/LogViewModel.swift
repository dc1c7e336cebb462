import Observation
import TrendCore

/// The log screen (SPEC §4): a weigh-in as typed, and what logging it did.
@MainActor
@Observable
public final class LogViewModel {
    private let app: AppModel

    /// The weight as typed (`80.5`, `177.4lb`, `12st 6.5lb`); a bare number is in the display unit.
    public var weight = ""
    /// The date as typed; now when nil.
    public var date: String?
    public var note: String?
    /// Body fat as typed (`22.4`, `22.4%`).
    public var fat: String?
    /// Log it even when it looks like a typo, or repeats one of 2 minutes ago.
    public var force = false

    public private(set) var outcome: WeightLogFeature.LogOutcome?
    public private(set) var trend: TrendFeature.LoggedTrend?

    public init(app: AppModel) {
        self.app = app
    }

    public var unit: WeightUnit { app.settingsFeature.unit }

    /// Reads what was typed and logs it.
    public func log() async throws {
        try await app.loadSettings()
        let kilograms = try WeightInput.kilograms(parsing: weight, defaultUnit: unit)
        let fatPercent = try fat.map(WeightInput.fatPercent(parsing:))
        let timestamp = try date.map { try app.clock.dateInput.timestamp(parsing: $0) } ?? app.clock.now
        let outcome = try await app.weightLogFeature.log(
            kilograms: kilograms, at: timestamp, note: note, fatPercent: fatPercent, check: force ? .skipped : .typedIn(unit))
        self.outcome = outcome
        trend = await app.trendFeature.trend(for: outcome.entry)
    }

    /// What is said on the message stream before the data: a repeat, a unit hint.
    public var messages: [String] {
        guard let outcome else { return [] }
        let entry = outcome.entry
        var messages: [String] = []
        if outcome.isRepeat {
            messages.append("Already logged at \(entry.timestamp.clock(seconds: false)) (\(entry.shortID)); --force to log it again.")
        }
        if outcome.mayBePounds {
            messages.append(
                "hint: \(unit.format(kilograms: entry.kilograms)) is heavy for a first weigh-in; if you weigh in pounds, run 'trend unit lb' and edit it with 'trend edit \(entry.shortID) --weight \(weight)'.")
        }
        return messages
    }

    public var document: LoggedEntryDocument? {
        guard let outcome else { return nil }
        return LoggedEntryDocument(
            entry: EntryDocument(outcome.entry, unit: unit), trend: DisplayRounding.weight(trend?.trendKilograms, unit),
            weeklyRate: DisplayRounding.weight(trend?.weeklyRateKilograms, unit), alreadyLogged: outcome.isRepeat)
    }

    /// `Logged 80.5 kg on …`, then the trend; nothing for a repeat.
    var text: String {
        guard let outcome, !outcome.isRepeat else { return "" }
        var text = "Logged " + EntryRendering.summary(outcome.entry, unit: unit) + "\n"
        if let trend {
            let rate = trend.weeklyRateKilograms.map { ", " + EntryRendering.weeklyRate($0, unit: unit) } ?? ""
            if trend.isBackfill {
                text += "Trend on \(EntryRendering.dayMonth(trend.day)) \(unit.format(kilograms: trend.trendKilograms)); "
                text += "now \(unit.format(kilograms: trend.latestTrendKilograms))\(rate)\n"
            } else {
                text += "Trend \(unit.format(kilograms: trend.trendKilograms))\(rate)\n"
            }
        }
        return text
    }
}