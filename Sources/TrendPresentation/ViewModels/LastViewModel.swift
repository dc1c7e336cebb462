import Observation
import TrendCore

/// The last screen (SPEC §4): the latest weigh-in, and whether it is older
/// than a cron reminder allows.
@MainActor
@Observable
public final class LastViewModel {
    private let app: AppModel

    /// With one, `isTooOld` answers the reminder.
    public var maxAge: ElapsedTime?

    public init(app: AppModel) {
        self.app = app
    }

    public func load() async throws {
        try await app.loadSettings()
        try await app.loadWeights()
    }

    public var unit: WeightUnit { app.settingsFeature.unit }
    public var latest: WeightEntry? { app.weightLogFeature.latestEntry }
    public var document: EntryDocument? { latest.map { EntryDocument($0, unit: unit) } }
    var text: String { latest.map { EntryRendering.summary($0, unit: unit) + "\n" } ?? "" }

    /// The latest weigh-in is strictly older than `maxAge` (SPEC §4).
    public var isTooOld: Bool {
        guard let maxAge else { return false }
        return app.weightLogFeature.isLatestEntry(olderThanSeconds: maxAge.seconds)
    }

    /// `The latest weigh-in is 2 d 3 h old, more than 20h.`
    public var tooOldMessage: String? {
        guard isTooOld, let maxAge, let age = app.weightLogFeature.latestEntryAgeSeconds else { return nil }
        return "The latest weigh-in is \(ElapsedTime.describe(seconds: age)) old, more than \(maxAge.text)."
    }
}
