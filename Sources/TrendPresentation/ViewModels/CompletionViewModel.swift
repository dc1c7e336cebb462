import Observation
import TrendCore

/// What the shell completion scripts offer (`trend __complete ids|names`),
/// one candidate per line. The scripts read these lines into their reply
/// as words; no stored text is ever passed through a shell expansion
/// (bash's `compgen -W` expands `$(…)` in its word list, so a note
/// imported from a file could run commands). A candidate is a short id
/// (hex) and, with `describe`, a tab and what the record is: text trend
/// makes, never a note or a file's cell.
@MainActor
@Observable
public final class CompletionViewModel {
    public enum Kind: String, CaseIterable, Sendable {
        case ids, names, marks
    }

    private let app: AppModel
    public var kind = Kind.ids
    /// What is typed so far.
    public var prefix = ""
    /// Follow each id with a tab and what the record is.
    public var describe = false

    public private(set) var lines: [String] = []

    public init(app: AppModel) {
        self.app = app
    }

    /// A damaged or missing store completes nothing, quietly.
    public func load() async {
        guard (try? await app.loadSettings()) != nil, (try? await app.loadWeights()) != nil else { return }
        switch kind {
        case .ids: lines = idLines()
        case .names:
            // Known places and names measured: [a-z][a-z0-9-]* only, nothing a shell could read as more.
            let typed = prefix.lowercased()
            lines = MeasurementFeature.names(measured: app.measurementFeature.measuredNames).filter { $0.hasPrefix(typed) }
        case .marks:
            // The names used before, then the usual ones: [a-z0-9-] only, nothing a shell could read as more.
            let typed = prefix.lowercased()
            var names = app.markFeature.namesUsed.map(\.text)
            for usual in ["period", "sick", "travel", "holiday", "salty"] where !names.contains(usual) { names.append(usual) }
            lines = names.filter { $0.hasPrefix(typed) }
        }
    }

    /// The records whose id starts with the prefix (case ignored), in the
    /// store's order; a prefix that is not hex matches nothing.
    private func idLines() -> [String] {
        let typed = prefix.lowercased()
        guard typed.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) || $0 == 45 }) else { return [] }
        let bytes = Array(typed.utf8)
        let unit = app.settingsFeature.unit
        let ids = ShortIDs(app.recordLogFeature.store)
        return app.recordLogFeature.store.allRecords.filter { EntryID.hasPrefix($0.recordID, bytes) }.map { record in
            guard describe else { return ids.text(of: record.recordID) }
            return ids.text(of: record.recordID) + "\t" + RecordPresentations.when(record) + " " + RecordPresentations.compact(record, unit: unit)
        }
    }
}
