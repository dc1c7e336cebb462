import Observation
import TrendCore

/// The status line (SPEC §8): for a shell prompt or a status bar.
@MainActor
@Observable
public final class StatusViewModel {
    private let app: AppModel
    /// No arrows and no bars (`--ascii`, or a locale that is not UTF-8).
    public var ascii = false

    public private(set) var status: StatusSummary?

    public init(app: AppModel) {
        self.app = app
    }

    public func load() async throws {
        try await app.loadSettings()
        try await app.loadWeights()
        status = await app.trendFeature.status()
    }

    public var unit: WeightUnit { app.settingsFeature.unit }
    public var document: StatusDocument? { status.map { StatusDocument($0, unit: unit) } }

    /// `80.6 kg ↓0.2/wk · 5.6 to go ▆▅▅▄▃▃▂`; ASCII: `80.6 kg -0.2/wk, 5.6 to go`.
    var line: String? {
        guard let status else { return nil }
        var parts = [unit.format(kilograms: status.trendKilograms)]
        if let rate = status.weeklyRateKilograms {
            // The direction is the rate's as shown: one that rounds to 0.0 is flat.
            let (value, _) = unit.roundedChange(kilograms: rate)
            let tenths = Decimal1.text(abs(value))
            let direction = value < 0 ? -1 : value > 0 ? 1 : 0
            if ascii {
                parts[0] += " " + (direction < 0 ? "-" : direction > 0 ? "+" : "") + tenths + "/wk"
            } else {
                parts[0] += " " + (direction < 0 ? "↓" : direction > 0 ? "↑" : "→") + tenths + "/wk"
            }
        }
        if let reached = status.goalReached, let remaining = status.remainingKilograms {
            parts.append(reached ? (ascii ? "goal reached" : "goal ✓") : unit.formatPlain(kilograms: abs(remaining)) + " to go")
        }
        // Joined by hand: the standard library's generic `joined(separator:)`
        // looks its element type up by name the first time, a search of
        // every conformance in the binary, on every run of a one-line command.
        let separator = ascii ? ", " : " · "
        var line = parts[0]
        for part in parts.dropFirst() { line += separator + part }
        if !ascii, status.recentTrendKilograms.count > 1 { line += " " + Self.sparkline(status.recentTrendKilograms) }
        return line
    }

    /// Eight heights of bar from the lowest to the highest value; a flat line is all middle bars.
    static func sparkline(_ values: [Double]) -> String {
        let bars: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
        guard let low = values.min(), let high = values.max() else { return "" }
        guard high - low > 1e-9 else { return String(repeating: "▄", count: values.count) }
        return String(values.map { bars[min(7, Int((($0 - low) / (high - low) * 7).rounded()))] })
    }
}